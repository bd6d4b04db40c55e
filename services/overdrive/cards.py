"""Hit cards (bought, cancelled slot, refilled) and Distortion cards (falling prices, effects)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from services.core import RulesError, draw_rng
from services.overdrive import actors, board, dice
from services.overdrive.actors import METALLUM, Who
from services.overdrive.content import FACES, content
from services.overdrive.params import get_face, get_int_list, get_str, own_die


def cancel_options(card: str) -> list[list[int]]:
    """[mode, slot] pairs a buyer may cancel: any slot of a mode with two or more slots."""
    hit = content()["hit_by_id"][card]
    return [
        [m, i]
        for m, mode in enumerate(hit["modes"])
        if len(mode["slots"]) > 1
        for i in range(len(mode["slots"]))
    ]


def buy_hit(state: dict[str, Any], who: Who, card: Any, cancel: Any, events: list) -> None:
    """Pay the printed cost, own the card, cancel one slot, reveal a replacement."""
    if card not in state["hit_market"]:
        raise RulesError("card_not_available", f"Hit {card!r} is not on the table")
    rec = actors.actor(state, who)
    if rec.get("hit_bought_round") == state["round"]:
        raise RulesError("already_bought", "one Hit per round")
    options = cancel_options(card)
    if options and cancel not in options:
        raise RulesError("bad_action", f"'cancel' must be one of {options}")
    cost = content()["hit_by_id"][card]["cost"]
    if rec["grana"] < cost:
        raise RulesError("not_enough_grana", f"{card} costs {cost}")
    rec["grana"] -= cost
    rec["hit_bought_round"] = state["round"]
    state["hit_market"].remove(card)
    state["hit_owned"][card] = {"owner": who, "cancel": list(cancel) if options else None}
    rec["hits"].append(card)
    if state["hit_deck"]:
        state["hit_market"].append(state["hit_deck"].pop(0))
    events.append({"type": "hit_bought", "who": who, "card": card, "cost": cost})


def distortion_cost(state: dict[str, Any]) -> int:
    return len(state["dist_market"])


def refill_distortions(state: dict[str, Any]) -> None:
    if not state["dist_market"]:
        state["dist_market"], state["dist_deck"] = state["dist_deck"][:3], state["dist_deck"][3:]


def buy_distortion(state: dict[str, Any], who: Who, card: Any, events: list) -> None:
    """Pay 3/2/1 by the cards on the table; Metallum takes the top of the pile instead."""
    rec = actors.actor(state, who)
    if rec.get("dist_bought_round") == state["round"]:
        raise RulesError("already_bought", "one Distortion per turn")
    cost = distortion_cost(state)
    if cost == 0:
        raise RulesError("card_not_available", "no Distortion cards left")
    if rec["grana"] < cost:
        raise RulesError("not_enough_grana", f"a Distortion costs {cost} now")
    if who == METALLUM:
        if not state["dist_deck"]:
            raise RulesError("card_not_available", "the pile is empty")
        taken = state["dist_deck"].pop(0)
    else:
        if card not in state["dist_market"]:
            raise RulesError("card_not_available", f"Distortion {card!r} is not on the table")
        state["dist_market"].remove(card)
        taken = card
    rec["grana"] -= cost
    rec["dist_bought_round"] = state["round"]
    rec["hand"].append(taken)
    refill_distortions(state)
    events.append({"type": "distortion_bought", "who": who, "cost": cost})


def play_distortion(state: dict[str, Any], seat: int, action: dict[str, Any], events: list) -> None:
    """Resolve a Distortion from the seat's hand during its allocation turn."""
    rec = state["seats"][seat]
    card = held_card(rec, action)
    eff = content()["distortion_by_no"][card]["effect"]
    kind = eff["kind"]
    mine = [d for d in rec["dice"] if d["placed"] is None and not d.get("borrowed")]
    if kind == "protect":
        raise RulesError("wrong_phase", "protection is played in the Battle of Bands")
    if kind == "clear_space":
        board.clear_space(state, seat, action.get("target"), events)
    elif kind == "skulls_wild":
        rec["turn"]["skulls_wild"] = True
    else:
        resolve_on_dice(state, seat, eff, action, mine, lambda i: own_die(rec, i), events)
    spend(rec, card, seat, events)


def held_card(rec: dict[str, Any], action: dict[str, Any]) -> str:
    card = action.get("card")
    if card not in rec["hand"]:
        raise RulesError("card_not_in_hand", f"Distortion {card!r} is not in your hand")
    return str(card)


def spend(rec: dict[str, Any], card: str, seat: int, events: list) -> None:
    """A played card leaves the hand for the used pile (its symbol still counts)."""
    rec["hand"].remove(card)
    rec["used"].append(card)
    events.append({"type": "distortion_played", "seat": seat, "card": card})


# effects that act on dice or tracks: the same in an allocation turn and a battle turn
DICE_KINDS = ("gain", "skull_to", "set_faces", "all_to", "convert", "swap", "reroll")


def resolve_on_dice(
    state: dict[str, Any],
    seat: int,
    eff: dict[str, Any],
    action: dict[str, Any],
    mine: list[dict[str, Any]],
    pick: Callable[[int], dict[str, Any]],
    events: list,
) -> None:
    """A card that gives levels or changes faces: "all" cards act on ``mine``, cards that
    name dice take them by index through ``pick``."""
    kind = eff["kind"]
    if kind == "gain":
        actors.gain(state, seat, eff["gain"], events)
    elif kind == "skull_to":
        face = get_face(action)
        if face == "skull":
            raise RulesError("no_change", "the Skulls already show that face")
        for d in mine:
            if d["face"] == "skull":
                d["face"] = face
    elif kind == "set_faces":
        idxs = get_int_list(action, "dice")
        faces = action.get("faces")
        if len(idxs) > eff["n"] or not isinstance(faces, list) or len(faces) != len(idxs):
            raise RulesError("bad_action", f"give up to {eff['n']} 'dice' and as many 'faces'")
        if any(f not in FACES for f in faces):
            raise RulesError("bad_action", "unknown face")
        chosen = [pick(i) for i in idxs]
        for d, f in zip(chosen, faces):
            d["face"] = f
    elif kind == "all_to":
        for d in mine:
            d["face"] = eff["face"]
    elif kind == "convert":
        for d in mine:
            if d["face"] == eff["from"]:
                d["face"] = eff["to"]
    elif kind == "swap":
        to = get_str(action, "face", ("horns", "influence"))
        frm = "influence" if to == "horns" else "horns"
        for d in mine:
            if d["face"] == frm:
                d["face"] = to
    elif kind == "reroll":
        chosen = [pick(i) for i in get_int_list(action, "dice")]
        rng = draw_rng(state)
        for d in chosen:
            d["face"] = dice.roll_face(rng)
    else:
        raise RulesError("wrong_phase", "this card does nothing here")


def discard_market(state: dict[str, Any]) -> None:
    """After a Battle of Bands the face-up Distortions go and three new ones come."""
    state["dist_discard"] += state["dist_market"]
    state["dist_market"] = []
    refill_distortions(state)
