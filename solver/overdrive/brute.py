"""Exhaustive search over the recommender's decisions: the baseline CP-SAT must equal.

It shares no model code with ``cpsat``: for every faces the all-dice Distortions in hand
can give the dice (played in any order first; its own card interpreter), with and without
Skulls wild, for every set of spaces (at most one per group,
slots within the dice; a Hit bought to play now among them), every borrowed face (dice
borrowed earlier in the turn included), every distinct way to seat the dice on the
slots and every choice of change targets, it finds the fewest face changes beyond the
ability (and which Grana spaces its dice may fill early: as rolled or changed for free);
then it tries every Distortion buy, every Hit buy and every mix of 10-Grana actions, checks
the Grana at each step of the documented order, and keeps the best value.
"""

from __future__ import annotations

import copy
from collections import Counter
from itertools import combinations, permutations, product
from typing import Any

from services.overdrive.content import FACES, content
from solver.overdrive import values
from solver.overdrive.plan import SET_FACE_COST


def _subsets(insts: list[dict[str, Any]], room: int) -> list[list[int]]:
    out: list[list[int]] = []

    def rec(j: int, chosen: list[int], left: int, groups: set[str]) -> None:
        if j == len(insts):
            out.append(list(chosen))
            return
        rec(j + 1, chosen, left, groups)
        inst = insts[j]
        if len(inst["slots"]) <= left and inst["group"] not in groups:
            chosen.append(j)
            rec(j + 1, chosen, left - len(inst["slots"]), groups | {inst["group"]})
            chosen.pop()

    rec(0, [], room, set())
    return out


def _change_options(
    pos: dict[str, Any], needs: list[set[str]], targeted: set[int]
) -> list[tuple[int, frozenset[int]]]:
    """Each way to give every own die a face it needs (with Skulls wild a Skull fits every
    slot as it is): the face changes beyond the ability (and TNSHE's spare faces), and the
    dice those free changes turn."""
    dice = pos["dice"]
    ch = pos["change"]
    fine = {d for d in range(len(dice)) if pos["wild"] and dice[d]["face"] == "skull"}
    todo = [
        d
        for d in range(len(dice))
        if d not in targeted and d not in fine and dice[d]["face"] not in needs[d]
    ]
    sp = pos.get("spare")
    spare_sets: list[tuple[int, ...]] = [()]
    if sp is not None:
        fit = [d for d in todo if sp["to"] in needs[d]]
        spare_sets = [c for k in range(sp["left"] + 1) for c in combinations(fit, k)]
    out = []
    for use, spares in product([None, *todo], spare_sets):
        # with Skulls wild, a die the ability turns to a Skull fits every slot too
        if use is not None and (
            ch is None
            or (ch["from"] != "any" and ch["from"] != dice[use]["face"])
            or (ch["to"] not in needs[use] and not (pos["wild"] and ch["to"] == "skull"))
        ):
            continue
        if use in spares:
            continue
        rest = len(todo) - (use is not None) - len(spares)
        # (a die that fits its slot only as a wild Skull is not filled early)
        freed = {d for d in (use, *spares) if d is not None}
        if use is not None and ch["to"] not in needs[use]:
            freed.discard(use)
        out.append((rest, frozenset(freed)))
    return out


def _seatings(slots: list[str], classes: dict[Any, int], wild: bool) -> list[list[Any]]:
    """Every distinct assignment of dice classes to slots (a class: its dice are alike)."""
    out: list[list[Any]] = []
    left = dict(classes)

    def rec(i: int, acc: list[Any]) -> None:
        if i == len(slots):
            out.append(list(acc))
            return
        for cls in list(left):
            if left[cls] == 0:
                continue
            kind, face = cls
            if (
                kind != "own"
                and slots[i][0] not in ("any", face)
                and not (wild and face == "skull")
            ):
                continue  # a borrowed die keeps its face
            if kind != "own" and slots[i][1]:
                continue  # the die on Jam Session is the seat's own
            left[cls] -= 1
            acc.append(cls)
            rec(i + 1, acc)
            acc.pop()
            left[cls] += 1

    rec(0, [])
    return out


def _early_grana(inst: dict[str, Any]) -> int:
    """The Grana a space gives when it may be filled before the turn's Distortion buy and
    changes (a Grana space, no clear; a Hit bought to play now too), else 0."""
    g = inst["delta"].get("grana", 0)
    return g if inst["kind"] == "gain" and not inst.get("clear") else 0


def _changes_and_left(
    pos: dict[str, Any], subset: list[int], borrowed: list[tuple[str, str]]
) -> dict[int, set[tuple[int, int]]]:
    """For each count of own dice left over: each (changes beyond the ability, Grana of the
    board spaces filled with own dice that keep their face, whether the Hit bought now is
    filled so too) that is not bettered in all three."""
    dice, insts = pos["dice"], pos["instances"]
    n = len(dice)
    slots = [(s, insts[j]["kind"] == "borrow") for j in subset for s in insts[j]["slots"]]
    owner = [j for j in subset for _ in insts[j]["slots"]]
    classes: Counter = Counter(("own", d["face"]) for d in dice)
    classes.update(borrowed)
    changers = [j for j in subset if insts[j]["kind"] == "change"]
    found: dict[int, set[tuple[int, int]]] = {}
    for seating in _seatings(slots, classes, pos["wild"]):
        # own dice of one rolled face, in order, take the slots given to that class
        next_of: dict[str, list[int]] = {}
        for d in range(n):
            next_of.setdefault(dice[d]["face"], []).append(d)
        need = [set(FACES) for _ in range(n)]
        own_used = 0
        die_of: list[int | None] = []
        for (slot, _), (kind, face) in zip(slots, seating):
            if kind != "own":
                die_of.append(None)
                continue
            d = next_of[face].pop(0)
            die_of.append(d)
            own_used += 1
            if slot != "any":
                need[d] = {slot}
        for targets in product(range(n), repeat=len(changers)):
            if len(set(targets)) != len(targets):
                continue
            nd = [set(x) for x in need]
            if any(not (nd[d] & set(insts[j]["faces"])) for j, d in zip(changers, targets)):
                continue
            for j, d in zip(changers, targets):
                nd[d] &= set(insts[j]["faces"])
            for k, freed in _change_options(pos, nd, set(targets)):
                # a space is filled early when every die on it is an own die showing its
                # slot, as rolled or after a free change (the ability, a spare face)
                unchanged = {
                    j: all(
                        d is not None
                        and d not in targets
                        and (d in freed or slot in ("any", dice[d]["face"]))
                        for (slot, _), d, jj in zip(slots, die_of, owner)
                        if jj == j
                    )
                    for j in subset
                }
                e = sum(
                    _early_grana(insts[j]) for j in subset if unchanged[j] and "buy" not in insts[j]
                )
                h = int(
                    any(
                        unchanged[j] and _early_grana(insts[j]) for j in subset if "buy" in insts[j]
                    )
                )
                found.setdefault(n - own_used, set()).add((k, e, h))
    return {
        left: {
            o
            for o in opts
            if not any(p[0] <= o[0] and p[1] >= o[1] and p[2] >= o[2] and p != o for p in opts)
        }
        for left, opts in found.items()
    }


def _tail(pos: dict[str, Any], slack: int, room: int, fired: bool, memo: dict) -> int:
    """The best mix of 10-Grana actions (raises, extra dice) that ``slack`` Grana pays for."""
    if (slack, room, fired) not in memo:
        memo[slack, room, fired] = _tail_search(pos, slack, room, fired)
    return memo[slack, room, fired]


def _tail_search(pos: dict[str, Any], slack: int, room: int, fired: bool) -> int:
    cost = pos["tail_cost"]
    res_v = values.value_of(pos["resource_delta"])
    die_v = values.EXTRA_DIE + res_v - values.GRANA_SPENT * cost["extra_die"]
    once_v = values.value_of(pos["once"]) if pos["once"] else 0
    attrs = list(pos["raises"])
    best = 0
    units = slack // cost["raise"] if cost["raise"] else 0
    for counts in product(range(units + 1), repeat=len(attrs)):
        spent = cost["raise"] * sum(counts)
        if spent > slack:
            continue
        v = sum(
            k * (values.value_of(pos["raises"][a]) - values.GRANA_SPENT * cost["raise"])
            for a, k in zip(attrs, counts)
        )
        if (
            not fired
            and once_v
            and any(
                k and pos["raises"][a].get(pos["once_when"], 0) > 0 for a, k in zip(attrs, counts)
            )
        ):
            v += once_v
        for nd in range(room + 1):
            if spent + cost["extra_die"] * nd <= slack:
                best = max(best, v + nd * die_v)
    return best


def _play(faces: tuple[str, ...], card: str, choice: str | None) -> tuple[str, ...]:
    """The dice faces after one all-dice face card (``choice``: its chosen face, if any)."""
    eff = content()["distortion_by_no"][card]["effect"]
    out = []
    for f in faces:
        if eff["kind"] == "skull_to" and f == "skull":
            f = choice
        elif eff["kind"] == "all_to":
            f = eff["face"]
        elif eff["kind"] == "convert" and f == eff["from"]:
            f = eff["to"]
        elif eff["kind"] == "swap" and f in ("horns", "influence") and f != choice:
            f = choice
        out.append(f)
    return tuple(out)


def _choices(card: str) -> list[str | None]:
    kind = content()["distortion_by_no"][card]["effect"]["kind"]
    if kind == "skull_to":
        return [f for f in FACES if f != "skull"]
    return ["horns", "influence"] if kind == "swap" else [None]


def _rolls(pos: dict[str, Any], bought: list[str]) -> set[tuple[str, ...]]:
    """Every tuple of faces the dice can show after playing some of the all-dice face cards
    in hand (and ``bought``), in any order, before anything else."""
    kinds = ("skull_to", "all_to", "convert", "swap")
    hand = [
        c
        for c in pos["hand"] + bought
        if content()["distortion_by_no"][c]["effect"]["kind"] in kinds
    ]
    start = tuple(d["face"] for d in pos["dice"])
    out = {start}
    for k in range(1, len(hand) + 1):
        for order in permutations(hand, k):
            for picks in product(*(_choices(c) for c in order)):
                faces = start
                for card, choice in zip(order, picks):
                    faces = _play(faces, card, choice)
                out.add(faces)
    return out


def best_value_live(state: dict[str, Any], seat: int) -> int:
    """The best value in a live game, over every copy a Cover Bots seat may make now (a level
    unlocked this turn whose printed ability is a copy, not yet filled; a band in play,
    not Cover Bots, that no seat copies at that level)."""
    from solver.overdrive import position

    rec = state["seats"][seat]
    band = content()["band_by_id"][rec["band"]]
    options: list[list[tuple[str, str | None]]] = []
    for lv in rec.get("unlocked", []):
        if band[lv]["kind"] != "copy" or rec["copies"].get(lv) is not None:
            continue
        taken = {r["copies"].get(lv) for r in state["seats"]}
        bands = [r["band"] for r in state["seats"] if r["band"] not in ("cover_bots", *taken)]
        if bands:
            options.append([(lv, b) for b in sorted(set(bands))])
    best = None
    for combo in product(*options):
        trial = copy.deepcopy(state)
        for lv, b in combo:
            trial["seats"][seat]["copies"][lv] = b
        v = best_value(position.from_state(trial, seat))
        best = v if best is None else max(best, v)
    assert best is not None
    return best


def best_value(pos: dict[str, Any]) -> int:
    """The highest value any legal plan in the recommender's vocabulary reaches."""
    face_buys = [d for d in pos["dist_market"] if d["use"] in ("map", "wild")]
    others = [d for d in pos["dist_market"] if d["use"] not in ("map", "wild")]
    best = None
    # buying an all-dice or Skulls-wild card to play now is one branch per card
    for forced in [None, *face_buys]:
        bought = [forced["card"]] if forced else []
        has_wild = pos["wild_card"] is not None or bool(forced and forced["use"] == "wild")
        sub = {**pos, "dist_market": [forced] if forced else others, "forced": bool(forced)}
        for faces in sorted(_rolls(pos, bought)):
            wilds = [True] if pos["wild_on"] else [False, True] if has_wild else [False]
            for wild in wilds:
                dice = [{**d, "face": f} for d, f in zip(pos["dice"], faces)]
                v = _best_value({**sub, "dice": dice, "wild": wild})
                if v is not None:
                    best = v if best is None else max(best, v)
    assert best is not None
    return best


def _trade(pos: dict[str, Any], chosen: list[dict[str, Any]], dist: Any) -> int:
    """What the trade ability adds at the end of the turn, if it pays and can be paid."""
    tr = pos.get("trade")
    if tr is None:
        return 0
    worth = values.value_of(tr["delta"]) - values.value_of(tr["lose"])
    if worth <= 0:
        return 0
    for attr, need in tr["lose"].items():
        came = sum(c["delta"].get(attr, 0) for c in pos["gain_cards"])
        came += sum(i["delta"].get(attr, 0) for i in chosen)
        came += dist["delta"].get(attr, 0) if dist else 0
        if tr["have"][attr] + came < need:
            return 0
    return worth


def _best_value(pos: dict[str, Any]) -> int | None:
    dice, insts = pos["dice"], pos["instances"]
    n = len(dice)
    res = pos["resource_delta"]
    res_v, res_g = values.value_of(res), res.get("grana", 0)
    when = pos["once_when"]
    once_v = values.value_of(pos["once"]) if pos["once"] else 0
    cards_v = sum(values.value_of(c["delta"]) for c in pos["gain_cards"])
    cards_g = sum(c["delta"].get("grana", 0) for c in pos["gain_cards"])
    cards_fire = bool(once_v) and any(c["delta"].get(when, 0) > 0 for c in pos["gain_cards"])
    hand_dist = sum(c["n"] for c in pos["set_cards"])
    n_clear = len(pos["clear_cards"]) + (pos["clear_level"] is not None)
    ab_faces = [None, *pos["borrow_faces"]] if pos["borrow_level"] else [None]
    room_b = n + 2
    best = None
    memo: dict = {}
    for subset in _subsets(insts, room_b):
        chosen = [insts[j] for j in subset]
        need_clear = {i["clear"] for i in chosen if i.get("clear")}
        opp = sum(i["kind"] == "clear_source" for i in chosen)
        can_buy_clear = any(d["use"] == "clear" for d in pos["dist_market"])
        if not opp <= len(need_clear) <= opp + n_clear + can_buy_clear:
            continue
        nm = [i for i in chosen if i["kind"] == "extra_die"]
        if len(nm) > pos["die_room"]:
            continue
        jam = any(i["kind"] == "borrow" for i in chosen)
        now = [i["buy"] for i in chosen if "buy" in i]  # a Hit bought to play it now
        if len(now) > 1:
            continue
        buys = (
            [pos["buyable"][now[0]]] if now else [None, *(b for b in pos["buyable"] if b["keep"])]
        )
        hit_now = pos["buyable"][now[0]]["cost"] if now else 0
        before_buy = sum(
            i["delta"].get("grana", 0)
            for i in chosen
            if "buy" not in i and i["kind"] != "extra_die"
        )
        base = cards_v
        fired = cards_fire
        board_g = 0
        for i in chosen:
            if i["kind"] == "extra_die":
                base += values.EXTRA_DIE + res_v
            else:
                base += values.value_of(i["delta"])
                board_g += i["delta"].get("grana", 0)
                fired = fired or (bool(once_v) and i["delta"].get(when, 0) > 0)
        nm_cost = sum(i["cost"] for i in nm)
        room = pos["die_room"] - len(nm)
        for ab in ab_faces:
            for js in pos["borrow_faces"] if jam else [None]:
                borrowed = [("ab", ab)] if ab else []
                borrowed += [("js", js)] if js else []
                borrowed += [("held", d["face"]) for d in pos.get("held", [])]
                if sum(len(i["slots"]) for i in chosen) > n + len(borrowed):
                    continue
                options = _changes_and_left(pos, subset, borrowed)
                for left, rest, won, h_early in (
                    (left, k, e, he)
                    for left, opts in options.items()
                    for k, e, h in opts
                    for he in ([False, True] if h else [False])
                ):
                    if pos["forced"] and pos["dist_market"][0]["use"] == "map":
                        if h_early:
                            continue
                        won = 0  # a bought all-dice card is played before any placement
                    # the Hit bought now and filled early: paid out of the Grana so far
                    h_cost = hit_now if h_early else 0
                    h_in = (
                        _early_grana(insts[next(j for j in subset if "buy" in insts[j])])
                        if h_early
                        else 0
                    )
                    if h_cost > pos["grana"] + cards_g + res_g * left + won:
                        continue
                    for dist in ([] if pos["forced"] else [None]) + pos["dist_market"]:
                        bought_clear = bool(dist) and dist["use"] == "clear"
                        if len(need_clear) > opp + n_clear + bought_clear:
                            continue
                        nd = hand_dist + (dist["n"] if dist else 0)
                        paid = max(0, rest - nd)
                        first = pos["grana"] + cards_g + res_g * left
                        # a set-faces or clear card is bought before the changes/clears
                        kinds = ("set", "clear", "map", "wild", "gain_early")
                        early = bool(dist) and dist["use"] in kinds
                        d_set = dist["cost"] if early else 0
                        d_other = dist["cost"] if dist and not early else 0
                        e_in = dist["delta"].get("grana", 0) if early else 0  # gain_early only
                        pay = SET_FACE_COST * paid
                        if d_set + h_cost > first + won + h_in:
                            continue
                        if pay + d_set + h_cost > first + e_in + won + h_in:
                            continue
                        if pay + d_set + hit_now > first + e_in + before_buy + h_in:
                            continue
                        # New Member's die is placed on Resources as soon as it is rolled
                        nm_g = res_g * len(nm)
                        step4 = pay + d_set + hit_now + nm_cost
                        if step4 > first + e_in + board_g:
                            continue
                        if step4 + d_other > first + e_in + board_g + nm_g:
                            continue
                        v0 = base + res_v * left
                        f0 = fired
                        income = first + board_g + nm_g
                        if dist:
                            v0 += values.DIST_BOUGHT + values.value_of(dist["delta"])
                            income += dist["delta"].get("grana", 0)
                            f0 = f0 or (bool(once_v) and dist["delta"].get(when, 0) > 0)
                        for buy in buys:
                            spend = pay + d_set + d_other + nm_cost + (buy["cost"] if buy else 0)
                            if spend > income:
                                continue
                            v = v0 + (values.HIT_BOUGHT if buy else 0)
                            v -= values.GRANA_SPENT * spend
                            tail_fire = _tail(pos, income - spend, room, f0, memo)
                            v += tail_fire + (once_v if f0 else 0)
                            v += _trade(pos, chosen, dist)
                            best = v if best is None else max(best, v)
    return best  # None only when a forced buy cannot be paid
