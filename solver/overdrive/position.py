"""A seat's allocation position: what the recommender may use, from a live state or a payload.

The recommender plans with: the seat's unplaced dice; free board spaces with a fixed gain
(Appearance, Interview, Rehearsal, Acoustic, Intimidation, a band's exclusive space), the
face-changing spaces (Improvisation, New Riff), New Member and every free Hit (each mode);
face changes bought for 5 Grana, the once-per-turn change-face ability, set-faces Distortions;
Distortions that simply give levels (played at once); buying one Hit and one Distortion; the
10-Grana raises and extra dice; Jam Session and a borrow ability (a die of a face some
opponent shows on the board); clearing occupied spaces to use them (Opportunity, clear
Distortions in hand or bought this turn, a clear ability); the all-dice face Distortions and
Skulls wild (in hand or bought now), played first; TNSHE's spare faces; a Hit bought and
then played with a slot cancelled; dice borrowed earlier in the turn; the trade ability
(Dead & Death b).  Cover Bots' copy
choice is made by building one position per choice (``copy_choices``).  Leftover dice go to
Resources.  Rerolls are left to the player (random outcomes; see the doc).
"""

from __future__ import annotations

import copy
from typing import Any

from services.core import RulesError
from services.overdrive import actors, allocation, board, cards, flow
from services.overdrive.content import FACES, TRACKS, content
from services.overdrive.setup import new_state
from solver.overdrive.values import Deltas

PLAIN_SPACES = ("appearance", "interview", "rehearsal", "intimidation")


NO_CLEAR = ("resources", "jam_session", "opportunity")


def _instances(state: dict[str, Any], seat: int, deltas: Deltas) -> list[dict[str, Any]]:
    """Every way to use a space this turn; ``clear`` names the space a clear must free first."""
    out: list[dict[str, Any]] = []
    clearable = set(board.clear_targets(state, seat)) - set(NO_CLEAR)
    borrowable = board.borrow_options(state, seat)
    for key in board.space_keys(state, seat):
        cap = board.capacity(key)
        free = cap - len(state["occupied"].get(key, []))
        if cap == 0 or (free <= 0 and key not in clearable):
            continue
        clear = key if free <= 0 else None
        base = {"key": key, "group": key, "gain": {}}
        if clear:
            base["clear"] = clear
        if key.startswith("hit:"):
            hit = content()["hit_by_id"][key[4:]]
            for mode in range(len(hit["modes"])):
                slots, eff = board.slots_and_effect(state, seat, key, mode)
                out.append(
                    {**base, "mode": mode, "slots": slots, "kind": "gain", "gain": eff["gain"]}
                )
            continue
        slots, eff = board.slots_and_effect(state, seat, key)
        if key.startswith("exclusive:") or key in PLAIN_SPACES:
            out.append({**base, "slots": slots, "kind": "gain", "gain": eff["gain"]})
        elif key == "acoustic":
            for track in eff["tracks"]:
                out.append(
                    {**base, "slots": slots, "kind": "gain", "gain": {track: eff["amount"]},
                     "track": track}
                )  # fmt: skip
        elif key in ("improvisation", "new_riff"):
            for i in range(cap):
                inst = {**base, "group": f"{key}#{i}", "slots": slots, "kind": "change",
                        "faces": eff["faces"]}  # fmt: skip
                inst.pop("clear", None)
                if i >= free:
                    if key not in clearable:
                        continue
                    inst["clear"] = key
                out.append(inst)
        elif key == "jam_session" and borrowable:
            out.append({**base, "slots": slots, "kind": "borrow"})
        elif key == "opportunity":
            out.append({**base, "slots": slots, "kind": "clear_source"})
        elif key == "new_member":
            rec = state["seats"][seat]
            cost = content()["space_by_id"][key].get("grana_cost", 0)
            if rec["extra_dice"] < content()["max_extra_dice"]:
                out.append({**base, "slots": slots, "kind": "extra_die", "cost": cost})
    for inst in out:
        inst["delta"] = deltas.event(inst["gain"]) if inst["gain"] else {}
    return out


def keep_cancel(card: str) -> list[int] | None:
    """The slot a buyer who does not play the Hit now cancels: a face slot (cancelling an
    ``any`` slot leaves a card no easier for any dice), of the face rarest on a die, then
    the face the mode repeats most, then the first."""
    opts = cards.cancel_options(card)
    hit = content()["hit_by_id"][card]
    on_die = content()["die_faces"]

    def rank(o: list[int]) -> tuple[int, int]:
        slots = hit["modes"][o[0]]["slots"]
        face = slots[o[1]]
        return on_die.count(face), -slots.count(face)

    faces = [o for o in opts if hit["modes"][o[0]]["slots"][o[1]] != "any"]
    return min(faces or opts, key=rank) if opts else None


def buy_options(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Each Hit the seat may buy, once per distinct cancel (a slot face of a mode); the
    ``keep`` option is the one bought without playing it now (``keep_cancel``), the others
    only serve a Hit bought and then played this turn."""
    rec = state["seats"][seat]
    if rec["hit_bought_round"] == state["round"]:
        return []
    out = []
    for card in state["hit_market"]:
        hit = content()["hit_by_id"][card]
        keep = keep_cancel(card)
        seen = set()
        for cancel in [keep, *cards.cancel_options(card)]:
            face = None if cancel is None else hit["modes"][cancel[0]]["slots"][cancel[1]]
            key = None if cancel is None else (cancel[0], face)
            if key in seen:
                continue
            if face == "any" and set(hit["modes"][cancel[0]]["slots"]) != {"any"}:
                continue  # a face slot of that mode is never a worse cancel
            seen.add(key)
            out.append(
                {"card": card, "cost": hit["cost"], "cancel": cancel, "keep": cancel == keep}
            )
    return out


def _bought_instances(
    state: dict[str, Any], seat: int, plain: list[dict[str, Any]], buyable: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """A market Hit bought now and then played: its cancelled mode with one slot fewer (the
    rulebook's example: buy, cancel a slot, allocate).  Other modes play as on the table."""
    out = []
    for k, opt in enumerate(buyable):
        if opt["cancel"] is None:
            continue
        mode, slot = opt["cancel"]
        key = "hit:" + opt["card"]
        base = next((i for i in plain if i["key"] == key and i.get("mode") == mode), None)
        if base is None:
            continue
        slots = list(content()["hit_by_id"][opt["card"]]["modes"][mode]["slots"])
        slots.pop(slot)
        out.append({**base, "slots": slots, "buy": k})
    return out


def _distortion_market(state: dict[str, Any], seat: int, deltas: Deltas) -> list[dict[str, Any]]:
    """Distortions the seat may buy now: gain cards are played at once, set-faces cards serve
    this turn's face changes, a clear card may clear a space this turn (or be kept), any
    other card is kept (it still adds its symbol)."""
    rec = state["seats"][seat]
    cost = cards.distortion_cost(state)
    if rec.get("dist_bought_round") == state["round"] or cost == 0:
        return []
    out = []
    for card in state["dist_market"]:
        eff = content()["distortion_by_no"][card]["effect"]
        item: dict[str, Any] = {"card": card, "cost": cost, "use": "keep", "delta": {}, "n": 0}
        if eff["kind"] == "gain":
            item.update(use="gain", delta=deltas.event(eff["gain"]))
            if item["delta"].get("grana", 0) > 0:  # also bought first: its Grana pays early
                out.append({**item, "use": "gain_early"})
        elif eff["kind"] == "set_faces":
            item.update(use="set", n=eff["n"])
        elif eff["kind"] == "clear_space":
            out.append({**item, "use": "clear"})  # bought early and played to clear a space
        elif eff["kind"] in MAP_KINDS:
            out.append({**item, "use": "map"})  # bought early, played with the hand's face cards
        elif eff["kind"] == "skulls_wild":
            out.append({**item, "use": "wild"})
        out.append(item)
    return out


MAP_KINDS = ("skull_to", "all_to", "convert", "swap")


def _card_maps(card: str) -> list[tuple[dict[str, Any], dict[str, str]]]:
    """Each way to play an all-dice face card: (its play parameters, face -> new face)."""
    eff = content()["distortion_by_no"][card]["effect"]
    kind = eff["kind"]
    if kind == "skull_to":
        return [({"face": t}, {"skull": t}) for t in FACES if t != "skull"]
    if kind == "all_to":
        return [({}, {f: eff["face"] for f in FACES})]
    if kind == "convert":
        return [({}, {eff["from"]: eff["to"]})]
    if kind == "swap":
        return [({"face": "horns"}, {"influence": "horns"}),
                ({"face": "influence"}, {"horns": "influence"})]  # fmt: skip
    return []


def face_maps(hand: list[str], market: list[str] = ()) -> list[dict[str, Any]]:
    """Every distinct face map the all-dice Distortions in hand (and at most one bought from
    ``market``) reach when played in some order before any die is changed or placed, with
    the fewest cards; ``buy`` names the market card a map needs (identity first)."""

    def is_map(c: str) -> bool:
        return content()["distortion_by_no"][c]["effect"]["kind"] in MAP_KINDS

    cards_ = [c for c in hand if is_map(c)] + [c for c in market if is_map(c)]
    bought = {c for c in market if is_map(c)}
    start = tuple(FACES)
    best: dict[tuple[Any, ...], list[dict[str, Any]]] = {(start, None): []}
    frontier: list[tuple[tuple[str, ...], frozenset, list[dict[str, Any]]]] = [
        (start, frozenset(), [])
    ]
    while frontier:
        nxt, seen = [], set()
        for now, used, plays in frontier:
            for card in cards_:
                if card in used or (card in bought and used & bought):
                    continue
                for params, step in _card_maps(card):
                    after = tuple(step.get(f, f) for f in now)
                    seq = [*plays, {"card": card, **params}]
                    key = (after, used | {card})
                    if key not in seen:
                        seen.add(key)
                        nxt.append((after, used | {card}, seq))
                    buy = next(iter((used | {card}) & bought), None)
                    if (after, buy) not in best:
                        best[after, buy] = seq
        frontier = nxt
    return [
        {"plays": plays, "map": dict(zip(FACES, key)), "buy": buy}
        for (key, buy), plays in best.items()
    ]


def copy_choices(state: dict[str, Any], seat: int) -> list[list[dict[str, Any]]]:
    """Cover Bots: each way to fill the levels unlocked this turn but not yet copied, as the
    ``copy`` actions that make it (``[[]]`` when there is nothing to copy)."""
    rec = state["seats"][seat]
    levels = [
        lv
        for lv in rec.get("unlocked", [])
        if actors.ability(state, seat, lv) is None and allocation.copy_targets(state, seat, lv)
    ]
    combos: list[list[dict[str, Any]]] = [[]]
    for lv in levels:
        combos = [
            [*combo, {"type": "copy", "level": lv, "band": band}]
            for combo in combos
            for band in allocation.copy_targets(state, seat, lv)
        ]
    return combos


def from_state(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """The position of ``seat`` in a live game (it must be that seat's allocation turn)."""
    if state.get("phase") != "allocation" or flow.current_seat(state) != seat:
        raise RulesError("not_allocating", "the seat is not allocating now")
    rec = state["seats"][seat]
    deltas = Deltas(state, seat)
    costs = content()["grana_actions"]
    dice = [
        {"index": i, "face": d["face"]}
        for i, d in enumerate(rec["dice"])
        if d["placed"] is None and not d.get("borrowed")
    ]
    # dice borrowed earlier this turn (Jam Session, the ability) and still unplaced
    held = [
        {"index": i, "face": d["face"]}
        for i, d in enumerate(rec["dice"])
        if d["placed"] is None and d.get("borrowed")
    ]
    change, spare, borrow_level, clear_level = None, None, None, None
    trade: dict[str, Any] | None = None
    for level, ab in actors.abilities(state, seat):
        if actors.ability_spent(state, seat, level, ab):
            continue
        if ab["kind"] == "change_face" and change is None:
            change = {"level": level, "from": ab["from"], "to": ab["to"]}
        elif ab["kind"] == "spare_faces" and spare is None:
            # TNSHE b: dice to that face, as many as uses remain
            spare = {"level": level, "to": ab["face"], "left": ab["uses"] - rec["spare_used"]}
        elif ab["kind"] == "borrow" and borrow_level is None:
            borrow_level = level
        elif ab["kind"] == "clear_space" and clear_level is None:
            clear_level = level
        elif ab["kind"] == "trade" and trade is None:
            # Dead & Death b: pay levels of one track for levels of another, at the turn's end
            trade = {"level": level, "lose": dict(ab["lose"]), "delta": deltas.event(ab["gain"]),
                     "have": {k: rec[k] for k in ab["lose"]}}  # fmt: skip
    lender: dict[str, int] = {}
    for who, face in board.borrow_options(state, seat):
        lender.setdefault(face, who)
    gain_cards, set_cards, clear_cards = [], [], []
    for card in rec["hand"]:
        eff = content()["distortion_by_no"][card]["effect"]
        if eff["kind"] == "gain":
            gain_cards.append(
                {"card": card, "gain": eff["gain"], "delta": deltas.event(eff["gain"])}
            )
        elif eff["kind"] == "set_faces":
            set_cards.append({"card": card, "n": eff["n"]})
        elif eff["kind"] == "clear_space":
            clear_cards.append(card)
    buyable = buy_options(state, seat)
    opponents = [s for s in range(state["players"]) if s != seat]
    target = max(opponents, key=lambda s: state["seats"][s]["fans"], default=None)
    plain = _instances(state, seat, deltas)
    return {
        "seat": seat,
        "dice": dice,
        "held": held,
        "grana": rec["grana"],
        "change": change,
        "spare": spare,
        "instances": plain + _bought_instances(state, seat, plain, buyable),
        "resource_delta": deltas.event({"grana": 1}),
        "once": deltas.once,
        "once_when": deltas.once_when,
        "gain_cards": gain_cards,
        "set_cards": set_cards,
        "buyable": buyable,
        "intimidate_target": target,
        "lender": lender,
        "borrow_faces": sorted(lender),
        "borrow_level": borrow_level if lender else None,
        "clear_cards": clear_cards,
        "hand": list(rec["hand"]),
        "face_maps": face_maps(
            rec["hand"],
            [d["card"] for d in _distortion_market(state, seat, deltas) if d["use"] == "map"],
        ),
        "wild_on": bool(rec["turn"].get("skulls_wild")),  # played earlier this turn
        "wild_card": next(
            (
                c
                for c in rec["hand"]
                if content()["distortion_by_no"][c]["effect"]["kind"] == "skulls_wild"
            ),
            None,
        ),  # fmt: skip
        "clear_level": clear_level,
        "trade": trade,
        "dist_market": _distortion_market(state, seat, deltas),
        "raises": {a: deltas.event({a: 1}) for a in ("fans", "fame", "overdrive")},
        "die_room": content()["max_extra_dice"] - rec["extra_dice"],
        "next_index": len(rec["dice"]),
        "tail_cost": {"raise": costs["raise"], "extra_die": costs["extra_die"]},
    }


# -- explicit positions (POST /v1/solver/overdrive/allocation) ------------------------------


def _bad(msg: str) -> RulesError:
    return RulesError("invalid_position", msg)


def state_from_payload(pos: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """Build a minimal live state for an explicit position so that the engine can check it.

    Keys: faces (list), grana, band, overdrive (levels), fans, fame, players (2-4),
    free_spaces (board ids), hits [{id, owner: null|"me"|"other", cancel}], market (hit ids),
    hand (Distortion numbers), distortions (the face-up Distortion market, default none),
    extra_dice, hit_bought, dist_bought (bools), ability_used (list of levels).  Occupied
    spaces hold another seat's Skulls (so Jam Session can borrow a Skull).
    """
    if not isinstance(pos, dict):
        raise _bad("position must be an object")
    data = content()
    players = pos.get("players", 3)
    if players not in (2, 3, 4):
        raise _bad("players must be 2, 3 or 4")
    band = pos.get("band", "starssacration")
    if band not in data["band_by_id"] or band == "cover_bots":
        raise _bad(f"unknown or unsupported band {band!r}")
    others = [b["id"] for b in data["bands"] if b["id"] not in (band, "cover_bots")]
    state = new_state(players, {"bands": [band, *others[: players - 1]]}, 0)
    faces = pos.get("faces")
    if (
        not isinstance(faces, list)
        or not 1 <= len(faces) <= 6
        or any(f not in FACES for f in faces)
    ):
        raise _bad("faces must list 1..6 faces")
    rec = state["seats"][0]
    for k in TRACKS:
        v = pos.get(k, 0 if k != "grana" else rec["grana"])
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 99:
            raise _bad(f"{k} must be an int 0..99")
        rec[k] = v
    extra = pos.get("extra_dice", max(0, len(faces) - 4))
    if extra not in (0, 1, 2):
        raise _bad("extra_dice must be 0..2")
    rec["extra_dice"] = extra
    rec["dice"] = [{"face": f, "placed": None} for f in faces]
    actors.refresh_unlocked(rec)
    used = pos.get("ability_used", [])
    if not isinstance(used, list) or any(u not in ("a", "b", "c") for u in used):
        raise _bad("ability_used lists levels a/b/c")
    rec["turn"] = {"used": {u: True for u in used}}
    free = pos.get("free_spaces", [s["id"] for s in data["spaces"]])
    if not isinstance(free, list) or any(s not in data["space_by_id"] for s in free):
        raise _bad("free_spaces lists board space ids")
    state["occupied"] = {
        s["id"]: [
            {"seat": 1, "faces": ["skull"] * len(s["slots"])}
            for _ in range(max(1, s.get("capacity", 1)))
        ]
        for s in data["spaces"]
        if s["id"] not in free and s["id"] != "resources"
    }
    hits = pos.get("hits", [])
    market = pos.get("market", [])
    if not isinstance(hits, list) or not isinstance(market, list):
        raise _bad("hits and market are lists")
    seen = set()
    state["hit_owned"], state["hit_market"] = {}, []
    for h in hits:
        if not isinstance(h, dict) or h.get("id") not in data["hit_by_id"] or h["id"] in seen:
            raise _bad("each hit is {id, owner, cancel} with a known, distinct id")
        seen.add(h["id"])
        owner = h.get("owner")
        if owner is None:
            state["hit_market"].append(h["id"])
            continue
        if owner not in ("me", "other"):
            raise _bad("hit owner is null, 'me' or 'other'")
        cancel = h.get("cancel")
        if cancel is not None and cancel not in cards.cancel_options(h["id"]):
            raise _bad(f"bad cancel for {h['id']}")
        who = 0 if owner == "me" else 1
        state["hit_owned"][h["id"]] = {"owner": who, "cancel": cancel}
        state["seats"][who]["hits"].append(h["id"])
    for m in market:
        if m not in data["hit_by_id"] or m in seen:
            raise _bad("market lists known hit ids not already given")
        seen.add(m)
        state["hit_market"].append(m)
    state["hit_deck"] = [h for h in data["hit_by_id"] if h not in seen]
    hand = pos.get("hand", [])
    if not isinstance(hand, list) or any(str(c) not in data["distortion_by_no"] for c in hand):
        raise _bad("hand lists Distortion numbers")
    rec["hand"] = [str(c) for c in hand]
    if pos.get("hit_bought"):
        rec["hit_bought_round"] = state["round"]
    shown = pos.get("distortions", [])
    if (
        not isinstance(shown, list)
        or len(shown) > 3
        or any(str(c) not in data["distortion_by_no"] for c in shown)
    ):
        raise _bad("distortions lists up to 3 Distortion numbers (the face-up market)")
    state["dist_market"] = [str(c) for c in shown]
    state["dist_deck"] = [c for c in state["dist_deck"] if c not in state["dist_market"]]
    if pos.get("dist_bought"):
        rec["dist_bought_round"] = state["round"]
    state["order"], state["turn_pos"] = list(range(players)), 0
    return copy.deepcopy(state), 0
