"""The Overdrive Game object: dispatch, views, outcome."""

from __future__ import annotations

from typing import Any

from services.core import Game, RulesError
from services.overdrive import allocation, battle, flow, scoring
from services.overdrive.content import content
from services.overdrive.setup import OPTIONS_SCHEMA, new_state

PUBLIC_SEAT = (
    "band",
    "fans",
    "fame",
    "grana",
    "overdrive",
    "fans_symbol",
    "extra_dice",
    "dice",
    "hits",
    "used",
    "award",
    "copies",
    "spare_used",
    "symbols",
    "unlocked",
    "picks",
)


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
        seat = flow.current_seat(state)
        return [] if seat is None else [seat]

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        if flow.current_seat(state) != seat:
            return []
        if state["phase"] == "battle":
            return battle.legal(state, seat)
        return allocation.legal(state, seat)

    def apply(
        self, state: dict[str, Any], seat: int, action: dict[str, Any]
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        if state["phase"] == "finished":
            raise RulesError("game_over", "the game has ended")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise RulesError("bad_action", "an action is a dict with a 'type'")
        if flow.current_seat(state) != seat:
            raise RulesError("not_your_turn", f"seat {seat} cannot act now")
        new = self.copy_state(state)
        events: list[dict[str, Any]] = []
        try:
            if new["phase"] == "battle":
                battle.act(new, seat, action, events)
            else:
                allocation.act(new, seat, action, events)
        except RulesError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise RulesError("bad_action", f"malformed action: {exc!r}") from None
        return new, events

    def outcome(self, state: dict[str, Any]) -> dict[str, Any] | None:
        return state["result"] if state["phase"] == "finished" else None

    def view(
        self, state: dict[str, Any], seat: int | None, omniscient: bool = False
    ) -> dict[str, Any]:
        seats = []
        for s, rec in enumerate(state["seats"]):
            pub = {k: rec.get(k) for k in PUBLIC_SEAT}
            pub["hand_size"] = len(rec["hand"])
            if omniscient or seat == s:
                pub["hand"] = list(rec["hand"])
            seats.append(pub)
        met = state["metallum"]
        met_view = None
        if met is not None:
            met_view = {k: v for k, v in met.items() if k != "hand"}
            met_view["hand_size"] = len(met["hand"])
            if omniscient:
                met_view["hand"] = list(met["hand"])
        out: dict[str, Any] = {
            "status": "finished" if state["phase"] == "finished" else "running",
            "outcome": self.outcome(state),
            "players": state["players"],
            "mode": state["mode"],
            "difficulty": state["difficulty"],
            "variants": state["variants"],
            "round": state["round"],
            "schedule": state["schedule"],
            "phase": state["phase"],
            "to_act": self.seats_to_act(state),
            "first": state["first"],
            "order": state["order"],
            "blocked": state["blocked"],
            "occupied": state["occupied"],
            "hit_market": state["hit_market"],
            "hit_owned": state["hit_owned"],
            "hit_deck_size": len(state["hit_deck"]),
            "distortion_market": state["dist_market"],
            "distortion_cost": len(state["dist_market"]),
            "distortion_deck_size": len(state["dist_deck"]),
            "awards_free": state["awards_free"],
            "battle": state["battle"],
            "seats": seats,
            "metallum": met_view,
            "live_vp": scoring.live_vp(state, seat, omniscient),
        }
        if omniscient:
            out["hit_deck"] = list(state["hit_deck"])
            out["distortion_deck"] = list(state["dist_deck"])
        return out

    def open_information(self, state: dict[str, Any]) -> bool:
        return False

    def action_forms(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        """Set-faces Distortions (dice and faces to choose), in an allocation or a battle turn.

        Listings name one action per choice up to interchangeable dice (see allocation)."""
        if flow.current_seat(state) != seat:
            return []
        if state["phase"] == "battle":
            return battle.forms(state, seat)
        return allocation.forms(state, seat)

    def catalog(self) -> dict[str, Any]:
        data = content()
        return {
            k: data[k] for k in ("spaces", "hits", "distortions", "awards", "bands", "metallum")
        }
