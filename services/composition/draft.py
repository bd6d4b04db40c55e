"""Phase 1, The Composition: the lay-out at the start of a round and the draft.

Seats take one card at a time from the Baton holder clockwise; the draft ends
when a seat stops (nothing free left) or the seat to act can neither take a
free card nor afford anything; then every seat composes.
"""

from __future__ import annotations

from services.composition.content import card
from services.composition.deck import draw_note, held_tomato_acts
from services.composition.seats import Action, Events, State, has_ability, rules
from services.core import RulesError


def start_round(state: State, events: Events) -> None:
    """Lay out The Composition for a new round and hand the draft to the Baton holder."""
    r = rules()
    state["round"] += 1
    state["phase"] = "draft"
    state["ghost_cost"] = r["costs"]["ghost"]
    comp = state["composition"]
    comp["ghost"] = True
    for s in state["seats"]:
        s["drafted"] = list(s["extra"])
        s["extra"] = []
        s["bought_ovation"] = False
        s["performance"] = None
        s["status"] = "waiting"
        s["help"] = []
        s.pop("contested", None)
    for held in state.get("held_tomatoes", []):
        held_tomato_acts(state, held, events)
    want = r["solo"]["notes_per_round"] if state["solo"] else state["tracker"]
    while len(comp["notes"]) < want:
        cid = draw_note(state, allow_tomato=True, events=events)
        if cid is None:
            break
        comp["notes"].append(cid)
    slots = r["solo"]["crescendo_slots"] if state["solo"] else r["crescendo_slots"]
    while len(comp["crescendos"]) < slots and state["cresc_deck"]:
        comp["crescendos"].append({"card": state["cresc_deck"].pop(0), "roses": 0})
    state["turn"] = state["baton"]
    events.append({"type": "round", "round": state["round"], "baton": state["baton"]})
    seat = state["turn"]
    if not free_cards(state, seat) and not has_purchase(state, seat):
        begin_compose(state, events)


def free_cards(state: State, seat: int) -> list[str]:
    comp = state["composition"]
    free = list(comp["notes"])
    if comp["ghost"] and ghost_cost(state, seat) == 0:
        free.append("ghost")
    return free


def ghost_cost(state: State, seat: int) -> int:
    """What the Ghost Note costs ``seat`` now (solo, SUN, no Note left, Fiery Tomato)."""
    if state["solo"]:
        return int(rules()["solo"]["ghost_cost"])
    if has_ability(state, seat, "ghost_free") or not state["composition"]["notes"]:
        return 0
    cost = int(state["ghost_cost"])
    for held in state.get("held_tomatoes", []):
        eff = card(held["card"])["effect"]
        if held["holder"] == seat and eff["type"] == "ghost_cost":
            cost = max(cost, eff["n"])
    return cost


def cresc_cost(state: State, seat: int) -> int:
    disc = has_ability(state, seat, "crescendo_discount")
    return max(0, rules()["costs"]["crescendo"] - (disc["n"] if disc else 0))


def can_buy_ovation(state: State, seat: int) -> bool:
    s = state["seats"][seat]
    if not state["solo"] and s["bought_ovation"]:
        return False
    return bool(state["ovations"]) and s["roses"] >= rules()["costs"]["ovation"]


def draft_actions(state: State, seat: int) -> list[Action]:
    s = state["seats"][seat]
    comp = state["composition"]
    acts: list[Action] = [{"type": "take", "card": c} for c in free_cards(state, seat)]
    if comp["ghost"] and 0 < ghost_cost(state, seat) <= s["roses"]:
        acts.append({"type": "take", "card": "ghost"})
    if comp["crescendos"] and s["roses"] >= cresc_cost(state, seat):
        acts.extend({"type": "buy_crescendo", "slot": i} for i in range(len(comp["crescendos"])))
    if can_buy_ovation(state, seat):
        acts.extend({"type": "buy_ovation", "ovation": o} for o in state["ovations"])
    if not free_cards(state, seat):
        acts.append({"type": "stop"})
    acts.extend(rex_actions(state, seat))
    return acts


def rex_actions(state: State, seat: int) -> list[Action]:
    if state["solo"] or state["rex"] is not None or not has_ability(state, seat, "rex_mark"):
        return []
    if not any(card(c).get("rex") for c in state["seats"][seat]["locked"]):
        return []
    return [
        {"type": "rex_mark", "target": t, "card": c}
        for t, other in enumerate(state["seats"])
        if t != seat
        for c in other["chorus"]
    ]


def _check_turn(state: State, seat: int) -> None:
    if seat != state["turn"]:
        raise RulesError("not_your_turn", f"seat {state['turn']} is drafting")


def take(state: State, seat: int, action: Action, events: Events) -> None:
    _check_turn(state, seat)
    cid = action.get("card")
    comp = state["composition"]
    s = state["seats"][seat]
    if cid == "ghost":
        if not comp["ghost"]:
            raise RulesError("card_not_available", "the Ghost Note is taken")
        cost = ghost_cost(state, seat)
        if cost > s["roses"]:
            raise RulesError("not_enough_roses", f"the Ghost Note costs {cost}")
        s["roses"] -= cost
        comp["ghost"] = False
        s["ghost"] = True
        events.append({"type": "took", "seat": seat, "card": "ghost", "cost": cost})
    elif isinstance(cid, str) and cid in comp["notes"]:
        comp["notes"].remove(cid)
        s["drafted"].append(cid)
        _on_take(state, seat, cid, events)
        events.append({"type": "took", "seat": seat, "card": cid, "cost": 0})
    else:
        raise RulesError("card_not_available", f"{cid!r} is not in The Composition")
    _next_drafter(state, events)


def _on_take(state: State, seat: int, cid: str, events: Events) -> None:
    s = state["seats"][seat]
    c = card(cid)
    for ab in c.get("abilities", ()):
        if ab["type"] == "on_take_roses":
            s["roses"] += ab["n"]
            events.append({"type": "on_take", "seat": seat, "card": cid, "roses": ab["n"]})
    if c.get("locked"):
        s["drafted"].remove(cid)
        s["locked"].append(cid)
        events.append({"type": "locked_letter", "seat": seat, "card": cid})


def buy_crescendo(state: State, seat: int, action: Action, events: Events) -> None:
    _check_turn(state, seat)
    slot = action.get("slot")
    comp = state["composition"]
    if (
        not isinstance(slot, int)
        or isinstance(slot, bool)
        or not 0 <= slot < len(comp["crescendos"])
    ):
        raise RulesError("card_not_available", "no Crescendo in that slot")
    s = state["seats"][seat]
    cost = cresc_cost(state, seat)
    if s["roses"] < cost:
        raise RulesError("not_enough_roses", f"a Crescendo costs {cost}")
    entry = comp["crescendos"].pop(slot)
    s["roses"] += entry["roses"] - cost
    s["drafted"].append(entry["card"])
    events.append(
        {
            "type": "bought_crescendo",
            "seat": seat,
            "card": entry["card"],
            "cost": cost,
            "roses_on_card": entry["roses"],
        }
    )
    _on_take(state, seat, entry["card"], events)
    _next_drafter(state, events)


def buy_ovation(state: State, seat: int, action: Action, events: Events) -> None:
    _check_turn(state, seat)
    oid = action.get("ovation")
    if not isinstance(oid, str) or oid not in state["ovations"]:
        raise RulesError("card_not_available", f"Ovation {oid!r} is not on offer")
    s = state["seats"][seat]
    if not state["solo"] and s["bought_ovation"]:
        raise RulesError("ovation_limit", "one Ovation per seat per round")
    cost = rules()["costs"]["ovation"]
    if s["roses"] < cost:
        raise RulesError("not_enough_roses", f"an Ovation costs {cost}")
    s["roses"] -= cost
    state["ovations"].remove(oid)
    s["ovations"].append(oid)
    s["bought_ovation"] = True
    state["tracker"] = min(state["tracker"] + 1, rules()["tracker_max"])
    events.append({"type": "bought_ovation", "seat": seat, "ovation": oid})
    if not state["solo"] and not state["ovations"] and not state["last_round"]:
        state["last_round"] = True
        events.append({"type": "last_round", "reason": "all Ovations bought"})
    _next_drafter(state, events)


def rex_mark(state: State, seat: int, action: Action, events: Events) -> None:
    _check_turn(state, seat)
    legal = rex_actions(state, seat)
    want = {"type": "rex_mark", "target": action.get("target"), "card": action.get("card")}
    if want not in legal:
        raise RulesError("illegal_mark", "REX may mark one Chorus card of another seat")
    x = next(c for c in state["seats"][seat]["locked"] if card(c).get("rex"))
    state["rex"] = {"seat": seat, "x": x, "target": want["target"], "card": want["card"]}
    events.append(
        {"type": "rex_mark", "seat": seat, "target": want["target"], "card": want["card"]}
    )


def stop(state: State, seat: int, action: Action, events: Events) -> None:
    _check_turn(state, seat)
    if free_cards(state, seat):
        raise RulesError("must_take", "a free card is available: take one")
    events.append({"type": "draft_stopped", "seat": seat})
    begin_compose(state, events)


def _next_drafter(state: State, events: Events) -> None:
    n = state["players"]
    state["turn"] = (state["turn"] + 1) % n
    seat = state["turn"]
    if not free_cards(state, seat) and not has_purchase(state, seat):
        events.append({"type": "draft_ended"})
        begin_compose(state, events)


def has_purchase(state: State, seat: int) -> bool:
    comp = state["composition"]
    roses = state["seats"][seat]["roses"]
    return (
        (comp["ghost"] and ghost_cost(state, seat) <= roses)
        or (bool(comp["crescendos"]) and cresc_cost(state, seat) <= roses)
        or can_buy_ovation(state, seat)
    )


def begin_compose(state: State, events: Events) -> None:
    """The draft is over: every seat now composes its Performance."""
    state["phase"] = "compose"
    for s in state["seats"]:
        s["status"] = "composing"
        s["performance"] = None
        s["retried"] = False
    events.append({"type": "compose", "round": state["round"]})
