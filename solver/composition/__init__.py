"""Composition solver: the best words a hand can spell, and hints for a live game.

Importing this package is light (no OR-Tools, no word index): the API calls
``validate`` before queueing.  Workers call ``preload()`` once per process
to load the word list and build the index before taking jobs.
"""

from __future__ import annotations

from typing import Any

from solver.composition.hand import validate

__all__ = ["hint", "preload", "solve", "validate"]


def preload() -> dict[str, Any]:
    """Load the dictionary and build the word index now (once per process)."""
    from solver.composition.index import get_index

    index = get_index()
    return {"words": len(index.words), "build_s": round(index.build_s, 3), "bytes": index.nbytes}


def solve(payload: dict[str, Any], budget_s: float = 2.0) -> dict[str, Any]:
    """``POST /v1/solver/composition/best-words``: top-k plays for explicit cards, exact
    unless ``budget_s`` ran out first (then ``exact`` and ``optimal`` are False)."""
    from solver.composition.hand import hand_from_payload
    from solver.composition.search import best_words

    hand = hand_from_payload(validate(payload))
    # the whole search (single words, pairs, CP-SAT per word) stays inside the job's
    # budget, with a margin for the report: a job killed at its timeout answers nothing.
    # Cut short, ``exact`` (and ``optimal``) say the ranking is the best found so far
    cpsat_s = max(0.05, budget_s / 4)
    result = best_words(hand, hand.k, cpsat_time_s=cpsat_s, budget_s=0.75 * budget_s)
    result["optimal"] = result["exact"] and all(
        w["method"] != "cp-sat-feasible" for w in result["words"]
    )
    return result


def hint(state: dict[str, Any], seat: int, budget_s: float = 2.0) -> dict[str, Any]:
    """The recommended next action of ``seat`` (its own cards only)."""
    from solver.composition.advice import advise
    from solver.composition.why import why

    result = advise(state, seat, budget_s)
    result["why"] = why(state, seat, result)
    return result
