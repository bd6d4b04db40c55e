"""Which solver answers which question, as the games' specs register them
(``services.game_specs``).

``HINTS`` maps a game id to the function that recommends a seat's next
actions; ``PROBLEMS`` maps ``/v1/solver/{problem}`` names to a validator
(cheap, run by the API before anything is queued) and a solver (run in a
worker).  Both follow the registered specs and hold "module:function"
strings, so that importing this module stays light: the API never loads
OR-Tools.

Hint functions: ``hint(state: dict, seat: int, budget_s: float) -> dict``
returning at least ``{"actions": [{"seat": s, "action": {...}}, ...]}``.

Problem validators: ``validate(payload: dict) -> dict`` returning the
normalised payload or raising ``services.core.RulesError`` (422).
Problem solvers: ``solve(payload: dict, budget_s: float) -> dict``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from services.game_specs import Derived, Problem, specs

#: game id -> its hint function
HINTS: Derived[str] = Derived(lambda games: {g.id: g.hint for g in games if g.hint is not None})

#: ``/v1/solver/{problem}`` name -> its validator and solver
PROBLEMS: Derived[Problem] = Derived(
    lambda games: {name: p for g in games for name, p in g.problems.items()}
)

#: problems the API queues itself (a finished game's analysis, the daily puzzle), not
#: offered at ``/v1/solver/{problem}``: the API decides who may ask and when. A game's
#: analysis is ``<game>/analysis``: The Beat's decides winnability with every card known,
#: the others' compare each move with the game's hint (``solver.hint_analysis``)
INTERNAL: dict[str, Problem] = {
    "beat/analysis": Problem(
        "solver.beat.analysis:validate", "solver.beat.analysis:analyse", 60.0, 20.0
    ),
    **{
        f"{game}/analysis": Problem(
            "solver.hint_analysis:validate", "solver.hint_analysis:analyse", 120.0, 60.0
        )
        for game in ("composition", "overdrive", "tour", "tempo-muse")
    },
    "beat/daily": Problem("solver.beat.daily:validate", "solver.beat.daily:solve", 300.0, 120.0),
}

#: functions the worker calls once at start-up to load indexes and models
PRELOADS: list[str] = [g.preload for g in specs() if g.preload is not None]


def resolve(target: str) -> Callable[..., Any]:
    module, attr = target.split(":")
    return getattr(importlib.import_module(module), attr)


__all__ = ["HINTS", "PRELOADS", "PROBLEMS", "Problem", "resolve"]
