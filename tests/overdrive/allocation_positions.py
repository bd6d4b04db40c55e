"""Overdrive positions on an allocation turn, reached by seeded random legal play."""

from __future__ import annotations

import random
from typing import Any

from services.overdrive import GAME


def allocation_state(
    players: int, options: dict[str, Any], seed: int, steps: int
) -> dict[str, Any]:
    """A game walked by random legal moves, stopped on an allocation turn."""
    state = GAME.new(players, options, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        (seat,) = GAME.seats_to_act(state)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        if GAME.outcome(state) is not None:
            return GAME.new(players, options, seed)
    while state["phase"] != "allocation":
        (seat,) = GAME.seats_to_act(state)
        legal = GAME.legal_actions(state, seat)
        state, _ = GAME.apply(state, seat, next(a for a in legal if a["type"] != "attack"))
        if GAME.outcome(state) is not None:
            return GAME.new(players, options, seed)
    return state
