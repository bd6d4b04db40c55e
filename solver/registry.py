"""Which solver answers which question.

``HINTS`` maps a game id to the function that recommends a seat's next
actions; ``PROBLEMS`` maps ``/v1/solver/{problem}`` names to a validator
(cheap, run by the API before anything is queued) and a solver (run in a
worker).  Both are "module:function" strings so that importing this module
stays light: the API never loads OR-Tools.

Hint functions: ``hint(state: dict, seat: int, budget_s: float) -> dict``
returning at least ``{"actions": [{"seat": s, "action": {...}}, ...]}``.

Problem validators: ``validate(payload: dict) -> dict`` returning the
normalised payload or raising ``services.core.RulesError`` (422).
Problem solvers: ``solve(payload: dict, budget_s: float) -> dict``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

HINTS: dict[str, str] = {
    "beat": "solver.beat:hint",
    "overdrive": "solver.overdrive:hint",
    "composition": "solver.composition:hint",
    "tour": "solver.tour:hint",
    "tempo-muse": "solver.tempo_muse:hint",
}


@dataclass(frozen=True)
class Problem:
    validate: str
    solve: str
    #: the longest budget a client may ask for, in seconds
    max_budget_s: float = 10.0
    default_budget_s: float = 2.0


PROBLEMS: dict[str, Problem] = {
    "beat/feasibility": Problem(
        "solver.beat.api:validate_feasibility", "solver.beat.api:solve_feasibility"
    ),
    "beat/pulsar-palace": Problem(
        "solver.beat.api:validate_pulsar", "solver.beat.api:solve_pulsar"
    ),
    "beat/odds": Problem(
        "solver.beat.api:validate_odds", "solver.beat.api:solve_odds", 600.0, 60.0
    ),
    "beat/grade": Problem(
        "solver.beat.grade_api:validate_grade", "solver.beat.grade_api:solve_grade", 60.0, 10.0
    ),
    "beat/generate": Problem(
        "solver.beat.generate_api:validate_generate",
        "solver.beat.generate_api:solve_generate",
        120.0,
        20.0,
    ),
    "overdrive/allocation": Problem("solver.overdrive:validate", "solver.overdrive:solve"),
    "composition/best-words": Problem("solver.composition:validate", "solver.composition:solve"),
}

#: problems the API queues itself (a finished game's analysis, the daily puzzle), not
#: offered at ``/v1/solver/{problem}``: the API decides who may ask and when
INTERNAL: dict[str, Problem] = {
    "beat/analysis": Problem(
        "solver.beat.analysis:validate", "solver.beat.analysis:analyse", 60.0, 20.0
    ),
    "beat/daily": Problem("solver.beat.daily:validate", "solver.beat.daily:solve", 300.0, 120.0),
}

#: functions the worker calls once at start-up to load indexes and models
PRELOADS: list[str] = [
    "solver.beat:preload",
    "solver.overdrive:preload",
    "solver.composition:preload",
    "solver.tour:preload",
    "solver.tempo_muse:preload",
]


def resolve(target: str) -> Callable[..., Any]:
    module, attr = target.split(":")
    return getattr(importlib.import_module(module), attr)
