"""The Beat as a ``services.core.Game``: options, actions, views, outcome, catalog."""

from __future__ import annotations

from typing import Any

from services.beat import actions as A
from services.beat import cards as C
from services.beat import engine as E
from services.beat import views
from services.beat.events import load_events
from services.beat.setup import new_state
from services.beat.songs import load_songs
from services.beat.venues import load_venues
from services.core import Game, RulesError

OPTIONS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "venue": {
            "type": ["string", "integer"],
            "description": "venue id or number 1-26 (default garage)",
        },
        "mode": {"enum": ["live", "puzzle"], "default": "live"},
        "tour": {
            "type": ["boolean", "array"],
            "description": "true: play the venues in order from `venue`; or a list of venue ids",
        },
        "tour_attempts": {"type": "integer", "minimum": 1, "maximum": 10, "default": 3},
        "deal": {
            "type": "object",
            "description": "puzzle deal: decks (per seat, 15 values or ids in draw order), "
            "songs + encores (difficulties), events (ids, drawn first), solo (Jupiter only)",
        },
    },
}


class BeatGame(Game):
    name = "beat"
    title = "The Beat: Rockstars of the Galaxy"
    min_players = 2
    max_players = 4
    options_schema = OPTIONS_SCHEMA

    def new(self, players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
        state = new_state(players, options, seed)
        E.start_round(state)
        return state

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        return A.legal(state, seat)

    def apply(
        self, state: dict[str, Any], seat: int, action: dict[str, Any]
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        if state.get("status") != "running":
            raise RulesError("game_over", "the game is over")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["players"]:
            raise RulesError("bad_seat", "no such seat")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise RulesError("bad_action", "an action is an object with a string 'type'")
        st = self.copy_state(state)
        kind = action["type"]
        if kind == "encore":
            if st["phase"] != "encore":
                raise RulesError("wrong_phase", "no Encore is waiting for a decision")
            if st["pending_encores"][0]["seat"] != seat:
                raise RulesError("not_your_turn", "the seat that played the Encore card decides")
            take = action.get("take")
            if not isinstance(take, bool):
                raise RulesError("bad_action", "'take' must be true or false")
            return st, E.decide_encore(st, take)
        if kind == "tour":
            if st["phase"] != "tour_choice":
                raise RulesError("wrong_phase", "no tour decision is waiting")
            choice = action.get("choice")
            if choice not in ("retry", "skip"):
                raise RulesError("bad_action", "'choice' must be retry or skip")
            return st, E.next_tour_venue(st, advance=choice == "skip")
        if kind not in ("play", "solo", "solo_pass", "cue", "tune", "take_back", "ready"):
            raise RulesError("unknown_action", f"unknown action type {kind!r}")
        return st, A.apply_play_phase(st, seat, action)

    def view(self, state: dict[str, Any], seat: int | None, omniscient: bool = False):
        out = views.build_view(state, seat, omniscient)
        out["outcome"] = self.outcome(state)
        return out

    def outcome(self, state: dict[str, Any]) -> dict[str, Any] | None:
        if state["status"] != "finished":
            return None
        n = state["players"]
        tour = state["tour"]
        if tour is None:
            res = state["venue_result"]
            won = bool(res["won"])
            return {
                "winners": list(range(n)) if won else [],
                "scores": {str(s): int(won) for s in range(n)},
                "venue": state["venue"],
                "won": won,
                "reason": res["reason"],
                "failures": list(res["failures"]),
                "counts": views.build_view(state, None, False)["counts"],
            }
        final: dict[str, bool] = {}
        for entry in tour["log"]:
            final[entry["venue"]] = entry["won"]
        won_all = all(final.get(vid, False) for vid in tour["venues"])
        wins = sum(1 for x in final.values() if x)
        return {
            "winners": list(range(n)) if won_all else [],
            "scores": {str(s): wins for s in range(n)},
            "won": won_all,
            "venues_won": [vid for vid in tour["venues"] if final.get(vid)],
            "log": [dict(x) for x in tour["log"]],
        }

    def seats_to_act(self, state: dict[str, Any]) -> list[int]:
        return [s for s in range(state["players"]) if A.can_act(state, s)]

    def open_information(self, state: dict[str, Any]) -> bool:
        return state.get("mode") == "puzzle"

    def action_forms(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        return []

    def catalog(self) -> dict[str, Any]:
        return {
            "venues": [v.as_dict() for v in load_venues()],
            "events": [e.as_dict() for e in load_events()],
            "songs": {str(k): v for k, v in load_songs().items()},
            "cards": C.catalog_cards(),
        }
