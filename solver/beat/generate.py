"""Generating a Beat puzzle of a given grade: a bounded search over dealt venues.

Candidates are deals the engine lays out from a stream of seeds derived from the
request (venue, seats, grade, ``start``), each graded by :mod:`solver.beat.grade`;
the first whose grade matches (and, with ``unique``, that has exactly one winning
line, symmetric swaps folded: see :mod:`solver.beat.lines`) is returned with its code.
The search stops at the budget and says so: ``found: false`` with how many deals
were tried and the grades they had, never a puzzle of another grade.
"""

from __future__ import annotations

import hashlib
import time
from collections import Counter
from typing import Any

from services.beat import GAME
from solver.beat import grade_api as GA

#: the deadline of one candidate's grading, as a share of the budget left (a hard
#: candidate must not eat the whole search)
CANDIDATE_SHARE = 0.5


def candidate_seed(venue: str, players: int, grade: int, start: int, i: int) -> int:
    """The ``i``-th candidate's seed: fixed by the request, so a search is repeatable."""
    h = hashlib.sha256(f"{venue}/{players}/{grade}/{start}/{i}".encode()).digest()
    return int.from_bytes(h[:7], "big")


def generate(
    venue: str,
    players: int,
    grade: int,
    unique: bool,
    budget_s: float,
    start: int = 0,
    max_candidates: int | None = None,
    nodes: int | None = None,
) -> dict[str, Any]:
    """A puzzle of ``grade`` at ``venue`` for ``players`` seats, or an honest not-found.

    ``max_candidates`` and ``nodes`` bound the work without a clock (the daily
    puzzle uses them so that every process finds the same puzzle)."""
    t0 = time.monotonic()
    end = t0 + budget_s
    seen: Counter[str] = Counter()
    i = 0
    while time.monotonic() < end and (max_candidates is None or i < max_candidates):
        seed = candidate_seed(venue, players, grade, start, i)
        i += 1
        state = GAME.new(players, {"venue": venue, "mode": "puzzle"}, seed)
        left = end - time.monotonic()
        deadline = (
            float("inf")
            if max_candidates is not None
            else time.monotonic() + max(0.5, CANDIDATE_SHARE * left)
        )
        rep = GA.graded(state, deadline, nodes)
        seen[_label(rep)] += 1
        if rep["grade"] == grade and (not unique or rep["lines"] == 1):
            return {
                "found": True,
                "code": rep["code"],
                "report": rep,
                "tried": i,
                "grades_seen": dict(seen),
                "seconds": round(time.monotonic() - t0, 3),
            }
    return {
        "found": False,
        "reason": "not_found_in_budget",
        "message": f"no deal of grade {grade}{' with one winning line' if unique else ''} "
        f"among the {i} tried in the budget",
        "tried": i,
        "grades_seen": dict(seen),
        "seconds": round(time.monotonic() - t0, 3),
    }


def _label(rep: dict[str, Any]) -> str:
    if rep["winnable"] is False:
        return "unwinnable"
    if rep["grade"] is None:
        return "undecided"
    return f"grade {rep['grade']}"


def archive_entry(rep: dict[str, Any], source: str) -> dict[str, Any]:
    """What the archive keeps of a graded puzzle."""
    return {
        "code": rep["code"],
        "venue": rep["venue"],
        "players": rep["players"],
        "grade": rep["grade"],
        "narrowness": rep["narrowness"],
        "lines": rep["lines"],
        "lines_exact": rep["lines_exact"],
        "unique": rep["lines"] == 1,
        "tags": rep["tags"],
        "source": source,
    }
