"""Rounds and turns: who allocates when, board clearing, battles, the end of the game."""

from __future__ import annotations

from typing import Any

from services.core import draw_rng
from services.overdrive import actors, battle, dice, metallum, scoring

BATTLE_ROUNDS = (3, 6)
FINAL_ROUND = 8
BASE_DICE = 4


def current_seat(state: dict[str, Any]) -> int | None:
    """The seat that must act now, or None when the game is over."""
    if state["phase"] == "allocation":
        return state["order"][state["turn_pos"]]
    if state["phase"] == "battle":
        return battle.current_seat(state)
    return None


def start_round(state: dict[str, Any], events: list) -> None:
    n = state["players"]
    state["phase"] = "allocation"
    state["order"] = [(state["first"] + i) % n for i in range(n)]
    state["turn_pos"] = 0
    events.append({"type": "round", "round": state["round"]})
    if state["metallum"] is not None:
        metallum.take_turn(state, events)
    begin_turn(state, state["order"][0], events)


def begin_turn(state: dict[str, Any], seat: int, events: list) -> None:
    """Collect the seat's dice from the board and roll them all."""
    rec = state["seats"][seat]
    for key in list(state["occupied"]):
        kept = [o for o in state["occupied"][key] if o["seat"] != seat]
        if kept:
            state["occupied"][key] = kept
        else:
            del state["occupied"][key]
    rng = draw_rng(state)
    count = BASE_DICE + rec["extra_dice"]
    rec["dice"] = [{"face": dice.roll_face(rng), "placed": None} for _ in range(count)]
    rec["turn"] = {"used": {}}
    actors.refresh_unlocked(rec)
    events.append({"type": "turn", "seat": seat, "faces": [d["face"] for d in rec["dice"]]})


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


def end_round(state: dict[str, Any], events: list) -> None:
    if state["variants"]["free_falling"]:
        n = state["players"]
        state["first"] = max(range(n), key=lambda s: (actors.rank_key(state["seats"][s]), -s))
    if state["round"] == FINAL_ROUND:
        state["phase"] = "finished"
        state["result"] = scoring.outcome(state)
        events.append({"type": "game_over", "outcome": state["result"]})
        return
    state["round_idx"] += 1
    state["round"] = state["schedule"][state["round_idx"]]
    start_round(state, events)
