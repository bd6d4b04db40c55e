"""Solo mode's own step: after each round, turn one unearned Ovation or Award face down."""

from __future__ import annotations

from services.composition.draft import start_round
from services.composition.ending import face_up, finish
from services.composition.seats import Action, Events, State
from services.core import RulesError


def flip(state: State, seat: int, action: Action, events: Events) -> None:
    cid = action.get("card")
    if not isinstance(cid, str) or cid not in face_up(state):
        raise RulesError("card_not_available", "flip a face-up unearned Ovation or Award")
    if cid in state["ovations"]:
        state["ovations"].remove(cid)
    else:
        state["awards"].remove(cid)
    state["facedown"].append(cid)
    events.append({"type": "flipped", "card": cid})
    if not face_up(state) or state["round"] >= state["max_rounds"]:
        finish(state, events)
    else:
        start_round(state, events)
