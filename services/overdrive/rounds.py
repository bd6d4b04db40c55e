"""Round boundaries: a round's start, a seat's roll, and the round's end (or the game's)."""

from __future__ import annotations

from typing import Any

from services.core import draw_rng
from services.overdrive import actors, dice, metallum, scoring

FINAL_ROUND = 8
BASE_DICE = 4


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
