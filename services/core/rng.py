"""Seeded randomness kept inside the game state.

The state holds ``{"seed": int, "n": int}``; every draw derives a fresh
``random.Random`` from (seed, n) and bumps n.  The state therefore stays
plain JSON, and the same seed plus the same actions always replays to the
same game, in any process.
"""

from __future__ import annotations

import random
from typing import Any


def new_rng_state(seed: int) -> dict[str, int]:
    """The RNG record to store in a fresh game state."""
    return {"seed": int(seed), "n": 0}


def draw_rng(state: dict[str, Any], key: str = "rng") -> random.Random:
    """A Random for the next draw; advances the counter in ``state[key]``.

    Call it on the (already copied) state you are about to return.
    """
    rec = state[key]
    rng = random.Random(f"{rec['seed']}:{rec['n']}")
    rec["n"] += 1
    return rng
