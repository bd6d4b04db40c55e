"""The tour hint: CP-SAT equals brute force, and every hinted action is legal."""

from __future__ import annotations

import itertools
import random

import pytest
from tour_helpers import OPTION_SETS, at_shop, at_stage, random_week_state, solo

from services.tour import GAME
from solver.tour import hint
from solver.tour.heuristics import offer_choice, top_two_distribution
from solver.tour.model import solve_week
from solver.tour.value import value


def brute_force_best(state, seat=0):
    """Best value over every legal stage x work pair, measured by the rules engine itself."""
    before = state["sheets"][0]
    best = None
    stages = [a for a in GAME.legal_actions(state, seat) if a["type"] == "stage"]
    starts = [GAME.apply(state, seat, a)[0] for a in stages] if stages else [state]
    for staged in starts:
        for work in GAME.legal_actions(staged, seat):
            after = GAME.apply(staged, seat, work)[0]["sheets"][0]
            v = value(before, after)
            best = v if best is None else max(best, v)
    return best


@pytest.mark.parametrize("seed", range(30))
def test_cp_sat_optimum_equals_brute_force_at_the_stage_decision(seed):
    state = random_week_state(random.Random(seed), dice_count=5)
    plan = solve_week(state["sheets"][0], budget_s=5)
    best = brute_force_best(state)
    assert plan.status == "OPTIMAL"
    assert plan.objective == best
    result = hint(state, 0, 5)
    assert round(result["value"] * 10) == best  # the replayed plan really scores the optimum


@pytest.mark.parametrize("dice,seed", [(6, 0), (6, 1), (6, 2), (7, 0)])
def test_cp_sat_matches_brute_force_with_six_and_seven_dice(dice, seed):
    state = random_week_state(random.Random(1000 + seed), dice_count=dice)
    assert solve_week(state["sheets"][0], budget_s=5).objective == brute_force_best(state)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(200))
def test_cp_sat_equals_brute_force_sweep(seed):
    state = random_week_state(random.Random(10_000 + seed))
    assert solve_week(state["sheets"][0], budget_s=10).objective == brute_force_best(state)


@pytest.mark.parametrize("seed", range(15))
def test_cp_sat_optimum_equals_brute_force_at_the_work_decision(seed):
    rng = random.Random(500 + seed)
    state = random_week_state(rng)
    stage = rng.choice(GAME.legal_actions(state, 0))
    state, _ = GAME.apply(state, 0, stage)
    result = hint(state, 0, 5)
    assert [a["action"]["type"] for a in result["actions"]] == ["work"]
    assert round(result["value"] * 10) == brute_force_best(state)


def test_stage_hint_prefers_a_winning_pair_when_it_is_worth_it():
    # House Show D10: staging 6+4 wins (4 fame + 3 fans + 1 margin fan + $8);
    # the other dice cannot reach 10, and a flyer on the 6 is worth only 6 fans
    state = at_stage(solo(), [6, 4, 1, 1, 2], venue="house_show", shirts=0)
    result = hint(state, 0, 2)
    stage = result["actions"][0]["action"]
    assert stage["type"] == "stage" and stage["dice"] == [0, 1]
    assert result["show"]["won"] and result["breakdown"]["fame"] == 4
    assert result["breakdown"]["boxes"] == 1  # the pair of 1s was kept for a song


def test_hint_actions_post_as_they_are():
    state = at_stage(solo(), [3, 3, 5, 5, 2], venue="vfw_hall")
    result = hint(state, 0, 2)
    for item in result["actions"]:
        assert item["seat"] == 0
        state, _ = GAME.apply(state, item["seat"], item["action"])
    assert state["sheets"][0]["phase"] == "shop"
    assert result["solver"] == "cp-sat" and "explanation" in result


@pytest.mark.parametrize("players,options", OPTION_SETS[::2])
def test_a_whole_game_played_by_hints_ends_with_legal_moves(players, options):
    state = GAME.new(players, options, 21)
    steps = 0
    while not state["finished"]:
        seat = GAME.seats_to_act(state)[-1]
        result = hint(state, seat, 1.0)
        assert result["actions"]
        for item in result["actions"]:
            state, _ = GAME.apply(state, item["seat"], item["action"])
            steps += 1
        assert steps < 400
    assert hint(state, 0, 1.0)["actions"] == []


def test_offer_hint_takes_the_better_expected_venue_and_skips_when_broke():
    state = solo(3)
    state["offers"] = ["coffee_house", "main_stage"]  # D17 with 0 engine: never wins
    action, values = offer_choice(state, state["sheets"][0], GAME.legal_actions(state, 0))
    assert action == {"type": "choose_offer", "index": 0}
    assert values["0"] > values["1"]
    state["offers"] = ["dive_bar", "record_store"]
    state["sheets"][0]["cash"] = 1
    assert hint(state, 0, 1)["actions"][0]["action"] == {"type": "skip_gig"}


def test_shop_hint_repairs_a_dying_van_then_ends_shopping():
    state = at_shop(solo(), van=1, cash=10, shirts=10)
    assert hint(state, 0, 1)["actions"][0]["action"] == {"type": "mechanic"}
    state = at_shop(solo(), van=4, cash=3, shirts=10)
    assert hint(state, 0, 1)["actions"][0]["action"] == {"type": "end_shopping"}


def test_top_two_distribution_is_exact():
    for n in (2, 3, 4):
        counts = {}
        for faces in itertools.product(range(1, 7), repeat=n):
            top = sum(sorted(faces)[-2:])
            counts[top] = counts.get(top, 0) + 1
        expected = {s: c / 6**n for s, c in counts.items()}
        got = top_two_distribution(n)
        assert set(got) == set(expected)
        assert all(abs(got[s] - expected[s]) < 1e-12 for s in got)


@pytest.mark.parametrize("seed", range(5))
def test_odd_jobs_week_hint_equals_brute_force(seed):
    rng = random.Random(700 + seed)
    state = solo(seed)
    state["offers"] = ["rock_club", "rock_club"]
    state["sheets"][0].update(cash=rng.randint(0, 3), shirts=rng.randint(0, 12))
    state["sheets"][0]["crew"]["manager"] = rng.random() < 0.5
    state, _ = GAME.apply(state, 0, {"type": "skip_gig"})
    result = hint(state, 0, 2)
    assert result["explanation"].startswith("Odd-jobs week")
    assert round(result["value"] * 10) == brute_force_best(state)
