"""The Beat solver: venue feasibility, Pulsar Palace, odds and hints (see docs/solver.md).

Importing this package stays light (no OR-Tools): the API imports the validators.
"""

from __future__ import annotations

from typing import Any


def hint(state: dict[str, Any], seat: int, budget_s: float) -> dict[str, Any]:
    from solver.beat.hints import hint as _hint
    from solver.beat.why import label, why

    result = _hint(state, seat, budget_s)
    if isinstance(result.get("estimates"), list):
        for estimate in result["estimates"]:
            estimate["label"] = label(estimate)
    result["why"] = why(state, seat, result)
    return result


def preload() -> None:
    from solver.beat.solve import preload as _preload

    _preload()
