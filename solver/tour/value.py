"""The value the tour hint maximises: a weighted sum of a sheet's changes.

Fans and fame are the final score, so each is worth one point (10 tenths).
The rest is priced by what it buys later:
- cash: 0.4 point per $ (a $4 mechanic or a $2 entry is worth ~1-2 points of score);
- hype: 0.8 point (2 hype buy +1 show, which is +1 fan on a won show and often the win);
- morale: 1.5 points (losing it all costs a whole week);
- van: 0.5 point; shirts: 0.1 point (a restock costs $0.5 a shirt);
- a skill star: 1.5 points; a skill level: 3 more (+1 on every later show);
- a song box: 3 points; an album: 2 points on top of its printed fame and fans
  (its +1 show for the rest of the tour), the used boxes being spent.
Weights are integers in tenths of a point so that CP-SAT works on integers.
"""

from __future__ import annotations

from typing import Any

WEIGHTS: dict[str, int] = {
    "fans": 10,
    "fame": 10,
    "cash": 4,
    "hype": 8,
    "morale": 15,
    "van": 5,
    "shirts": 1,
    "stars": 15,
    "skill": 30,
    "boxes": 30,
    "albums": 20,
}
SCALE = 10  # tenths of a point


def deltas(before: dict[str, Any], after: dict[str, Any]) -> dict[str, int]:
    """How each valued counter of a sheet changed."""
    return {key: int(after[key]) - int(before[key]) for key in WEIGHTS}


def value(before: dict[str, Any], after: dict[str, Any]) -> int:
    """The weighted change between two versions of one sheet, in tenths of a point."""
    return sum(WEIGHTS[k] * d for k, d in deltas(before, after).items())
