"""Overdrive as a ``services.core.Game``: wires setup, actions, views and content to it."""

from __future__ import annotations

from typing import Any

from services.core import Game
from services.overdrive import actions, flow, views
from services.overdrive.content import content
from services.overdrive.setup import OPTIONS_SCHEMA, new_state


class Overdrive(Game):
    name = "overdrive"
    title = "Overdrive: A Batalha do Rock"
    min_players = 1
    max_players = 4
    options_schema = OPTIONS_SCHEMA

    def new(self, players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
        state = new_state(players, options, seed)
        events: list[dict[str, Any]] = []
        flow.start_round(state, events)
        return state

    def seats_to_act(self, state: dict[str, Any]) -> list[int]:
        return actions.seats_to_act(state)

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        return actions.legal(state, seat)

    def apply(
        self, state: dict[str, Any], seat: int, action: dict[str, Any]
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        return actions.apply(state, seat, action)

    def outcome(self, state: dict[str, Any]) -> dict[str, Any] | None:
        return views.outcome(state)

    def view(
        self, state: dict[str, Any], seat: int | None, omniscient: bool = False
    ) -> dict[str, Any]:
        return views.build_view(state, seat, omniscient)

    def open_information(self, state: dict[str, Any]) -> bool:
        return False

    def action_forms(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        """Set-faces Distortions (dice and faces to choose): see ``actions.forms``."""
        return actions.forms(state, seat)

    def catalog(self) -> dict[str, Any]:
        data = content()
        return {
            k: data[k] for k in ("spaces", "hits", "distortions", "awards", "bands", "metallum")
        }
