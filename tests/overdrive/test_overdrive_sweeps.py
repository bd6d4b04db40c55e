"""Long sweeps (``-m slow``): many random games and many recommender positions."""

from __future__ import annotations

import random

import pytest

from services.overdrive import GAME
from solver.overdrive import brute, cpsat, position
from tests.overdrive.allocation_positions import allocation_state

CONFIGS = [(1, {}), (2, {}), (3, {}), (4, {}), (3, {"mode": "coop"}),
           (4, {"speed_metal": True, "hall_of_fame": True, "free_falling": True})]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("players,options", CONFIGS)
def test_every_listed_action_is_accepted_in_whole_games(players, options):
    for seed in range(5):
        state = GAME.new(players, options, seed)
        rng = random.Random(seed)
        while GAME.outcome(state) is None:
            (seat,) = GAME.seats_to_act(state)
            legal = GAME.legal_actions(state, seat)
            for action in legal:
                GAME.apply(state, seat, action)
            state, _ = GAME.apply(state, seat, rng.choice(legal))
        assert state["round"] == 8


@pytest.mark.slow
def test_cp_sat_equals_brute_force_on_many_positions():
    rng = random.Random(5)
    for _ in range(300):
        players, options = rng.choice(CONFIGS)
        state = allocation_state(players, options, rng.randrange(10**6), rng.randrange(200))
        (seat,) = GAME.seats_to_act(state)
        pos = position.from_state(state, seat)
        assert cpsat.solve(pos, 2.0)["objective"] == brute.best_value(pos)
