"""Tour's hidden information: only the RNG seed (it would reveal every future roll)."""

from __future__ import annotations

import copy
import random
from typing import Any

from leak_probe_common import reseed

State = dict[str, Any]

#: (players, options) covering every mode, difficulty and the computer opponent
CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (1, {"mode": "solo", "difficulty": "club"}),
    (1, {"mode": "solo", "opponent": True}),
    (2, {"mode": "versus"}),
    (2, {"mode": "coop"}),
]


def scramble_hidden(state: State, viewer: int | None, rng: random.Random) -> State:
    """The same table with another seed: every die rolled so far is already on the sheets."""
    other = copy.deepcopy(state)
    reseed(other, rng)
    assert other["rng"]["n"] == state["rng"]["n"]
    return other


def hidden_ids(state: State, viewer: int | None) -> set[str]:
    """No unique string is secret in Tour (the seed is an int); the key name must not show."""
    return {"rng"}
