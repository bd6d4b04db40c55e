"""Composition as a Greenroom game: draft letters, spell a word, earn Roses and badges.

Round = draft (seats take one card at a time from The Composition, starting
with the Baton) -> compose (every seat commits a Performance simultaneously;
a word the dictionary rejects gets one retry) -> showcase (scores, Awards,
Chorus, Baton) -> in solo, flip one unearned card face down.  Each phase has
its own module; this one only wires them to ``services.core.Game``.
"""

from __future__ import annotations

from typing import Any

from services.composition import actions, wordlist
from services.composition.content import content
from services.composition.ending import outcome
from services.composition.seats import Action, State, public_card
from services.composition.setup import new_state
from services.composition.views import build_view
from services.core import Game


class CompositionGame(Game):
    name = "composition"
    title = "Composition"
    min_players = 1
    max_players = 5
    options_schema = {
        "type": "object",
        "properties": {
            "maestros": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Maestro id per seat (default: dealt at random; solo is MASK)",
            },
            "max_rounds": {"type": "integer", "minimum": 1, "maximum": 40},
            "tomatoes": {"type": "boolean", "description": "Tomato cards in the Note deck"},
        },
        "additionalProperties": False,
    }

    def new(self, players: int, options: dict[str, Any], seed: int) -> State:
        return new_state(players, options, seed)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return actions.legal_actions(state, seat)

    def seats_to_act(self, state: State) -> list[int]:
        return actions.seats_to_act(state)

    def action_forms(self, state: State, seat: int) -> list[dict[str, Any]]:
        return actions.action_forms(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[dict[str, Any]]]:
        return actions.apply(state, seat, action)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return outcome(state)

    def view(self, state: State, seat: int | None, omniscient: bool = False) -> dict[str, Any]:
        return build_view(state, seat, omniscient)

    def warm_up(self) -> None:
        # judging words needs the list; load it before the first request does
        wordlist.word_set()

    def catalog(self) -> dict[str, Any]:
        data = content()
        return {
            "cards": [public_card(c) for c in data["cards"]],
            "maestros": list(data["maestros"].values()),
            "awards": list(data["awards"].values()),
            "ovations": list(data["ovations"].values()),
            "rules": data["rules"],
        }
