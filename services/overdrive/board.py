"""Board spaces, Hit cards as spaces and band-exclusive spaces: availability and placing."""

from __future__ import annotations

from typing import Any

from services.core import RulesError
from services.overdrive import actors, dice
from services.overdrive.actors import METALLUM
from services.overdrive.content import content
from services.overdrive.params import get_face, get_int, get_int_list, get_str, get_who, own_die


def hit_slots(state: dict[str, Any], card: str, mode: int) -> list[str]:
    """The slots of a Hit mode, less the slot its owner cancelled."""
    hit = content()["hit_by_id"][card]
    if not 0 <= mode < len(hit["modes"]):
        raise RulesError("bad_action", f"{card} has no mode {mode}")
    slots = list(hit["modes"][mode]["slots"])
    owned = state["hit_owned"].get(card)
    if owned and owned["cancel"] and owned["cancel"][0] == mode:
        slots.pop(owned["cancel"][1])
    return slots


def exclusive_ability(state: dict[str, Any], seat: int) -> dict[str, Any] | None:
    for _, ab in actors.abilities(state, seat):
        if ab["kind"] == "exclusive_space":
            return ab
    return None


def space_keys(state: dict[str, Any], seat: int) -> list[str]:
    """Every space key the seat could in principle use now (free or not)."""
    keys = [s["id"] for s in content()["spaces"] if s["id"] not in state["blocked"]]
    keys += ["hit:" + h for h in state["hit_market"]]
    keys += ["hit:" + h for h in state["hit_owned"]]
    if exclusive_ability(state, seat) is not None:
        keys.append(f"exclusive:{seat}")
    return keys


def capacity(key: str) -> int:
    if key.startswith("hit:") or key.startswith("exclusive:"):
        return 1
    return content()["space_by_id"][key].get("capacity", 1)


def is_free(state: dict[str, Any], key: str) -> bool:
    cap = capacity(key)
    return cap == 0 or len(state["occupied"].get(key, [])) < cap


def slots_and_effect(
    state: dict[str, Any], seat: int, key: str, mode: int = 0
) -> tuple[list[str], dict[str, Any]]:
    """What a space needs and does; raises when the seat may not use it."""
    if not isinstance(key, str):
        raise RulesError("bad_action", "'space' must be a string")
    if key.startswith("hit:"):
        card = key[4:]
        if card not in state["hit_market"] and card not in state["hit_owned"]:
            raise RulesError("unknown_space", f"Hit {card} is not in play")
        slots = hit_slots(state, card, mode)
        gain = content()["hit_by_id"][card]["modes"][mode]["gain"]
        return slots, {"kind": "hit", "card": card, "gain": gain}
    if key.startswith("exclusive:"):
        ab = exclusive_ability(state, seat)
        if key != f"exclusive:{seat}" or ab is None:
            raise RulesError("unknown_space", "that exclusive space is not yours")
        return list(ab["slots"]), {"kind": "gain", "gain": ab["gain"]}
    sp = content()["space_by_id"].get(key)
    if sp is None or key in state["blocked"]:
        raise RulesError("unknown_space", f"space {key!r} is not in play")
    return list(sp["slots"]), sp["effect"]


def clear_targets(state: dict[str, Any], seat: int, exclude: str | None = None) -> list[str]:
    """Occupied spaces whose dice can be sent home (not Resources, none of the seat's own)."""
    out = []
    for key, occ in state["occupied"].items():
        if not occ or key in ("resources", exclude):
            continue
        if any(o["seat"] == seat for o in occ):
            continue
        out.append(key)
    return sorted(out)


def clear_space(state: dict[str, Any], seat: int, key: Any, events: list) -> None:
    if key not in clear_targets(state, seat):
        raise RulesError("invalid_target", f"cannot clear {key!r}")
    state["occupied"].pop(key)
    events.append({"type": "cleared", "space": key, "by": seat})


def borrow_options(state: dict[str, Any], seat: int) -> list[tuple[int, str]]:
    """(opponent seat, face) pairs of opponents' dice on the board that may be borrowed."""
    out = set()
    for occ in state["occupied"].values():
        for o in occ:
            if o["seat"] != seat and isinstance(o["seat"], int):
                for f in o["faces"]:
                    out.add((o["seat"], f))
    return sorted(out)


def borrow(state: dict[str, Any], seat: int, action: dict[str, Any], events: list) -> None:
    """Use an opponent's die on the board as if it were ours (its face cannot change)."""
    options = borrow_options(state, seat)
    if not options:
        return
    raw = action.get("borrow")
    if not isinstance(raw, dict):
        raise RulesError("bad_action", "'borrow' must be {'seat': s, 'face': f}")
    pick = (get_int(raw, "seat"), get_face(raw))
    if pick not in options:
        raise RulesError("invalid_target", "no such opponent die on the board")
    state["seats"][seat]["dice"].append({"face": pick[1], "placed": None, "borrowed": True})
    events.append({"type": "borrowed", "seat": seat, "from": pick[0], "face": pick[1]})


def place(state: dict[str, Any], seat: int, action: dict[str, Any], events: list) -> None:
    """Put dice on a space and resolve its effect."""
    rec = state["seats"][seat]
    key = get_str(action, "space")
    mode = get_int(action, "mode") if "mode" in action else 0
    slots, effect = slots_and_effect(state, seat, key, mode)
    if not is_free(state, key):
        raise RulesError("space_occupied", f"{key} is occupied")
    idxs = get_int_list(action, "dice")
    for i in idxs:
        die = own_die(rec, i, allow_borrowed=True)
        if key == "resources" and die.get("borrowed"):
            raise RulesError("die_borrowed", "a borrowed die never goes to Resources")
    faces = [rec["dice"][i]["face"] for i in idxs]
    if not dice.fits(faces, slots, rec["turn"].get("skulls_wild", False)):
        raise RulesError("faces_do_not_fit", f"{faces} do not fill {slots}")
    kind = effect["kind"]
    # Check the effect's own parameters before anything moves.
    if kind == "extra_die":
        if rec["extra_dice"] >= content()["max_extra_dice"]:
            raise RulesError("no_more_dice", "a band has at most two extra dice")
        actors.pay(state, seat, content()["space_by_id"][key].get("grana_cost", 0))
    for i in idxs:
        rec["dice"][i]["placed"] = key
    state["occupied"].setdefault(key, []).append({"seat": seat, "faces": faces})
    events.append({"type": "placed", "seat": seat, "space": key, "faces": faces})
    if kind == "gain":
        actors.gain(state, seat, effect["gain"], events)
    elif kind == "choose_track":
        track = get_str(action, "track", effect["tracks"])
        actors.gain(state, seat, {track: effect["amount"]}, events)
    elif kind == "change_face":
        if action.get("die") is not None:
            die = own_die(rec, get_int(action, "die"))
            face = get_str(action, "face", effect["faces"])
            die["face"] = face
            events.append({"type": "face_changed", "seat": seat, "face": face})
        elif any(d["placed"] is None and not d.get("borrowed") for d in rec["dice"]):
            raise RulesError("bad_action", "name the 'die' to change and its 'face'")
    elif kind == "borrow":
        borrow(state, seat, action, events)
    elif kind == "extra_die":
        add_die(state, seat, events)
    elif kind == "clear_space":
        if clear_targets(state, seat, exclude=key):
            clear_space(state, seat, action.get("target"), events)
    elif kind == "intimidate":
        target = get_who(action)
        if target in (seat, METALLUM):
            raise RulesError("invalid_target", "intimidate an opponent seat")
        actors.actor(state, target)
        actors.gain(state, seat, effect["gain"], events)
        actors.lose(state, target, effect["opponent_loses"], events)
    elif kind == "hit":
        actors.gain(state, seat, effect["gain"], events)
        owner = state["hit_owned"].get(effect["card"], {}).get("owner")
        if owner is not None and owner != seat:
            share = {k: max(1, v - 1) for k, v in effect["gain"].items()}
            actors.gain(state, owner, share, events)


def add_die(state: dict[str, Any], seat: int, events: list) -> None:
    """A new member joins: rolled now, usable this turn."""
    from services.core import draw_rng

    rec = state["seats"][seat]
    if rec["extra_dice"] >= content()["max_extra_dice"]:
        raise RulesError("no_more_dice", "a band has at most two extra dice")
    rec["extra_dice"] += 1
    face = dice.roll_face(draw_rng(state))
    rec["dice"].append({"face": face, "placed": None})
    events.append({"type": "new_member", "seat": seat, "face": face})
