"""What a seat sees: the table, every seat's public cards, its own hidden facts."""

from __future__ import annotations

from typing import Any

from services.composition.content import content
from services.composition.draft import ghost_cost
from services.composition.ending import outcome
from services.composition.seats import State, badges, public_card, rules


def _ghost_price(state: State, seat: int | None) -> int:
    """What the Ghost Note costs the viewer (a spectator: the seat drafting), as a take charges."""
    who = seat if seat is not None else state["turn"]
    if isinstance(who, int) and 0 <= who < len(state["seats"]):
        return ghost_cost(state, who)
    return int(state["ghost_cost"])


def build_view(state: State, seat: int | None, omniscient: bool = False) -> dict[str, Any]:
    comp = state["composition"]
    seats_view = []
    for i, s in enumerate(state["seats"]):
        own = omniscient or seat == i
        perf = s["performance"]
        show_perf = perf is not None and (own or state["phase"] != "compose")
        seats_view.append(
            {
                "seat": i,
                "maestro": s["maestro"],
                "roses": s["roses"],
                "badges": badges(s),
                "locked": [public_card(c) for c in s["locked"]],
                "chorus": [public_card(c) for c in s["chorus"]],
                "drafted": [public_card(c) for c in s["drafted"]],
                "ghost": s["ghost"],
                "ovations": list(s["ovations"]),
                "awards": list(s["awards"]),
                "status": s["status"],
                "performance": perf if show_perf else None,
                "help": list(s.get("help", [])) if own else None,
                # why the dictionary refused this seat's word, for its own eyes: the
                # word itself stays hidden from the others until the showcase
                "refusal": s.get("refusal") if own else None,
                "committed": perf is not None,
                "last": s["last"],
            }
        )
    crescendos = []
    for i, slot in enumerate(comp["crescendos"]):
        entry = {"slot": i, "roses": slot["roses"]}
        if omniscient:
            entry["card"] = public_card(slot["card"])
        crescendos.append(entry)
    out = {
        "status": "finished" if state["finished"] else "running",
        "outcome": outcome(state),
        "solo": state["solo"],
        "round": state["round"],
        "max_rounds": state["max_rounds"],
        "last_round": state["last_round"],
        "phase": "over" if state["finished"] else state["phase"],
        "baton": state["baton"],
        "turn": state["turn"] if state["phase"] == "draft" else None,
        "tracker": state["tracker"],
        "composition": {
            "notes": [public_card(c) for c in comp["notes"]],
            "crescendos": crescendos,
            "ghost": {"available": comp["ghost"], "cost": _ghost_price(state, seat)},
        },
        "costs": {
            "crescendo": rules()["costs"]["crescendo"],
            "ovation": rules()["costs"]["ovation"],
        },
        "note_deck": len(state["note_deck"]),
        "crescendo_deck": len(state["cresc_deck"]),
        "discard": len(state["discard"]),
        "ovations": [dict(content()["ovations"][o]) for o in state["ovations"]],
        "awards": [dict(content()["awards"][a]) for a in state["awards"]],
        "facedown": list(state["facedown"]),
        "rex": state["rex"],
        "held_tomatoes": [dict(h) for h in state.get("held_tomatoes", [])],
        "seats": seats_view,
        "history": state["history"][-3:],
    }
    if omniscient:
        out["note_deck_order"] = list(state["note_deck"])
        out["crescendo_deck_order"] = list(state["cresc_deck"])
    return out
