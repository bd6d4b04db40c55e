"""The 12-week tour dice game as a ``services.core.Game``: the glue that binds the
rules modules (``setup``, ``week``, ``actions``, ``views``, ``outcome``) to the protocol.
"""

from __future__ import annotations

import copy
from typing import Any

from services.core import Game
from services.tour import actions, setup, views
from services.tour import outcome as result
from services.tour import sheet as sh
from services.tour.content import content

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]


class TourGame(Game):
    name = "tour"
    title = "Tour: twelve weeks on the road (dice)"
    min_players = 1
    max_players = 2
    options_schema = setup.OPTIONS_SCHEMA

    def new(self, players: int, options: dict[str, Any], seed: int) -> State:
        return setup.new_state(players, options, seed)

    @staticmethod
    def sheet_index(state: State, seat: int) -> int:
        return sh.sheet_index(state, seat)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return actions.legal_actions(state, seat)

    def seats_to_act(self, state: State) -> list[int]:
        return actions.seats_to_act(state)

    def action_forms(self, state: State, seat: int) -> list[dict[str, Any]]:
        return actions.action_forms(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        return actions.apply(state, seat, action)

    def view(self, state: State, seat: int | None, omniscient: bool = False) -> dict[str, Any]:
        return views.view(state, seat, omniscient)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return result.outcome(state)

    def catalog(self) -> dict[str, Any]:
        data = copy.deepcopy(content())
        return {
            "venues": data["venues"],
            "road_table": {str(k): v for k, v in data["road_table"].items()},
            "crew": data["crew"],
            "ranks": data["ranks"],
            "rules": {
                k: data[k]
                for k in ("start", "caps", "difficulties", "modes", "targets", "rival", "versus")
            },
        }
