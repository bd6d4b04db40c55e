"""Turns: who acts now, and the end of a turn (board clearing, battles); rounds.py opens and
closes rounds."""

from __future__ import annotations

from typing import Any

from services.overdrive import actors, battle
from services.overdrive.rounds import BASE_DICE, FINAL_ROUND, begin_turn, end_round, start_round

BATTLE_ROUNDS = (3, 6)


def current_seat(state: dict[str, Any]) -> int | None:
    """The seat that must act now, or None when the game is over."""
    if state["phase"] == "allocation":
        return state["order"][state["turn_pos"]]
    if state["phase"] == "battle":
        return battle.current_seat(state)
    return None


def end_turn(state: dict[str, Any], seat: int, events: list) -> None:
    """Dice left over go to Resources (one Grana each); the next seat rolls."""
    rec = state["seats"][seat]
    for d in rec["dice"]:
        if d["placed"] is None and not d.get("borrowed"):
            d["placed"] = "resources"
            state["occupied"].setdefault("resources", []).append(
                {"seat": seat, "faces": [d["face"]]}
            )
            actors.gain(state, seat, {"grana": 1}, events)
    rec["dice"] = [d for d in rec["dice"] if not d.get("borrowed")]
    rec["picks"] = 0  # an unspent pick (Epic Gods b) lapses with the turn it could be spent in
    events.append({"type": "end_turn", "seat": seat})
    state["turn_pos"] += 1
    if state["turn_pos"] < len(state["order"]):
        begin_turn(state, state["order"][state["turn_pos"]], events)
        return
    rnd = state["round"]
    if rnd in BATTLE_ROUNDS or rnd == FINAL_ROUND or state["variants"]["free_falling"]:
        state["occupied"] = {}
    if rnd in BATTLE_ROUNDS or rnd == FINAL_ROUND:
        state["phase"] = "battle"
        battle.start(state, events)
    else:
        end_round(state, events)


__all__ = [
    "BASE_DICE",
    "BATTLE_ROUNDS",
    "FINAL_ROUND",
    "begin_turn",
    "current_seat",
    "end_round",
    "end_turn",
    "start_round",
]
