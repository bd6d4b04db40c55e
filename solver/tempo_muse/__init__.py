"""Tempo Muse play recommender: the card to place, its exact best payment, or an exact Cycle."""

from __future__ import annotations

import time
from typing import Any

from solver.tempo_muse.payment import best_payment
from solver.tempo_muse.policy import recommend

__all__ = ["best_payment", "hint", "preload", "recommend"]


def preload() -> None:
    """Load the card data once in the worker parent, so forked hint jobs skip it."""
    from services.tempo_muse.content import content

    content()


def hint(state: dict[str, Any], seat: int, budget_s: float) -> dict[str, Any]:
    """The recommended next action for ``seat``, postable as it is.

    The payment DP is small and exact; ``budget_s`` caps only the exact Cycle
    search (``cycle_exact`` is False in the result when it cut the search short).
    """
    from solver.tempo_muse.why import why

    result = _hint(state, seat, budget_s)
    result["why"] = why(state, seat, result)
    return result


def _hint(state: dict[str, Any], seat: int, budget_s: float) -> dict[str, Any]:
    started = time.perf_counter()
    if state.get("phase") == "over":
        return {"actions": [], "explanation": "The game is over."}
    if state.get("to_act") != seat:
        return {
            "actions": [],
            "explanation": f"Seat {state.get('to_act')} is to act, not seat {seat}.",
        }
    rec = recommend(state, seat, budget_s)
    action = rec.pop("action")
    explanation = rec.pop("explanation")
    if rec.get("cycle_exact") is False:
        done = max(int(n) for n in rec["cycle_sizes"])
        explanation += (
            f" (Fallback: the {budget_s:g} s budget ran out, so only Cycle sizes up to "
            f"{done} were compared.)"
        )
    return {
        "actions": [{"seat": seat, "action": action}],
        "explanation": explanation,
        "solver": "exact subset-sum DP and exact Cycle expectation",
        "elapsed_s": round(time.perf_counter() - started, 4),
        **rec,
    }
