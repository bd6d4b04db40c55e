"""Every hosted game, registered once: its rules, hint, solver problems, preload, web table
and doc.  ``services.registry`` (rules), ``solver.registry`` (hints, problems, preloads)
and the catalog's table names all read this table, so adding a game is one spec here.

Code is named by "module:attribute" strings and loaded on first use, so reading the
table imports no rules and no solver (the API never loads OR-Tools).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

_TARGET = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")
#: a web table is a file of web/static/js/tables/, loaded by the page by that name
_TABLE = re.compile(r"^[a-z0-9_]+\.js$")
_ID = re.compile(r"^[a-z][a-z0-9-]*$")


@dataclass(frozen=True)
class Problem:
    """A ``/v1/solver/{problem}`` question: a cheap validator the API runs before queueing
    (``validate(payload) -> payload``, RulesError for 422) and the worker's solver
    (``solve(payload, budget_s) -> dict``)."""

    validate: str
    solve: str
    #: the longest budget a client may ask for, in seconds
    max_budget_s: float = 10.0
    default_budget_s: float = 2.0


@dataclass(frozen=True)
class GameSpec:
    """One game's registration."""

    #: the API id (``"tour"``, ``"tempo-muse"``)
    id: str
    #: the ``services.core.Game`` instance
    rules: str
    #: ``hint(state, seat, budget_s) -> {"actions": [...], ...}``; None: no hints (and bots
    #: play a listed legal action)
    hint: str | None = None
    #: solver problems by their ``/v1/solver/`` name
    problems: Mapping[str, Problem] = field(default_factory=dict)
    #: called once by each worker before it takes jobs (indexes, models)
    preload: str | None = None
    #: the page's table for this game; None: the generic table
    web_table: str | None = None
    #: the game's page in the repository's docs
    doc: str | None = None

    def __post_init__(self) -> None:
        if not _ID.match(self.id):
            raise ValueError(f"game id {self.id!r} must be lowercase letters, digits and -")
        for target in [self.rules, self.hint, self.preload]:
            if target is not None and not _TARGET.match(target):
                raise ValueError(f"{self.id}: {target!r} is not a 'module:attribute' name")
        for name, problem in self.problems.items():
            if not name.startswith(f"{self.id}/"):
                raise ValueError(f"{self.id}: problem {name!r} must be named '<game>/<what>'")
            for target in (problem.validate, problem.solve):
                if not _TARGET.match(target):
                    raise ValueError(f"{self.id}: {target!r} is not a 'module:attribute' name")
        if self.web_table is not None and not _TABLE.match(self.web_table):
            raise ValueError(f"{self.id}: web table {self.web_table!r} must be a .js file name")


BUILTIN: tuple[GameSpec, ...] = (
    GameSpec(
        "overdrive",
        rules="services.overdrive:GAME",
        hint="solver.overdrive:hint",
        problems={
            "overdrive/allocation": Problem("solver.overdrive:validate", "solver.overdrive:solve")
        },
        preload="solver.overdrive:preload",
        web_table="overdrive.js",
        doc="docs/games/overdrive.md",
    ),
    GameSpec(
        "composition",
        rules="services.composition:GAME",
        hint="solver.composition:hint",
        problems={
            "composition/best-words": Problem(
                "solver.composition:validate", "solver.composition:solve"
            )
        },
        preload="solver.composition:preload",
        web_table="composition.js",
        doc="docs/games/composition.md",
    ),
    GameSpec(
        "tour",
        rules="services.tour:GAME",
        hint="solver.tour:hint",
        preload="solver.tour:preload",
        web_table="tour.js",
        doc="docs/games/tour.md",
    ),
    GameSpec(
        "beat",
        rules="services.beat:GAME",
        hint="solver.beat:hint",
        problems={
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
                "solver.beat.grade_api:validate_grade",
                "solver.beat.grade_api:solve_grade",
                60.0,
                10.0,
            ),
            "beat/generate": Problem(
                "solver.beat.generate_api:validate_generate",
                "solver.beat.generate_api:solve_generate",
                120.0,
                20.0,
            ),
        },
        preload="solver.beat:preload",
        web_table="beat.js",
        doc="docs/games/beat.md",
    ),
    GameSpec(
        "tempo-muse",
        rules="services.tempo_muse:GAME",
        hint="solver.tempo_muse:hint",
        preload="solver.tempo_muse:preload",
        web_table="tempo_muse.js",
        doc="docs/games/tempo-muse.md",
    ),
)

_SPECS: dict[str, GameSpec] = {spec.id: spec for spec in BUILTIN}
#: called after every change to the table (caches of what it names drop their copies)
_LISTENERS: list[Callable[[], None]] = []


def specs() -> list[GameSpec]:
    """Every registered game, in registration order."""
    return list(_SPECS.values())


def spec_of(game_id: str) -> GameSpec:
    """The spec of ``game_id``; KeyError when no game has that id."""
    return _SPECS[game_id]


def register(spec: GameSpec) -> None:
    """Add a game (a plug-in, or a test's toy game); its id and problem names must be new."""
    if spec.id in _SPECS:
        raise ValueError(f"a game {spec.id!r} is registered already")
    taken = {name for s in _SPECS.values() for name in s.problems}
    if taken & set(spec.problems):
        raise ValueError(f"{spec.id}: problems {sorted(taken & set(spec.problems))} are taken")
    _SPECS[spec.id] = spec
    _changed()


def unregister(game_id: str) -> None:
    """Remove a game added with :func:`register` (the built-in games stay)."""
    if any(s.id == game_id for s in BUILTIN):
        raise ValueError(f"{game_id!r} is built in")
    if _SPECS.pop(game_id, None) is not None:
        _changed()


def on_change(listener: Callable[[], None]) -> None:
    """Call ``listener`` after each registration or removal."""
    _LISTENERS.append(listener)


def _changed() -> None:
    for listener in _LISTENERS:
        listener()


V = TypeVar("V")


class Derived(Mapping[str, V]):
    """A read-only mapping computed from the registered specs each time it is read, so a
    game registered later shows in every table derived from them."""

    def __init__(self, derive: Callable[[list[GameSpec]], dict[str, V]]):
        self._derive = derive

    def _table(self) -> dict[str, V]:
        return self._derive(specs())

    def __getitem__(self, key: str) -> V:
        return self._table()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())

    def __contains__(self, key: object) -> bool:
        return key in self._table()

    def __repr__(self) -> str:
        return f"Derived({self._table()!r})"
