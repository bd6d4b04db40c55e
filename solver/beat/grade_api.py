"""The solver problem ``beat/grade``: a puzzle's grade report, as the API returns it.

``validate_grade`` is cheap (no OR-Tools import) and raises ``RulesError`` -> 422
naming the field or card; ``solve_grade`` runs in the worker.
"""

from __future__ import annotations

import time
from typing import Any

from solver.beat import deal as D
from solver.beat import puzzle_code as PC
from solver.beat import puzzle_input as I


def validate_grade(payload: Any) -> dict[str, Any]:
    """``{"code"}``, ``{"venue", "players", "deal"[, "seed"]}`` or ``{"venue", "players",
    "seed"}``."""
    return I.normalise(payload)


def graded(state: dict[str, Any], deadline: float, nodes: int | None = None) -> dict[str, Any]:
    """The report of a dealt state: the grade, the code, the deal, the line as actions."""
    from solver.beat import grade as G
    from solver.beat import plan as P

    rep = G.report(state, nodes or G.DEFAULT_NODES, deadline)
    line = rep.pop("line", None)
    out: dict[str, Any] = {
        "code": PC.code_of_state(state),
        "venue": state["venue"],
        "players": state["players"],
        "deal": D.deal_of(state),
        **rep,
    }
    if line:
        final, actions = P.replay(state, line)
        if not P.won(final):  # a counting bug must never surface as a wrong line
            raise AssertionError("the graded line does not win in the engine")
        out["actions"] = actions
    return out


def solve_grade(payload: dict[str, Any], budget_s: float) -> dict[str, Any]:
    norm = I.normalise(payload)
    state = I.state_of(norm)
    deadline = time.monotonic() + budget_s
    return {**graded(state, deadline), "budget_s": budget_s}
