"""Overdrive's hidden information: Distortion hands (other seats', Metallum's), deck orders.

Hidden (services/overdrive/game.py view, docs/games/overdrive.md): every hand but the
viewer's own (Metallum's from everyone), the order of the Hit and Distortion piles, and
future rolls.  The counterfactual re-deals the unseen hands from the unseen Distortion
pool (hand sizes stay public) and shuffles the Hit pile.  Distortion ids are short
numerals that also occur as seat keys, so only Hit ids join the content probe.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from leak_probe_common import permute, reseed

from services.overdrive.content import content

State = dict[str, Any]

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (1, {"mode": "solo", "difficulty": "poser"}),
    (1, {"mode": "solo", "difficulty": "metalgeddon", "free_falling": True}),
    (2, {"mode": "competitive"}),
    (2, {"mode": "coop", "difficulty": "brutal"}),
    (3, {"mode": "competitive", "hall_of_fame": True}),
    (3, {"mode": "coop", "speed_metal": True}),
    (4, {"mode": "competitive", "speed_metal": True, "free_falling": True}),
    (4, {"mode": "coop", "hall_of_fame": True}),
]


def _unseen_hands(state: State, viewer: int | None) -> list[dict[str, Any]]:
    """The hand holders whose cards ``viewer`` may not see."""
    recs = [rec for s, rec in enumerate(state["seats"]) if s != viewer]
    if state["metallum"] is not None:
        recs.append(state["metallum"])
    return recs


def is_protection(card: str) -> bool:
    return content()["distortion_by_no"][card]["effect"]["kind"] == "protect"


def scramble_hidden(
    state: State, viewer: int | None, rng: random.Random, keep_protection: bool = False
) -> State:
    """Re-deal the unseen hands and pile; ``keep_protection`` keeps who holds a protection.

    Keeping protections in place isolates the one known leak (see
    test_leak_probe_overdrive.py) so the other probes still test everything else.
    """
    other = copy.deepcopy(state)
    reseed(other, rng)
    holders = _unseen_hands(other, viewer)
    # hands first, then the pile: the same order the re-deal below reads them back in
    pool = [c for rec in holders for c in rec["hand"]] + other["dist_deck"]
    if keep_protection:
        kinds = [is_protection(c) for c in pool]
        shuffled = {k: permute([c for c in pool if is_protection(c) == k], rng) for k in (0, 1)}
        pool = [shuffled[k].pop() for k in kinds]
    else:
        pool = permute(pool, rng)
    for rec in holders:
        size = len(rec["hand"])
        rec["hand"], pool = pool[:size], pool[size:]
    other["dist_deck"] = pool
    other["hit_deck"] = permute(other["hit_deck"], rng)
    _check_conservation(state, other)
    return other


def hidden_ids(state: State, viewer: int | None) -> set[str]:
    """Hit ids still in the pile (their order is secret, so none may be named)."""
    return set(state["hit_deck"])


def _check_conservation(a: State, b: State) -> None:
    def holders(s: State) -> list[dict[str, Any]]:
        return s["seats"] + ([s["metallum"]] if s["metallum"] is not None else [])

    def dists(s: State) -> Counter:
        held = [c for rec in holders(s) for c in rec["hand"]]
        return Counter(s["dist_deck"] + s["dist_market"] + s["dist_discard"] + held)

    assert dists(a) == dists(b)
    assert [len(r["hand"]) for r in holders(a)] == [len(r["hand"]) for r in holders(b)]
    assert sorted(a["hit_deck"]) == sorted(b["hit_deck"])


def scramble_keeping_protection(state: State, viewer: int | None, rng: random.Random) -> State:
    return scramble_hidden(state, viewer, rng, keep_protection=True)
