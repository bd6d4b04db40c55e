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

``week_weights`` adjusts them to the week: in the last week only the final
score counts (fans and fame; the other weights only break ties), and a song
box ticked when too few weeks remain to fill the row is worth nothing.
"""

from __future__ import annotations

from typing import Any

from services.tour.content import content

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
#: in the last week the tie-break weights count this many times less than the score
TIE_SCALE = 10_000
SCORE = ("fans", "fame")

Weights = dict[str, int]


def week_weights(week: int, boxes: int) -> tuple[Weights, Weights | None]:
    """(weights, tie-break weights or None) for a sheet with ``boxes`` ticked in ``week``.

    The last week: the final score is fans + fame and nothing else is left to
    buy, so the weights are the score's alone and the usual weights only order
    plans of equal score.  Earlier: a box ticked this week becomes part of an
    album only if the weeks left after it can tick the rest, one a week; when
    they cannot, the box is worth 0.
    """
    data = content()
    last = data["weeks"]
    weights = dict(WEIGHTS)
    if boxes + 1 + max(0, last - week) < data["songs"]["boxes_per_album"]:
        weights["boxes"] = 0
    if week >= last:
        return {k: (WEIGHTS[k] if k in SCORE else 0) for k in WEIGHTS}, weights
    return weights, None


def deltas(before: dict[str, Any], after: dict[str, Any]) -> dict[str, int]:
    """How each valued counter of a sheet changed."""
    return {key: int(after[key]) - int(before[key]) for key in WEIGHTS}


def value(before: dict[str, Any], after: dict[str, Any], weights: Weights | None = None) -> int:
    """The weighted change between two versions of one sheet, in tenths of a point."""
    w = WEIGHTS if weights is None else weights
    return sum(w[k] * d for k, d in deltas(before, after).items())
