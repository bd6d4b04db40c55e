"""Tempo Muse as a ``services.core.Game``: the glue that binds the rules modules
(``setup``, ``actions``, ``engine``, ``views``, ``outcome``) to the protocol."""

from __future__ import annotations

from typing import Any

from services.core import Game
from services.tempo_muse import actions, setup, views
from services.tempo_muse import outcome as result
from services.tempo_muse.content import Content, content

State = dict[str, Any]
Action = dict[str, Any]


class TempoMuse(Game):
    name = "tempo-muse"
    title = "Tempo Muse"
    min_players = 2
    max_players = 2
    options_schema = setup.OPTIONS_SCHEMA

    def __init__(self, variant: Content | None = None):
        """``variant``: other content (benchmarks compare rule variants); default: shipped."""
        self._variant = variant

    @property
    def content(self) -> Content:
        return self._variant or content()

    def new(self, players: int, options: dict[str, Any], seed: int) -> State:
        return setup.new_game(self.content, players, options, seed)

    def seats_to_act(self, state: State) -> list[int]:
        return [] if state["phase"] == "over" else [state["to_act"]]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return actions.legal_actions(self.content, state, seat)

    def action_forms(self, state: State, seat: int) -> list[dict[str, Any]]:
        return actions.action_forms(self.content, state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[dict]]:
        return actions.apply(self.content, state, seat, action)

    def view(self, state: State, seat: int | None, omniscient: bool = False) -> dict[str, Any]:
        return views.view(self.content, state, seat, omniscient)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return result.outcome(state)

    def catalog(self) -> dict[str, Any]:
        c = self.content
        return {
            "cards": [c.cards[v].as_dict() for v in sorted(c.cards)],
            "setup": {
                "hand_size": c.hand_size,
                "hand_limit": c.hand_limit,
                "studio_goal": c.studio_goal,
                "round_limit": c.round_limit,
                "attacks_need_richer_rival": c.attacks_need_richer_rival,
                "final_rounds": c.final_rounds,
            },
        }
