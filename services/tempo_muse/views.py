"""What a seat or a spectator sees: every public fact, a seat's own hand and Cycle
draw, never the other hand nor the deck's order (only the omniscient view has them)."""

from __future__ import annotations

from typing import Any

from services.tempo_muse.content import Content
from services.tempo_muse.outcome import outcome
from services.tempo_muse.studio import current_value, offsets_allowed

State = dict[str, Any]


def view(c: Content, state: State, seat: int | None, omniscient: bool = False) -> dict[str, Any]:
    pending = state["pending_cycle"]
    v: dict[str, Any] = {
        "status": "finished" if state["phase"] == "over" else "running",
        "outcome": outcome(state),
        "round": state["round"],
        "round_limit": state["round_limit"],
        "final_round": state.get("final_round"),
        "first_player": state["first"],
        "phase": state["phase"],
        "to_act": state["to_act"],
        "deck_count": len(state["deck"]),
        "discard": list(state["discard"]),
        "hand_counts": [len(h) for h in state["hands"]],
        "cycled": list(state["cycled"]),
        "cycle_pending": None if pending is None else pending["seat"],
        "studios": [
            [
                {
                    "position": i + 1,
                    "value": slot["value"],
                    "name": c.cards[slot["value"]].name,
                    "tokens": slot["tokens"],
                    "current_value": current_value(c, slot),
                    "duplex": c.cards[slot["value"]].duplex,
                }
                for i, slot in enumerate(studio)
            ]
            for studio in state["studios"]
        ],
        "offsets_allowed": [offsets_allowed(c, state, s) for s in (0, 1)],
    }
    if omniscient:
        v["hands"] = [list(h) for h in state["hands"]]
        v["deck"] = list(state["deck"])
        v["pending_cycle"] = pending
    elif seat in (0, 1):
        v["seat"] = seat
        v["hand"] = list(state["hands"][seat])
        if pending is not None and pending["seat"] == seat:
            v["cycle_drawn"] = list(pending["drawn"])
    return v
