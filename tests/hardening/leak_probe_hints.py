"""Hints are another channel to a seat: a hint must not depend on what the seat may not see.

``POST /v1/games/{id}/hints`` runs the game's hint function on the full state in a
worker and hands the result to the seat, so a solver that peeked at a rival's hand or
the deck order would leak it through its advice.  The probe compares the hint for a
state with the hint for a counterfactual the seat cannot tell apart, after removing
timing figures (they vary run to run and carry no game information).
"""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Callable
from typing import Any

from leak_probe_common import Scramble, State, _diff, positions

from services.core import Game
from solver.registry import HINTS

TIMING = re.compile(r"(_ms|_s|^timing.*|^elapsed.*)$")

Hint = Callable[[State, int, float], dict[str, Any]]


def hint_function(game_name: str) -> Hint:
    module, attr = HINTS[game_name].split(":")
    return getattr(importlib.import_module(module), attr)


def without_timing(x: Any) -> Any:
    """The hint with every timing figure removed."""
    if isinstance(x, dict):
        return {k: without_timing(v) for k, v in x.items() if not TIMING.search(str(k))}
    if isinstance(x, list):
        return [without_timing(v) for v in x]
    return x


def probe_hints(
    game: Game,
    hint: Hint,
    players: int,
    options: dict[str, Any],
    seeds: range,
    scramble: Scramble,
    every: int,
    budget_s: float = 5.0,
    max_steps: int = 400,
) -> int:
    """Compare hints at the positions of random games; returns how many were compared."""
    compared = 0
    for seed in seeds:
        rng = random.Random(f"hint:{seed}")
        for state, _ in positions(game, players, options, seed, max_steps, every):
            for seat in game.seats_to_act(state):
                want = without_timing(hint(state, seat, budget_s))
                other = scramble(state, seat, rng)
                got = without_timing(hint(other, seat, budget_s))
                if got != want:
                    # a solver's time limit can bind under load: a leak reproduces, a
                    # timeout does not
                    again = without_timing(hint(state, seat, budget_s))
                    if again != want or without_timing(hint(other, seat, budget_s)) == want:
                        continue
                    assert got == want, "hint " + _diff(want, got, seat)
                compared += 1
    return compared
