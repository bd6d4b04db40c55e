"""The recommender's own Skulls cover both the Jam Session die and the early placements:
a plan that borrowed a Skull for one of them could not be given dice (IndexError)."""

from __future__ import annotations

import random

from services.overdrive import GAME
from solver.overdrive import recommend


def _position() -> dict:
    """3 seats, seed 3, random legal play: seat 2's allocation turn at step 82, one own
    Skull, a Jam Session borrow and an early Grana placement both worth a Skull."""
    state, rng = GAME.new(3, {}, 3), random.Random(3)
    for _ in range(81):
        seat = rng.choice(GAME.seats_to_act(state))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def test_the_plan_gets_dice_and_replays_through_the_engine():
    state = _position()
    assert state["phase"] == "allocation" and GAME.seats_to_act(state) == [2]
    plan = recommend(state, 2, 2.0)
    end = state
    for step in plan["actions"]:
        end, _ = GAME.apply(end, step["seat"], step["action"])
    assert GAME.seats_to_act(end) != [2] or end["phase"] != "allocation"
