"""The Note deck and its Tomatoes: drawing (with the reshuffle), Tomato effects, passing."""

from __future__ import annotations

from typing import Any

from services.composition.content import card
from services.composition.seats import Events, State
from services.core import draw_rng


def draw_note(state: State, allow_tomato: bool, events: Events | None = None) -> str | None:
    """The next Note deck card; Tomatoes act (or are set aside) and are replaced."""
    while True:
        if not state["note_deck"]:
            pool = state["discard"] + state["cresc_deck"]
            if all(card(c)["kind"] == "tomato" for c in pool):
                return None
            draw_rng(state).shuffle(pool)
            state["note_deck"], state["discard"], state["cresc_deck"] = pool, [], []
        cid = state["note_deck"].pop(0)
        if card(cid)["kind"] != "tomato":
            return cid
        state["discard"].append(cid)
        if allow_tomato:
            tomato(state, cid, events if events is not None else [])


def tomato(state: State, cid: str, events: Events) -> None:
    """A Tomato laid out: it acts at once (a passing one is held by the Baton holder)."""
    eff = card(cid)["effect"]
    t = eff["type"]
    if card(cid).get("passes"):
        # held, not discarded: starts with the Baton holder and acts on its holder
        state["discard"].remove(cid)
        held = {"card": cid, "holder": state["baton"], "first": state["baton"]}
        state.setdefault("held_tomatoes", []).append(held)
        events.append(
            {
                "type": "tomato",
                "card": cid,
                "name": card(cid)["name"],
                "effect": eff,
                "holder": held["holder"],
            }
        )
        held_tomato_acts(state, held, events)
        return
    if t == "all_lose_roses":
        for s in state["seats"]:
            s["roses"] = max(0, s["roses"] - eff["n"])
    elif t == "baton_loses_roses":
        s = state["seats"][state["baton"]]
        s["roses"] = max(0, s["roses"] - eff["n"])
    elif t == "discard_best_chorus":
        for s in state["seats"]:
            if s["chorus"]:
                best = sorted(s["chorus"], key=lambda c: (-card(c)["rose"], c))[0]
                s["chorus"].remove(best)
                state["discard"].append(best)
    elif t == "ghost_cost":
        state["ghost_cost"] = eff["n"]
    events.append({"type": "tomato", "card": cid, "name": card(cid)["name"], "effect": eff})


def held_tomato_acts(state: State, held: dict[str, Any], events: Events) -> None:
    """A held Tomato's effect on its holder for this round (Fiery acts via ghost_cost)."""
    if card(held["card"])["effect"]["type"] != "discard_best_chorus":
        return
    s = state["seats"][held["holder"]]
    if s["chorus"]:
        best = sorted(s["chorus"], key=lambda c: (-card(c)["rose"], c))[0]
        s["chorus"].remove(best)
        state["discard"].append(best)
        events.append(
            {
                "type": "tomato_discard",
                "seat": held["holder"],
                "card": best,
                "tomato": held["card"],
            }
        )


def pass_tomatoes(state: State, events: Events) -> None:
    """Round end: held Tomatoes pass clockwise (never into a Chorus); one lap, then out."""
    kept = []
    for held in state.get("held_tomatoes", []):
        nxt = (held["holder"] + 1) % state["players"]
        if nxt == held["first"]:
            state["discard"].append(held["card"])
            events.append({"type": "tomato_out", "card": held["card"]})
            continue
        kept.append({**held, "holder": nxt})
        events.append({"type": "tomato_passed", "card": held["card"], "to": nxt})
    state["held_tomatoes"] = kept
