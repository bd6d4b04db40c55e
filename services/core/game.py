"""The game protocol (compare OpenSpiel's Game/State, boardgame.io's game object).

A game is a stateless object; the state is a JSON-serialisable dict that the
store keeps in Redis.  Every method is a pure function of its arguments:
``apply`` never mutates the state it is given.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, TypedDict

from services.core.codec import copy_json

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]


class SeatAction(TypedDict):
    seat: int
    action: Action


class Outcome(TypedDict, total=False):
    """A finished game's result: ``winners`` (seats) and ``scores`` are always there."""

    winners: list[int]
    scores: dict[str, Any]


class Game(ABC):
    """One game's rules.  Subclasses set the class attributes and the five methods."""

    #: id used in the API (``"tour"``, ``"beat"`` ...)
    name: str = ""
    title: str = ""
    min_players: int = 1
    max_players: int = 1
    #: JSON-schema-like description of ``options`` for the catalog
    options_schema: dict[str, Any] = {}

    # -- the protocol -------------------------------------------------------
    @abstractmethod
    def new(self, players: int, options: dict[str, Any], seed: int) -> State:
        """A fresh game.  Raises RulesError('invalid_options', ...) on bad options."""

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it is not its turn)."""

    @abstractmethod
    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """The state after ``seat`` takes ``action``, and what happened.

        Raises RulesError when the action is illegal.  Never mutates ``state``.
        """

    @abstractmethod
    def view(self, state: State, seat: int | None, omniscient: bool = False) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator; omniscient: everything)."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """None while running, else the result."""

    # -- optional hooks with sensible defaults -----------------------------
    def seats_to_act(self, state: State) -> list[int]:
        """Seats that may act now; the API lists actions for these."""
        return [s for s in range(self.players(state)) if self.legal_actions(state, s)]

    def players(self, state: State) -> int:
        return int(state["players"])

    def action_forms(self, state: State, seat: int) -> list[dict[str, Any]]:
        """Parameterised actions too large to list (e.g. 'spell any word')."""
        return []

    def open_information(self, state: State) -> bool:
        """True when every fact is public (puzzle mode): the host sees everything."""
        return False

    def warm_up(self) -> None:
        """Load what the rules read lazily (word lists, tables) before serving."""
        return None

    def catalog(self) -> dict[str, Any]:
        """Content sections served at ``/v1/catalog/{game}/{section}``."""
        return {}

    def describe(self) -> dict[str, Any]:
        """The catalog entry for this game."""
        return {
            "game": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": self.options_schema,
            "content": sorted(self.catalog()),
        }

    # -- helpers for subclasses ---------------------------------------------
    @staticmethod
    def copy_state(state: State) -> State:
        """A deep copy to mutate inside ``apply`` (states are JSON: orjson copies them fast)."""
        return copy_json(state)
