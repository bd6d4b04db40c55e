"""Battle of Bands (rounds 3 and 6) and the Final Battle (round 8).

Steps: every seat rolls four dice (Metallum its difficulty's count); seats with a shield
(Fame 5) or a protection Distortion protect dice in battle order; then each one in battle
order (Metallum too, at its place by Fame) attacks or passes, a seat's battle turn also
allowing rerolls, paid face choices, its band abilities and its Distortions; surviving dice
become bonuses or, in the final, symbols for the collection.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from services.core import RulesError, draw_rng
from services.overdrive import actors, cards, dice, metallum
from services.overdrive.actors import METALLUM
from services.overdrive.content import content
from services.overdrive.params import get_face, get_int, get_int_list, get_str, get_who
from services.overdrive.rounds import end_round

# band abilities that act on dice or tracks, so that they mean something in a battle
# (borrowing and clearing need dice on the board, which is empty by then)
BATTLE_ABILITIES = ("change_face", "reroll_free", "spare_faces", "trade")

BATTLE_DICE = 4


def _key(who: Any) -> str:
    return str(who)


def battle_order(state: dict[str, Any]) -> list[Any]:
    """Fame leader first (Metallum too: it has a Fame track), then clockwise; Hall of Fame:
    everyone by Fame with tiebreaks.  A full tie goes to the earlier in this round's turn
    order, Metallum first (it acts first each round); clockwise, it sits before seat 0."""
    circle: list[Any] = list(range(state["players"]))
    turns: list[Any] = list(state["order"])
    if state["metallum"] is not None:
        circle.insert(0, METALLUM)
        turns.insert(0, METALLUM)
    ranked = sorted(
        circle,
        key=lambda w: (actors.rank_key(actors.actor(state, w)), -turns.index(w)),
        reverse=True,
    )
    if state["variants"]["hall_of_fame"]:
        return ranked
    lead = circle.index(ranked[0])
    return [circle[(lead + i) % len(circle)] for i in range(len(circle))]


def seats_in(order: list[Any]) -> list[int]:
    return [w for w in order if w != METALLUM]


def start(state: dict[str, Any], events: list) -> None:
    rng = draw_rng(state)
    for rec in state["seats"]:
        actors.refresh_unlocked(rec)
        rec["turn"] = {"used": {}}
    order = battle_order(state)
    state["first"] = seats_in(order)[0]
    who_all: list[Any] = list(range(state["players"]))
    if state["metallum"] is not None:
        who_all.append(METALLUM)
    state["battle"] = {
        "final": state["round"] == 8,
        "order": order,
        "step": "shield",
        "pos": 0,
        "dice": {
            _key(w): [
                {"face": dice.roll_face(rng), "protected": False}
                for _ in range(metallum.dice_count(state) if w == METALLUM else BATTLE_DICE)
            ]
            for w in who_all
        },
        "shield_used": {_key(s): False for s in seats_in(order)},
        "choice": None,
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
    if seat == METALLUM or all(d["protected"] for d in b["dice"][_key(seat)]):
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


def _metallum_attack(state: dict[str, Any], events: list, queue: list[int]) -> None:
    """Metallum cancels the rarest face (Horns Up or Influence) of each player in ``queue``,
    one die each; on a tie the player picks (the battle stops at a ``choice``)."""
    b = state["battle"]
    while queue:
        seat = queue.pop(0)
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
            b["choice"] = {"seat": seat, "faces": open_faces, "queue": queue}
            return
        face = min(open_faces, key=lambda f: counts[f])
        _remove(state, seat, face, events, METALLUM)
    b["step"], b["choice"] = "attack", None
    b["pos"] += 1  # Metallum's battle turn is over


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
            continue
        if b["step"] == "attack":
            if b["pos"] < len(b["order"]) and b["order"][b["pos"]] == METALLUM:
                _metallum_attack(state, events, seats_in(b["order"]))
                continue
            if b["pos"] < len(b["order"]):
                return
            _resolve(state, events)
            return
        return


def _resolve(state: dict[str, Any], events: list) -> None:
    b = state["battle"]
    for key, lst in b["dice"].items():
        who: Any = METALLUM if key == METALLUM else int(key)
        faces = [d["face"] for d in lst]
        if b["final"]:
            actors.actor(state, who)["symbols"] += faces
            events.append({"type": "final_symbols", "who": who, "faces": faces})
        else:
            # one gain of the summed bonuses: a band's "whenever it gains" pays once
            total: Counter = Counter()
            for face in faces:
                total.update(content()["face_bonus"][face])
            actors.gain(state, who, dict(total), events)
    if not b["final"]:
        cards.discard_market(state)
    state["battle"] = None
    end_round(state, events)


def act(state: dict[str, Any], seat: int, action: dict[str, Any], events: list) -> None:
    """A battle decision by the seat whose turn it is."""
    b = state["battle"]
    kind = action.get("type")
    rec = state["seats"][seat]
    mine = b["dice"].get(_key(seat), [])
    if b["step"] == "choice":
        if kind != "choose_loss":
            raise RulesError("unknown_action", "choose which face Metallum removes")
        choice = b["choice"]
        face = get_str(action, "face", choice["faces"])
        _remove(state, seat, face, events, METALLUM)
        _metallum_attack(state, events, list(choice["queue"]))
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
            if mine[idx]["face"] == face:
                raise RulesError("no_change", "the die already shows that face")
            actors.pay(state, seat, content()["grana_actions"]["set_face"])
            mine[idx]["face"] = face
        elif kind == "attack":
            tgt = get_who(action)
            face = get_face(action)
            if (tgt, face) not in attack_options(state, seat):
                raise RulesError("invalid_attack", "you need more of that face than the target")
            _remove(state, tgt, face, events, seat)
            b["pos"] += 1
        elif kind == "ability":
            _use_ability(state, seat, action, events)
        elif kind == "bonus_raise":
            actors.take_pick(state, seat, action.get("attr"), events)
        elif kind == "play_distortion":
            _play_card(state, seat, action, events)
        else:
            raise RulesError(
                "unknown_action",
                "reroll, set_face, ability, play_distortion, bonus_raise, attack or pass",
            )
        if kind in ("attack", "pass"):
            rec["picks"] = 0  # the battle turn is over: an unspent pick lapses
    _advance(state, events)


def _play_card(state: dict[str, Any], seat: int, action: dict[str, Any], events: list) -> None:
    """A Distortion on the seat's own battle turn ("any time during the turn"): cards that
    give levels or change faces act on its battle dice; a protection card protects one;
    clearing a space or making Skulls wild has nothing to act on with the board empty."""
    rec = state["seats"][seat]
    mine = state["battle"]["dice"][_key(seat)]
    card = cards.held_card(rec, action)
    eff = content()["distortion_by_no"][card]["effect"]

    def pick(idx: int) -> dict[str, Any]:
        if not 0 <= idx < len(mine):
            raise RulesError("no_such_die", "pick one of your battle dice")
        return mine[idx]

    if eff["kind"] == "protect":
        d = pick(get_int(action, "die"))
        if d["protected"]:
            raise RulesError("no_such_die", "that die is protected already")
        d["protected"] = True
    elif eff["kind"] in cards.DICE_KINDS:
        cards.resolve_on_dice(state, seat, eff, action, mine, pick, events)
    else:
        raise RulesError("wrong_phase", "this card acts on the board, which is empty in a battle")
    cards.spend(rec, card, seat, events)


def _card_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Distortions playable on a battle turn, one per choice up to interchangeable dice
    (set-faces cards are described by a form)."""
    rec = state["seats"][seat]
    mine = state["battle"]["dice"][_key(seat)]
    faces = [d["face"] for d in mine]
    out: list[dict[str, Any]] = []
    for card in sorted(set(rec["hand"]), key=int):
        eff = content()["distortion_by_no"][card]["effect"]
        kind = eff["kind"]
        base = {"type": "play_distortion", "card": card}
        if kind == "protect":
            seen = set()
            for i, d in enumerate(mine):
                if not d["protected"] and d["face"] not in seen:
                    seen.add(d["face"])
                    out.append({**base, "die": i})
        elif kind == "skull_to":
            out += [{**base, "face": f} for f in ("chord", "horns", "influence")]
        elif kind == "swap":
            out += [{**base, "face": f} for f in ("horns", "influence")]
        elif kind == "reroll":
            subsets = dice.distinct_subsets(list(range(len(mine))), faces)
            out += [{**base, "dice": d} for d in [[], *subsets]]
        elif kind in ("gain", "all_to", "convert"):
            out.append(base)
    return out


def forms(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """A set-faces Distortion's dice and faces on the seat's battle turn, per card in hand."""
    b = state["battle"]
    if b is None or b["step"] != "attack":
        return []
    out = []
    for card in sorted(set(state["seats"][seat]["hand"]), key=int):
        eff = content()["distortion_by_no"][card]["effect"]
        if eff["kind"] == "set_faces":
            out.append(
                {
                    "type": "play_distortion",
                    "card": card,
                    "dice": f"up to {eff['n']} of your battle dice",
                    "faces": "a face for each of those dice, in the same order",
                }
            )
    return out


def _use_ability(state: dict[str, Any], seat: int, action: dict[str, Any], events: list) -> None:
    """A band ability on the seat's battle turn (its battle dice, or its tracks)."""
    rec = state["seats"][seat]
    mine = state["battle"]["dice"][_key(seat)]
    level = get_str(action, "level", ("a", "b", "c"))
    ab = actors.usable_ability(
        state, seat, level, BATTLE_ABILITIES, f"no ability {level} to use in a battle"
    )

    def die() -> dict[str, Any]:
        idx = get_int(action, "die")
        if not 0 <= idx < len(mine):
            raise RulesError("no_such_die", "pick one of your battle dice")
        return mine[idx]

    kind = ab["kind"]
    if kind in ("change_face", "spare_faces"):
        d = die()
        to = ab["to"] if kind == "change_face" else ab["face"]
        if kind == "change_face" and ab["from"] not in ("any", d["face"]):
            raise RulesError("faces_do_not_fit", f"this ability changes a {ab['from']} face")
        if kind == "spare_faces" and rec["spare_used"] >= ab["uses"]:
            raise RulesError("ability_used", "the spare faces are spent")
        if d["face"] == to:
            raise RulesError("no_change", "the die already shows that face")
        d["face"] = to
    elif kind == "reroll_free":
        idxs = get_int_list(action, "dice")
        if not idxs or any(not 0 <= i < len(mine) for i in idxs):
            raise RulesError("no_such_die", "reroll some of your battle dice")
        rng = draw_rng(state)
        for i in idxs:
            mine[i]["face"] = dice.roll_face(rng)
    elif kind == "trade":
        if any(rec[k] < v for k, v in ab["lose"].items()):
            raise RulesError("not_enough", "not enough to trade")
        actors.lose(state, seat, ab["lose"], events)
        actors.gain(state, seat, ab["gain"], events)
    actors.spend_ability(state, seat, level, ab)
    events.append({"type": "ability", "seat": seat, "level": level, "kind": kind})


def _ability_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    rec = state["seats"][seat]
    mine = state["battle"]["dice"][_key(seat)]
    faces = [d["face"] for d in mine]
    out: list[dict[str, Any]] = []
    for level, ab in actors.ready_abilities(state, seat, BATTLE_ABILITIES):
        base = {"type": "ability", "level": level}
        kind = ab["kind"]
        if kind in ("change_face", "spare_faces"):
            to = ab["to"] if kind == "change_face" else ab["face"]
            if kind == "spare_faces" and rec["spare_used"] >= ab["uses"]:
                continue
            seen = set()
            for i, f in enumerate(faces):
                if f == to or f in seen:
                    continue
                if kind == "change_face" and ab["from"] not in ("any", f):
                    continue
                seen.add(f)
                out.append({**base, "die": i})
        elif kind == "reroll_free":
            subsets = dice.distinct_subsets(list(range(len(mine))), faces)
            out += [{**base, "dice": d} for d in subsets]
        elif kind == "trade" and all(rec[k] >= v for k, v in ab["lose"].items()):
            out.append(base)
    return out


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
    faces = [d["face"] for d in mine]
    if grana >= content()["grana_actions"]["reroll"] and mine:
        for idxs in dice.distinct_subsets(list(range(len(mine))), faces):
            out.append({"type": "reroll", "dice": idxs})
    if grana >= content()["grana_actions"]["set_face"]:
        seen = set()
        for i, d in enumerate(mine):
            if d["face"] in seen:
                continue
            seen.add(d["face"])
            for f in ("skull", "chord", "horns", "influence"):
                if f != d["face"]:
                    out.append({"type": "set_face", "die": i, "face": f})
    out += _ability_actions(state, seat)
    out += _card_actions(state, seat)
    out += actors.pick_actions(state, seat)
    return out
