"""A Beat band that plays at random: any seat's legal action, uniformly, to the end."""

from __future__ import annotations

import random

from services.beat import GAME


def random_band_log(players: int, options: dict, seed: int) -> list[dict]:
    """The whole log of a game dealt from ``seed`` and played at random from the same seed."""
    rng = random.Random(seed)
    state = GAME.new(players, options, seed)
    log: list[dict] = []
    while state["status"] == "running":
        acts = [(s, a) for s in range(players) for a in GAME.legal_actions(state, s)]
        seat, action = rng.choice(acts)
        state, _ = GAME.apply(state, seat, action)
        log.append({"seat": seat, "action": action})
    return log
