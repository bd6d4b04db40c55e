"""Tempo Muse's hidden information: the rival's hand, the deck order, a rival Cycle's draw.

Cards are plain ints (values repeat), so there is no content probe here; the
counterfactual re-deals every hand the viewer cannot see from the unseen pool
(hand sizes stay public) and picks the rival's pending Cycle draw from its new hand.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from leak_probe_common import permute, reseed

State = dict[str, Any]

CONFIGS: list[tuple[int, dict[str, Any]]] = [(2, {}), (2, {"round_limit": 5})]


def scramble_hidden(state: State, viewer: int | None, rng: random.Random) -> State:
    other = copy.deepcopy(state)
    reseed(other, rng)
    unseen = [seat for seat in (0, 1) if seat != viewer]
    pool = list(other["deck"]) + [c for seat in unseen for c in other["hands"][seat]]
    pool = permute(pool, rng)
    for seat in unseen:
        size = len(other["hands"][seat])
        other["hands"][seat], pool = sorted(pool[:size]), pool[size:]
    other["deck"] = pool
    pending = other["pending_cycle"]
    if pending is not None and pending["seat"] in unseen:
        hand = other["hands"][pending["seat"]]
        pending["drawn"] = sorted(rng.sample(hand, len(pending["drawn"])))
    _check_conservation(state, other)
    return other


def _check_conservation(a: State, b: State) -> None:
    def cards(s: State) -> Counter:
        return Counter(s["deck"] + s["discard"] + s["hands"][0] + s["hands"][1])

    assert cards(a) == cards(b)
    assert [len(h) for h in a["hands"]] == [len(h) for h in b["hands"]]
    if b["pending_cycle"] is not None:
        hand = Counter(b["hands"][b["pending_cycle"]["seat"]])
        assert not Counter(b["pending_cycle"]["drawn"]) - hand


def public_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Events up to a strip or nuke: the rival cards it sends to the (face-up) discard
    pile are public from then on, and later effects (a salvage) may pick them."""
    out = []
    for e in events:
        if e.get("type") == "effect" and e.get("kind") in ("strip", "nuke"):
            out.append({**e, "cards": len(e["cards"])})
            break
        out.append(e)
    return out


def scramble_keeping_hand_totals(state: State, viewer: int | None, rng: random.Random) -> State:
    """A re-deal whose unseen hands keep their totals (else only the deck is shuffled).

    The Mix step skips a seat whose hand total cannot pay any deficit, so the flow
    reveals that total (xfail in test_leak_probe_tempo_muse.py); keeping it fixed lets
    the events probe test everything else.
    """
    other = copy.deepcopy(state)
    reseed(other, rng)
    unseen = [seat for seat in (0, 1) if seat != viewer]
    sizes = [len(other["hands"][seat]) for seat in unseen]
    totals = [sum(other["hands"][seat]) for seat in unseen]
    pool = list(other["deck"]) + [c for seat in unseen for c in other["hands"][seat]]
    for _ in range(300):
        rng.shuffle(pool)
        hands, rest = [], pool
        for size in sizes:
            hands.append(sorted(rest[:size]))
            rest = rest[size:]
        if [sum(h) for h in hands] == totals:
            break
    else:
        hands = [other["hands"][seat] for seat in unseen]
        rest = list(other["deck"])
        rng.shuffle(rest)
    for seat, hand in zip(unseen, hands, strict=True):
        other["hands"][seat] = hand
    other["deck"] = rest
    pending = other["pending_cycle"]
    if pending is not None and pending["seat"] in unseen:
        pending["drawn"] = sorted(
            rng.sample(other["hands"][pending["seat"]], len(pending["drawn"]))
        )
    _check_conservation(state, other)
    return other
