"""Composition's hidden information: deck orders, face-down Crescendos, uncommitted words.

Hidden (services/composition/views.py, docs/games/composition.md): the order of the
Note and Crescendo decks, which Crescendo lies face down in each slot (identity hidden
until bought), and during Compose every other seat's committed Performance.  The
counterfactual shuffles the Note deck, re-deals the Crescendo pile and slots from their
union, and gives every other committed seat another Performance its cards allow.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from leak_probe_common import permute, reseed

from services.composition.compose import parse_performance
from services.registry import get_game

State = dict[str, Any]
GAME = get_game("composition")

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (1, {"max_rounds": 3}),
    (2, {"max_rounds": 3}),
    (3, {"max_rounds": 2, "tomatoes": False}),
    (4, {"max_rounds": 2}),
    (5, {"max_rounds": 2}),
]


def _other_performance(state: State, seat: int, rng: random.Random) -> dict[str, Any] | None:
    """A different Performance ``seat`` could have committed (its status unchanged)."""
    probe = copy.deepcopy(state)
    probe["seats"][seat]["status"] = "composing"
    probe["seats"][seat]["performance"] = None
    current = state["seats"][seat]["performance"]
    choices = [a for a in GAME.legal_actions(probe, seat) if a["type"] == "perform"]
    rng.shuffle(choices)
    for action in choices:
        # the parser the game itself runs on a posted Performance
        perf = parse_performance(probe, seat, action)
        if perf != current:
            return perf
    return None


def scramble_hidden(state: State, viewer: int | None, rng: random.Random) -> State:
    other = copy.deepcopy(state)
    reseed(other, rng)
    other["note_deck"] = permute(other["note_deck"], rng)
    slots = other["composition"]["crescendos"]
    pool = permute(other["cresc_deck"] + [slot["card"] for slot in slots], rng)
    for slot, cid in zip(slots, pool, strict=False):
        slot["card"] = cid
    other["cresc_deck"] = pool[len(slots) :]
    if state["phase"] == "compose":
        for i, s in enumerate(other["seats"]):
            if i != viewer and s["status"] == "committed":
                alt = _other_performance(state, i, rng)
                if alt is not None:
                    s["performance"] = alt
    _check_conservation(state, other)
    return other


def hidden_ids(state: State, viewer: int | None) -> set[str]:
    """Card ids in the decks or face down in the Crescendo slots."""
    slots = [slot["card"] for slot in state["composition"]["crescendos"]]
    return set(state["note_deck"]) | set(state["cresc_deck"]) | set(slots)


def _check_conservation(a: State, b: State) -> None:
    def cards(s: State) -> Counter:
        slots = [slot["card"] for slot in s["composition"]["crescendos"]]
        return Counter(s["note_deck"] + s["cresc_deck"] + slots)

    assert cards(a) == cards(b)
    for sa, sb in zip(a["seats"], b["seats"], strict=True):
        assert sa["status"] == sb["status"]
        assert (sa["performance"] is None) == (sb["performance"] is None)
