"""The hint near the end: week 12 values only the final score; dead song boxes are free."""

from __future__ import annotations

import random

import pytest
from tour_helpers import at_stage, random_week_state, solo

from services.tour import GAME
from services.tour.sheet import score
from solver.tour import hint
from solver.tour.heuristics import offer_choice
from solver.tour.value import value, week_weights


def week_plans(state, seat=0):
    """Every legal restock x stage x work sequence from a stage decision, as final states."""
    restocks = [a for a in GAME.legal_actions(state, seat) if a["type"] == "restock"]
    firsts = [state] + [GAME.apply(state, seat, a)[0] for a in restocks]
    staged = []
    for first in firsts:
        stages = [a for a in GAME.legal_actions(first, seat) if a["type"] == "stage"]
        staged += [GAME.apply(first, seat, a)[0] for a in stages] if stages else [first]
    for s in staged:
        for work in [a for a in GAME.legal_actions(s, seat) if a["type"] == "work"]:
            yield GAME.apply(s, seat, work)[0]


def best_final_score(state, index=0):
    return max(score(after["sheets"][index]) for after in week_plans(state))


def hinted_final_score(state, seat=0, index=0):
    for item in hint(state, seat, 5)["actions"]:
        state, _ = GAME.apply(state, item["seat"], item["action"])
    return score(state["sheets"][index])


# seeds 2-21: the hint fell 1-3 points short while it priced cash, hype and boxes
@pytest.mark.parametrize("seed", [2, 5, 9, 17, 21, 0, 1])
def test_the_week_12_stage_hint_reaches_the_best_final_score(seed):
    state = random_week_state(random.Random(3000 + seed), week=12)
    assert hinted_final_score(state) == best_final_score(state)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(200))
def test_the_week_12_stage_hint_reaches_the_best_final_score_sweep(seed):
    state = random_week_state(random.Random(30_000 + seed), week=12)
    assert hinted_final_score(state) == best_final_score(state)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 300))
def test_dead_boxes_sweep(seed):
    test_a_box_that_cannot_become_an_album_is_worth_nothing_in_weeks_10_and_11(seed)


def test_four_flyers_beat_a_merch_die_in_the_last_week():
    # coop Basement, Rock Club (target 14), engine +5, dice 4 5 6 4 5 6: staging 4+4
    # with one hype point still wins and frees 5, 6, 5, 6 for flyers (22 fans);
    # the roadie's free merch sales tempt a merch die, but cash, hype and shirts are
    # worth nothing once the tour is over
    state = GAME.new(2, {"mode": "coop", "difficulty": "basement"}, 5)
    state["week"] = 12
    at_stage(state, [4, 5, 6, 4, 5, 6], venue="rock_club", hype=2, shirts=20, skill=3, albums=2)
    state["sheets"][0]["crew"]["roadie"] = True  # a merch die also sells 2 free shirts
    assert state["sheets"][0]["target"] == 14
    best = best_final_score(state)
    assert hinted_final_score(state) == best


def dead_box_state(seed):
    """Week 10 or 11 with too few boxes ticked for this week's box to reach an album."""
    rng = random.Random(50_000 + seed)
    week = 10 + seed % 2
    state = random_week_state(rng, week=week)
    state["sheets"][0]["boxes"] = rng.randint(0, 1) if week == 11 else 0
    return state


# seeds 8-85: a box priced as if it could still become an album changed the plan
@pytest.mark.parametrize("seed", [8, 9, 16, 30, 34, 64, 85, 0, 1])
def test_a_box_that_cannot_become_an_album_is_worth_nothing_in_weeks_10_and_11(seed):
    state = dead_box_state(seed)
    weights = week_weights(state["week"], state["sheets"][0]["boxes"])[0]
    assert weights["boxes"] == 0
    before = state["sheets"][0]
    best = max(value(before, after["sheets"][0], weights) for after in week_plans(state))
    result = hint(state, 0, 5)
    after = state
    for item in result["actions"]:
        after, _ = GAME.apply(after, item["seat"], item["action"])
    assert value(before, after["sheets"][0], weights) == best  # what the plan really earns
    assert round(result["value"] * 10) == best


def test_a_live_box_keeps_its_price():
    # week 10 with one box: ticking in weeks 10, 11 and 12 still fills the row
    assert week_weights(10, 1)[0]["boxes"] == week_weights(3, 0)[0]["boxes"] > 0
    assert week_weights(11, 2)[0]["boxes"] > 0 and week_weights(11, 1)[0]["boxes"] == 0
    assert week_weights(12, 3)[1]["boxes"] > 0 and week_weights(12, 2)[1]["boxes"] == 0


def test_the_last_offer_is_chosen_for_fans_and_fame_alone():
    # same target and cash; the Record Store pays one more fame for a $2 entry fee,
    # which is worth paying only when cash no longer buys anything
    state = solo(7)
    state["offers"] = ["house_show", "record_store"]
    state["sheets"][0].update(cash=10, fame=20, hype=0)
    action, values = offer_choice(state, state["sheets"][0], GAME.legal_actions(state, 0))
    assert action == {"type": "choose_offer", "index": 0}  # week 1: the $2 still counts
    state["week"] = 12
    action, values = offer_choice(state, state["sheets"][0], GAME.legal_actions(state, 0))
    assert action == {"type": "choose_offer", "index": 1}
    assert values["1"] > values["0"]
