"""Battle of Bands (rounds 3 and 6) and the Final Battle (round 8).

Steps: everyone rolls four dice; seats with a shield (Fame 5) or a protection Distortion
protect dice in battle order; Metallum (if present) attacks first; then each seat in battle
order attacks one opponent or passes; surviving dice become bonuses or, in the final,
symbols for the collection.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from services.core import RulesError, draw_rng
from services.overdrive import actors, cards, dice
from services.overdrive.actors import METALLUM
from services.overdrive.content import content
from services.overdrive.params import get_face, get_int, get_int_list, get_str, get_who

BATTLE_DICE = 4


def _key(who: Any) -> str:
    return str(who)


def battle_order(state: dict[str, Any]) -> list[int]:
    """Fame leader first, then clockwise (Hall of Fame: everyone by Fame with tiebreaks)."""
    n = state["players"]
    ranked = sorted(range(n), key=lambda s: (actors.rank_key(state["seats"][s]), -s), reverse=True)
    if state["variants"]["hall_of_fame"]:
        return ranked
    lead = ranked[0]
    return [(lead + i) % n for i in range(n)]


def start(state: dict[str, Any], events: list) -> None:
    rng = draw_rng(state)
    for rec in state["seats"]:
        actors.refresh_unlocked(rec)
        rec["turn"] = {"used": {}}
    order = battle_order(state)
    state["first"] = order[0]
    who_all: list[Any] = list(range(state["players"]))
    if state["metallum"] is not None:
        who_all.append(METALLUM)
    state["battle"] = {
        "final": state["round"] == 8,
        "order": order,
        "step": "shield",
        "pos": 0,
        "dice": {
            _key(w): [{"face": dice.roll_face(rng), "protected": False} for _ in range(BATTLE_DICE)]
            for w in who_all
        },
        "shield_used": {_key(s): False for s in order},
        "choice": None,
        "metallum_done": state["metallum"] is None,
    }
    events.append(
        {
            "type": "battle",
            "final": state["round"] == 8,
            "order": order,
            "dice": {k: [d["face"] for d in v] for k, v in state["battle"]["dice"].items()},
        }
    )
    _advance(state, events)


def protect_sources(state: dict[str, Any], seat: int) -> list[str]:
    """'shield' (Fame 5, once a battle) and protection Distortions in hand."""
    b = state["battle"]
    if all(d["protected"] for d in b["dice"][_key(seat)]):
        return []
    out = []
    if (
        state["seats"][seat]["fame"] >= content()["shield_fame"]
        and not b["shield_used"][_key(seat)]
    ):
        out.append("shield")
    for card in state["seats"][seat]["hand"]:
        if content()["distortion_by_no"][card]["effect"]["kind"] == "protect":
            out.append(card)
    return out


def awaits_protect(state: dict[str, Any], seat: int) -> bool:
    """Whether the protect step stops at ``seat``, decided on public facts only.

    Stopping only where a protection card is held would tell everyone who holds
    one, so any seat with an unprotected die and either the shield or a card in
    hand gets the step (and may simply end it).
    """
    b = state["battle"]
    if all(d["protected"] for d in b["dice"][_key(seat)]):
        return False
    shield = (
        state["seats"][seat]["fame"] >= content()["shield_fame"]
        and not b["shield_used"][_key(seat)]
    )
    return shield or bool(state["seats"][seat]["hand"])


def targets(state: dict[str, Any], seat: int) -> list[Any]:
    """Whom a seat may attack: opponents (only Metallum when playing against it)."""
    if state["metallum"] is not None:
        return [METALLUM]
    return [s for s in range(state["players"]) if s != seat]


def attack_options(state: dict[str, Any], seat: int) -> list[tuple[Any, str]]:
    b = state["battle"]
    mine = Counter(d["face"] for d in b["dice"][_key(seat)])
    out = []
    for tgt in targets(state, seat):
        their = b["dice"][_key(tgt)]
        if len(their) <= 1:
            continue
        theirs = Counter(d["face"] for d in their)
        for face in sorted({d["face"] for d in their if not d["protected"]}):
            if mine[face] > theirs[face]:
                out.append((tgt, face))
    return out


def current_seat(state: dict[str, Any]) -> int | None:
    b = state["battle"]
    if b is None:
        return None
    if b["step"] == "choice":
        return b["choice"]["seat"]
    return b["order"][b["pos"]] if b["pos"] < len(b["order"]) else None


def _remove(state: dict[str, Any], who: Any, face: str, events: list, by: Any) -> None:
    lst = state["battle"]["dice"][_key(who)]
    for i, d in enumerate(lst):
        if d["face"] == face and not d["protected"]:
            lst.pop(i)
            events.append({"type": "attack", "by": by, "target": who, "face": face})
            return
    raise RulesError("invalid_target", "no unprotected die with that face")


def _metallum_attack(state: dict[str, Any], events: list) -> None:
    """Metallum removes a player's rarest face (Horns Up or Influence); a tie: the player picks."""
    b = state["battle"]
    b["metallum_done"] = True
    for seat in b["order"]:
        lst = b["dice"][_key(seat)]
        if len(lst) <= 1:
            continue
        counts = Counter(d["face"] for d in lst)
        open_faces = [
            f
            for f in ("horns", "influence")
            if any(d["face"] == f and not d["protected"] for d in lst)
        ]
        if not open_faces:
            continue
        if len(open_faces) == 2 and counts["horns"] == counts["influence"]:
            b["step"] = "choice"
            b["choice"] = {"seat": seat, "faces": open_faces}
            return
        face = min(open_faces, key=lambda f: counts[f])
        _remove(state, seat, face, events, METALLUM)
        return


def _advance(state: dict[str, Any], events: list) -> None:
    """Move to the next seat that has a decision, resolving the battle at the end."""
    b = state["battle"]
    while True:
        if b["step"] == "shield":
            while b["pos"] < len(b["order"]) and not awaits_protect(state, b["order"][b["pos"]]):
                b["pos"] += 1
            if b["pos"] < len(b["order"]):
                return
            b["step"], b["pos"] = "attack", 0
            if not b["metallum_done"]:
                _metallum_attack(state, events)
                if b["step"] == "choice":
                    return
            continue
        if b["step"] == "attack":
            if b["pos"] < len(b["order"]):
                return
            _resolve(state, events)
            return
        return


def _resolve(state: dict[str, Any], events: list) -> None:
    from services.overdrive import flow

    b = state["battle"]
    for key, lst in b["dice"].items():
        who: Any = METALLUM if key == METALLUM else int(key)
        faces = [d["face"] for d in lst]
        if b["final"]:
            actors.actor(state, who)["symbols"] += faces
            events.append({"type": "final_symbols", "who": who, "faces": faces})
        else:
            for face in faces:
                actors.gain(state, who, content()["face_bonus"][face], events)
    if not b["final"]:
        cards.discard_market(state)
    state["battle"] = None
    flow.end_round(state, events)


def act(state: dict[str, Any], seat: int, action: dict[str, Any], events: list) -> None:
    """A battle decision by the seat whose turn it is."""
    b = state["battle"]
    kind = action.get("type")
    rec = state["seats"][seat]
    mine = b["dice"].get(_key(seat), [])
    if b["step"] == "choice":
        if kind != "choose_loss":
            raise RulesError("unknown_action", "choose which face Metallum removes")
        face = get_str(action, "face", b["choice"]["faces"])
        b["step"], b["choice"] = "attack", None
        _remove(state, seat, face, events, METALLUM)
    elif b["step"] == "shield":
        if kind == "end_protect":
            b["pos"] += 1
        elif kind == "protect":
            source = get_str(action, "source", protect_sources(state, seat))
            idx = get_int(action, "die")
            if not 0 <= idx < len(mine) or mine[idx]["protected"]:
                raise RulesError("no_such_die", "pick one of your unprotected battle dice")
            mine[idx]["protected"] = True
            if source == "shield":
                b["shield_used"][_key(seat)] = True
            else:
                rec["hand"].remove(source)
                rec["used"].append(source)
            events.append({"type": "protected", "seat": seat, "source": source})
        else:
            raise RulesError("unknown_action", "protect a die or end_protect")
    else:
        if kind == "pass":
            b["pos"] += 1
        elif kind == "reroll":
            idxs = get_int_list(action, "dice")
            if not idxs or any(not 0 <= i < len(mine) for i in idxs):
                raise RulesError("no_such_die", "reroll some of your battle dice")
            actors.pay(state, seat, content()["grana_actions"]["reroll"])
            rng = draw_rng(state)
            for i in idxs:
                mine[i]["face"] = dice.roll_face(rng)
            events.append({"type": "battle_reroll", "seat": seat})
        elif kind == "set_face":
            idx = get_int(action, "die")
            face = get_face(action)
            if not 0 <= idx < len(mine):
                raise RulesError("no_such_die", "pick one of your battle dice")
            actors.pay(state, seat, content()["grana_actions"]["set_face"])
            mine[idx]["face"] = face
        elif kind == "attack":
            tgt = get_who(action)
            face = get_face(action)
            if (tgt, face) not in attack_options(state, seat):
                raise RulesError("invalid_attack", "you need more of that face than the target")
            _remove(state, tgt, face, events, seat)
            b["pos"] += 1
        else:
            raise RulesError("unknown_action", "reroll, set_face, attack or pass")
    _advance(state, events)


def legal(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    b = state["battle"]
    mine = b["dice"][_key(seat)]
    if b["step"] == "choice":
        return [{"type": "choose_loss", "face": f} for f in b["choice"]["faces"]]
    if b["step"] == "shield":
        out: list[dict[str, Any]] = [{"type": "end_protect"}]
        for src in protect_sources(state, seat):
            for i, d in enumerate(mine):
                if not d["protected"]:
                    out.append({"type": "protect", "die": i, "source": src})
        return out
    out = [{"type": "attack", "target": t, "face": f} for t, f in attack_options(state, seat)]
    out.append({"type": "pass"})
    grana = state["seats"][seat]["grana"]
    if grana >= content()["grana_actions"]["reroll"] and mine:
        out.append({"type": "reroll", "dice": list(range(len(mine)))})
    if grana >= content()["grana_actions"]["set_face"]:
        for i, d in enumerate(mine):
            for f in ("skull", "chord", "horns", "influence"):
                if f != d["face"]:
                    out.append({"type": "set_face", "die": i, "face": f})
    return out
