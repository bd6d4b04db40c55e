"""Exhaustive search over the recommender's decisions: the baseline CP-SAT must equal.

For every set of spaces (at most one per group, slots within the dice), every way to seat
the dice on the slots, every choice of change targets and every Hit to buy, it finds the
cheapest face changes (keep, the ability once, set-faces Distortions, then paid changes).
"""

from __future__ import annotations

from itertools import permutations, product
from typing import Any

from services.overdrive.content import FACES
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


def _paid_changes(pos: dict[str, Any], needs: list[set[str]], targeted: set[int]) -> int | None:
    """The fewest paid face changes that give each die a face it needs (None: impossible)."""
    dice = pos["dice"]
    ch = pos["change"]
    n_dist = sum(c["n"] for c in pos["set_cards"])
    todo = [d for d in range(len(dice)) if d not in targeted and dice[d]["face"] not in needs[d]]
    best = None
    for use in [None, *todo]:
        if use is not None and (
            ch is None
            or (ch["from"] != "any" and ch["from"] != dice[use]["face"])
            or ch["to"] not in needs[use]
        ):
            continue
        rest = len(todo) - (use is not None)
        paid = max(0, rest - n_dist)
        best = paid if best is None else min(best, paid)
    return best


def best_value(pos: dict[str, Any]) -> int:
    """The highest value any legal plan in the recommender's vocabulary reaches."""
    dice, insts = pos["dice"], pos["instances"]
    n = len(dice)
    res_v = values.value_of(pos["resource_delta"])
    once_v = values.value_of(pos["once"]) if pos["once"] else 0
    when = pos["once_when"]
    const = sum(values.value_of(c["delta"]) for c in pos["gain_cards"])
    cards_fire = bool(once_v) and any(c["delta"].get(when, 0) > 0 for c in pos["gain_cards"])
    best = None
    for subset in _subsets(insts, n):
        slot_list = [(j, s) for j in subset for s in insts[j]["slots"]]
        k = len(slot_list)
        base = const + res_v * (n - k)
        fixed_cost = 0
        for j in subset:
            if insts[j]["kind"] == "extra_die":
                base += values.EXTRA_DIE + res_v
                fixed_cost += insts[j]["cost"]
            else:
                base += values.value_of(insts[j]["delta"])
        if once_v and (cards_fire or any(insts[j]["delta"].get(when, 0) > 0 for j in subset)):
            base += once_v
        changers = [j for j in subset if insts[j]["kind"] == "change"]
        fewest = None
        for seat_of in permutations(range(n), k):
            slot_need = [set(FACES) for _ in range(n)]
            for (_, s), d in zip(slot_list, seat_of):
                if s != "any":
                    slot_need[d] = {s}
            for targets in product(range(n), repeat=len(changers)):
                if len(set(targets)) != len(targets):
                    continue
                needs = [set(x) for x in slot_need]
                ok = True
                for j, d in zip(changers, targets):
                    needs[d] &= set(insts[j]["faces"])
                    ok = ok and bool(needs[d])
                if not ok:
                    continue
                paid = _paid_changes(pos, needs, set(targets))
                if paid is not None and (fewest is None or paid < fewest):
                    fewest = paid
        if fewest is None:
            continue
        for buy in [None, *pos["buyable"]]:
            spend = fixed_cost + SET_FACE_COST * fewest + (buy["cost"] if buy else 0)
            if spend > pos["grana"]:
                continue
            v = base - values.GRANA_SPENT * spend + (values.HIT_BOUGHT if buy else 0)
            best = v if best is None else max(best, v)
    assert best is not None  # the empty plan is always possible
    return best
