"""The allocation turn: placing dice, the six Grana actions, cards, abilities, awards."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from services.core import RulesError, draw_rng
from services.overdrive import actors, awards, board, cards, dice, flow
from services.overdrive.content import FACES, content
from services.overdrive.params import get_face, get_int, get_int_list, get_str, own_die

RAISABLE = ("fans", "fame", "overdrive")
ACTIVE_ABILITIES = ("change_face", "trade", "borrow", "clear_space", "reroll_free", "spare_faces")


def _costs() -> dict[str, int]:
    return content()["grana_actions"]


def use_ability(state: dict[str, Any], seat: int, action: dict[str, Any], events: list) -> None:
    rec = state["seats"][seat]
    level = get_str(action, "level", ("a", "b", "c"))
    ab = actors.usable_ability(
        state, seat, level, ACTIVE_ABILITIES, f"no usable ability {level} now"
    )
    kind = ab["kind"]
    if kind == "change_face":
        die = own_die(rec, get_int(action, "die"))
        if ab["from"] != "any" and die["face"] != ab["from"]:
            raise RulesError("faces_do_not_fit", f"this ability changes a {ab['from']} face")
        if die["face"] == ab["to"]:
            raise RulesError("no_change", "the die already shows that face")
        die["face"] = ab["to"]
    elif kind == "trade":
        if any(rec[k] < v for k, v in ab["lose"].items()):
            raise RulesError("not_enough", "not enough to trade")
        actors.lose(state, seat, ab["lose"], events)
        actors.gain(state, seat, ab["gain"], events)
    elif kind == "borrow":
        if not board.borrow_options(state, seat):
            raise RulesError("invalid_target", "no opponent die on the board")
        board.borrow(state, seat, action, events)
    elif kind == "clear_space":
        board.clear_space(state, seat, action.get("target"), events)
    elif kind == "reroll_free":
        rng = draw_rng(state)
        for i in get_int_list(action, "dice"):
            own_die(rec, i)["face"] = dice.roll_face(rng)
    elif kind == "spare_faces":
        if rec["spare_used"] >= ab["uses"]:
            raise RulesError("ability_used", "the spare faces are spent")
        die = own_die(rec, get_int(action, "die"))
        if die["face"] == ab["face"]:
            raise RulesError("no_change", "the die already shows that face")
        die["face"] = ab["face"]
    actors.spend_ability(state, seat, level, ab)
    events.append({"type": "ability", "seat": seat, "level": level, "kind": kind})


def copy_targets(state: dict[str, Any], seat: int, level: str) -> list[str]:
    """Bands a Cover Bots seat may copy at ``level``: others in play, not yet copied there."""
    if content()["band_by_id"][state["seats"][seat]["band"]][level]["kind"] != "copy":
        return []
    if state["seats"][seat]["copies"][level] is not None:
        return []
    taken = {r["copies"][level] for r in state["seats"]}
    return sorted(
        r["band"] for r in state["seats"] if r["band"] != "cover_bots" and r["band"] not in taken
    )


def act(state: dict[str, Any], seat: int, action: dict[str, Any], events: list) -> None:
    rec = state["seats"][seat]
    kind = action.get("type")
    if kind == "place":
        board.place(state, seat, action, events)
    elif kind == "end_turn":
        flow.end_turn(state, seat, events)
    elif kind == "reroll":
        idxs = get_int_list(action, "dice")
        if not idxs:
            raise RulesError("bad_action", "reroll at least one die")
        for i in idxs:
            own_die(rec, i)
        actors.pay(state, seat, _costs()["reroll"])
        rng = draw_rng(state)
        for i in idxs:
            rec["dice"][i]["face"] = dice.roll_face(rng)
        events.append({"type": "reroll", "seat": seat, "dice": idxs})
    elif kind == "set_face":
        die = own_die(rec, get_int(action, "die"))
        face = get_face(action)
        if die["face"] == face:
            raise RulesError("no_change", "the die already shows that face")
        actors.pay(state, seat, _costs()["set_face"])
        die["face"] = face
    elif kind == "raise":
        attr = get_str(action, "attr", RAISABLE)
        actors.pay(state, seat, _costs()["raise"])
        actors.gain(state, seat, {attr: 1}, events)
    elif kind == "buy_die":
        if rec["extra_dice"] >= content()["max_extra_dice"]:
            raise RulesError("no_more_dice", "a band has at most two extra dice")
        actors.pay(state, seat, _costs()["extra_die"])
        board.add_die(state, seat, events)
    elif kind == "buy_hit":
        cards.buy_hit(state, seat, action.get("card"), action.get("cancel"), events)
    elif kind == "buy_distortion":
        cards.buy_distortion(state, seat, action.get("card"), events)
    elif kind == "play_distortion":
        cards.play_distortion(state, seat, action, events)
    elif kind == "ability":
        use_ability(state, seat, action, events)
    elif kind == "copy":
        level = get_str(action, "level", ("a", "b", "c"))
        band = action.get("band")
        if rec["overdrive"] < content()["ability_levels"][level]:
            raise RulesError("ability_unavailable", f"level {level} is not reached yet")
        if band not in copy_targets(state, seat, level):
            raise RulesError("invalid_target", "cannot copy that band's ability")
        rec["copies"][level] = band
        events.append({"type": "copied", "seat": seat, "level": level, "band": band})
    elif kind == "claim_award":
        awards.claim(state, seat, action.get("award"), events)
    elif kind == "bonus_raise":
        actors.take_pick(state, seat, action.get("attr"), events)
    else:
        raise RulesError("unknown_action", f"unknown action {kind!r}")


# -- listing -------------------------------------------------------------------------


def _dice_choices(rec: dict[str, Any], slots: list[str], wild: bool) -> list[list[int]]:
    """One dice combination per distinct multiset of (face, borrowed) that fills the slots:
    dice alike in both are interchangeable; a borrowed die is not like an own one (it is
    lost at the end of the turn, an own die would go to Resources)."""
    free = dice.unplaced(rec)
    seen, out = set(), []
    for combo in combinations(free, len(slots)):
        kinds = tuple(sorted(_die_class(rec, i) for i in combo))
        if kinds in seen:
            continue
        seen.add(kinds)
        if dice.fits([rec["dice"][i]["face"] for i in combo], slots, wild):
            out.append(list(combo))
    return out


def _die_class(rec: dict[str, Any], i: int) -> tuple[str, bool]:
    return rec["dice"][i]["face"], bool(rec["dice"][i].get("borrowed"))


def _effect_params(
    state: dict[str, Any], seat: int, key: str, effect: dict[str, Any], used: list[int]
) -> list[dict[str, Any]]:
    rec = state["seats"][seat]
    kind = effect["kind"]
    if kind == "choose_track":
        return [{"track": t} for t in effect["tracks"]]
    if kind == "change_face":
        others = [
            i for i in dice.unplaced(rec) if i not in used and not rec["dice"][i].get("borrowed")
        ]
        if not others:
            return [{}]
        seen, out = set(), []
        for i in others:
            if rec["dice"][i]["face"] in seen:
                continue
            seen.add(rec["dice"][i]["face"])
            out += [{"die": i, "face": f} for f in effect["faces"]]
        return out
    if kind == "borrow":
        opts = board.borrow_options(state, seat)
        return [{"borrow": {"seat": s, "face": f}} for s, f in opts] or [{}]
    if kind == "clear_space":
        return [{"target": t} for t in board.clear_targets(state, seat, exclude=key)] or [{}]
    if kind == "intimidate":
        return [{"target": s} for s in range(state["players"]) if s != seat]
    if kind == "extra_die":
        if rec["extra_dice"] >= content()["max_extra_dice"]:
            return []
        if rec["grana"] < content()["space_by_id"][key].get("grana_cost", 0):
            return []
    return [{}]


def place_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    rec = state["seats"][seat]
    wild = rec["turn"].get("skulls_wild", False)
    out = []
    for key in board.space_keys(state, seat):
        if not board.is_free(state, key):
            continue
        modes = [0]
        if key.startswith("hit:"):
            modes = list(range(len(content()["hit_by_id"][key[4:]]["modes"])))
        for mode in modes:
            slots, effect = board.slots_and_effect(state, seat, key, mode)
            for combo in _dice_choices(rec, slots, wild):
                if key == "resources" and rec["dice"][combo[0]].get("borrowed"):
                    continue
                for extra in _effect_params(state, seat, key, effect, combo):
                    act = {"type": "place", "space": key, "dice": combo, **extra}
                    if len(modes) > 1:
                        act["mode"] = mode
                    out.append(act)
    return out


def legal(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    rec = state["seats"][seat]
    costs = _costs()
    out = place_actions(state, seat)
    free = [i for i in dice.unplaced(rec) if not rec["dice"][i].get("borrowed")]
    faces = [rec["dice"][i]["face"] for i in free]
    if free and rec["grana"] >= costs["reroll"]:
        out += [{"type": "reroll", "dice": d} for d in dice.distinct_subsets(free, faces)]
    if free and rec["grana"] >= costs["set_face"]:
        seen = set()
        for i in free:
            if rec["dice"][i]["face"] in seen:
                continue
            seen.add(rec["dice"][i]["face"])
            out += [
                {"type": "set_face", "die": i, "face": f}
                for f in FACES
                if f != rec["dice"][i]["face"]
            ]
    if rec["grana"] >= costs["raise"]:
        out += [{"type": "raise", "attr": a} for a in RAISABLE]
    if rec["grana"] >= costs["extra_die"] and rec["extra_dice"] < content()["max_extra_dice"]:
        out.append({"type": "buy_die"})
    if rec["hit_bought_round"] != state["round"]:
        for card in state["hit_market"]:
            if content()["hit_by_id"][card]["cost"] <= rec["grana"]:
                for cancel in cards.cancel_options(card) or [None]:
                    out.append({"type": "buy_hit", "card": card, "cancel": cancel})
    cost = cards.distortion_cost(state)
    if rec.get("dist_bought_round") != state["round"] and 0 < cost <= rec["grana"]:
        out += [{"type": "buy_distortion", "card": c} for c in state["dist_market"]]
    out += _distortion_actions(state, seat, free)
    out += _ability_actions(state, seat, free)
    for level in ("a", "b", "c"):
        if (
            actors.ability(state, seat, level) is None
            and rec["overdrive"] >= content()["ability_levels"][level]
        ):
            out += [
                {"type": "copy", "level": level, "band": b}
                for b in copy_targets(state, seat, level)
            ]
    if rec.get("award_round") != state["round"]:
        out += [{"type": "claim_award", "award": a} for a in awards.claimable(state, seat)]
    out += actors.pick_actions(state, seat)
    out.append({"type": "end_turn"})
    return out


def forms(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The actions too many to list: a set-faces Distortion's dice and faces, per card in hand.

    Everything else is listed, once per choice up to interchangeable dice (unplaced dice
    showing one face, both the seat's own or both borrowed, do the same)."""
    rec = state["seats"][seat]
    out = []
    for card in sorted(set(rec["hand"]), key=int):
        eff = content()["distortion_by_no"][card]["effect"]
        if eff["kind"] == "set_faces":
            out.append(
                {
                    "type": "play_distortion",
                    "card": card,
                    "dice": f"up to {eff['n']} of your unplaced own dice (not borrowed)",
                    "faces": "a face for each of those dice, in the same order",
                }
            )
    return out


def _distortion_actions(state: dict[str, Any], seat: int, free: list[int]) -> list[dict]:
    rec = state["seats"][seat]
    out: list[dict[str, Any]] = []
    for card in sorted(set(rec["hand"]), key=int):
        eff = content()["distortion_by_no"][card]["effect"]
        kind = eff["kind"]
        base = {"type": "play_distortion", "card": card}
        if kind == "protect":
            continue
        if kind == "clear_space":
            out += [{**base, "target": t} for t in board.clear_targets(state, seat)]
        elif kind == "skull_to":
            out += [{**base, "face": f} for f in FACES if f != "skull"]
        elif kind == "swap":
            out += [{**base, "face": f} for f in ("horns", "influence")]
        elif kind == "set_faces":
            for f in FACES:
                out.append({**base, "dice": free[: eff["n"]], "faces": [f] * len(free[: eff["n"]])})
        elif kind == "reroll":
            subsets = dice.distinct_subsets(free, [rec["dice"][i]["face"] for i in free])
            out += [{**base, "dice": d} for d in [[], *subsets]]
        else:
            out.append(base)
    return out


def _ability_actions(state: dict[str, Any], seat: int, free: list[int]) -> list[dict]:
    rec = state["seats"][seat]
    out: list[dict[str, Any]] = []
    for level, ab in actors.ready_abilities(state, seat, ACTIVE_ABILITIES):
        base = {"type": "ability", "level": level}
        kind = ab["kind"]
        if kind == "change_face":
            out += [
                {**base, "die": i}
                for i in free
                if (ab["from"] == "any" or rec["dice"][i]["face"] == ab["from"])
                and rec["dice"][i]["face"] != ab["to"]
            ]
        elif kind == "trade":
            if all(rec[k] >= v for k, v in ab["lose"].items()):
                out.append(base)
        elif kind == "borrow":
            out += [
                {**base, "borrow": {"seat": s, "face": f}}
                for s, f in board.borrow_options(state, seat)
            ]
        elif kind == "clear_space":
            out += [{**base, "target": t} for t in board.clear_targets(state, seat)]
        elif kind == "reroll_free":
            subsets = dice.distinct_subsets(free, [rec["dice"][i]["face"] for i in free])
            out += [{**base, "dice": d} for d in [[], *subsets]]
        elif kind == "spare_faces" and rec["spare_used"] < ab["uses"]:
            out += [{**base, "die": i} for i in free if rec["dice"][i]["face"] != ab["face"]]
    return out
