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
from solver.tour.value import value, week_weights


def weights_of(state):
    """The weights the hint prices this sheet's week with."""
    return week_weights(state["week"], state["sheets"][0]["boxes"])[0]


def brute_force_best(state, seat=0):
    """Best value over every legal restock x stage x work, measured by the rules engine.

    The restock ("anytime") comes first: with the merch dice known, buying shirts
    the merch then sells is part of the best week.  Priced with the week's weights.
    """
    weights = weights_of(state)
    before = state["sheets"][0]
    best = None
    restocks = [a for a in GAME.legal_actions(state, seat) if a["type"] == "restock"]
    firsts = [state] + [GAME.apply(state, seat, a)[0] for a in restocks]
    starts = []
    for first in firsts:
        stages = [a for a in GAME.legal_actions(first, seat) if a["type"] == "stage"]
        starts += [GAME.apply(first, seat, a)[0] for a in stages] if stages else [first]
    for staged in starts:
        for work in [a for a in GAME.legal_actions(staged, seat) if a["type"] == "work"]:
            after = GAME.apply(staged, seat, work)[0]["sheets"][0]
            v = value(before, after, weights)
            best = v if best is None else max(best, v)
    return best


@pytest.mark.parametrize("seed", range(30))
def test_cp_sat_optimum_equals_brute_force_at_the_stage_decision(seed):
    # weeks 10 and 11: every counter priced (the last week is test_tour_final_week's)
    state = random_week_state(random.Random(seed), dice_count=5, week=10 + seed % 2)
    plan = solve_week(state["sheets"][0], budget_s=5, weights=weights_of(state))
    best = brute_force_best(state)
    assert plan.status == "OPTIMAL"
    assert plan.objective == best
    result = hint(state, 0, 5)
    assert round(result["value"] * 10) == best  # the replayed plan really scores the optimum


@pytest.mark.parametrize(
    "dice,seed", [(6, 0), (6, 1), (6, 2), pytest.param(7, 0, marks=pytest.mark.slow)]
)
def test_cp_sat_matches_brute_force_with_six_and_seven_dice(dice, seed):
    state = random_week_state(random.Random(1000 + seed), dice_count=dice, week=11)
    plan = solve_week(state["sheets"][0], budget_s=5, weights=weights_of(state))
    assert plan.objective == brute_force_best(state)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(200))
def test_cp_sat_equals_brute_force_sweep(seed):
    state = random_week_state(random.Random(10_000 + seed), week=10 + seed % 3)
    plan = solve_week(state["sheets"][0], budget_s=10, weights=weights_of(state))
    assert plan.objective == brute_force_best(state)


@pytest.mark.parametrize("seed", range(15))
def test_cp_sat_optimum_equals_brute_force_at_the_work_decision(seed):
    rng = random.Random(500 + seed)
    state = random_week_state(rng, week=10 + seed % 3)
    stage = rng.choice([a for a in GAME.legal_actions(state, 0) if a["type"] == "stage"])
    state, _ = GAME.apply(state, 0, stage)
    result = hint(state, 0, 5)
    kinds = [a["action"]["type"] for a in result["actions"]]
    assert kinds in (["work"], ["restock", "work"])
    assert round(result["value"] * 10) == brute_force_best(state)


def test_stage_hint_prefers_a_winning_pair_when_it_is_worth_it():
    # House Show D10: staging 6+4 wins (4 fame + 3 fans + 1 margin fan + $8);
    # the other dice cannot reach 10, and a flyer on the 6 is worth only 6 fans
    state = at_stage(solo(), [6, 4, 1, 1, 2], venue="house_show", shirts=0)
    result = hint(state, 0, 2)
    stage = next(a["action"] for a in result["actions"] if a["action"]["type"] == "stage")
    assert stage["dice"] == [0, 1]
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
        # a finished versus sheet may still shop, but its hint usually waits: take a
        # seat with something to do (one always has: the week ends when all are done)
        results = [hint(state, seat, 1.0) for seat in reversed(GAME.seats_to_act(state))]
        result = next(r for r in results if r["actions"])
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


# -- breakdown: never pay more for the same van ---------------------------------------------------
def _breakdown(van, cash, roadie=False, manager=False):
    for seed in range(300):
        state = at_shop(solo(seed), cash=cash, van=van)
        state["sheets"][0]["crew"].update(roadie=roadie, manager=manager)
        state["week"] = 3
        after, _ = GAME.apply(state, 0, {"type": "end_shopping"})
        if after["sheets"][0]["phase"] == "road":
            return after
    raise AssertionError("no breakdown in 300 seeds")


def _after(state, actions):
    for action in actions:
        state, _ = GAME.apply(state, 0, action)
    s = state["sheets"][0]
    return s["van"], s["cash"]


def test_breakdown_hint_takes_the_damage_and_the_four_dollar_mechanic_not_the_eight_dollar_repair():
    state = _breakdown(van=2, cash=10)
    actions = [a["action"] for a in hint(state, 0, 1)["actions"]]
    assert actions == [{"type": "breakdown", "choice": "van"}, {"type": "mechanic"}]
    assert _after(state, actions) == (2, 6)
    assert _after(state, [{"type": "breakdown", "choice": "pay"}]) == (2, 2)


@pytest.mark.parametrize("van", range(7))
@pytest.mark.parametrize("cash", [0, 3, 4, 7, 8, 12, 40])
@pytest.mark.parametrize("crew", [(False, False), (True, False), (False, True)])
def test_breakdown_hint_is_never_beaten_on_both_van_and_cash(van, cash, crew):
    state = _breakdown(van=van, cash=cash, roadie=crew[0], manager=crew[1])
    mine = _after(state, [a["action"] for a in hint(state, 0, 1)["actions"]])
    for first in ("van", "pay"):
        for visits in range(4):
            plan = [{"type": "breakdown", "choice": first}] + [{"type": "mechanic"}] * visits
            try:
                other = _after(state, plan)
            except Exception:  # that plan is not affordable
                continue
            assert not (other[0] >= mine[0] and other[1] > mine[1]), (plan, other, mine)


# -- versus: the headline rule counts in the stage hint -------------------------------------------
def versus_against_a_posted_show(rng):
    """Seat 0 about to stage; seat 1 has played its show and is shopping."""
    state = random_week_state(rng, dice_count=5)
    versus = GAME.new(2, {"mode": "versus"}, rng.randrange(10**6))
    versus["week"] = state["week"]
    versus["sheets"][0] = state["sheets"][0]
    rival = versus["sheets"][1]
    rival.update(phase="shop", gig="house_show", target=10, dice=[1, 2, 3, 4, 5], staged=[3, 4])
    rival["show"] = rng.randint(6, 16)
    rival["won"] = rival["show"] >= 10
    return versus


@pytest.mark.parametrize("seed", range(12))
def test_versus_stage_hint_equals_brute_force_with_the_headline_rewards(seed):
    state = versus_against_a_posted_show(random.Random(900 + seed))
    best = brute_force_best(state)  # the rules engine pays headline, opener or tie
    result = hint(state, 0, 5)
    assert result["headline_valued"]
    assert round(result["value"] * 10) == best


def test_versus_hint_stages_one_point_higher_to_headline():
    # House Show D10; the rival posted 10.  Staging 6+5 (11) headlines: +3 fans +$2;
    # 5+5 (10) keeps the 6s apart... the hint must see the headline's worth.
    state = GAME.new(2, {"mode": "versus"}, 3)
    at_stage(state, [6, 5, 5, 1, 2], venue="house_show", shirts=0, hype=0)
    rival = state["sheets"][1]
    rival.update(phase="shop", gig="house_show", target=10, dice=[5, 5, 1, 1, 1], staged=[0, 1])
    rival.update(show=10, won=True)
    result = hint(state, 0, 2)
    assert result["show"]["show"] == 11
    after = state
    for item in result["actions"]:
        after, events = GAME.apply(after, 0, item["action"])
    assert after["sheets"][0]["fans"] - state["sheets"][0]["fans"] >= 3 + 3 + 1


def test_the_stage_hint_restocks_first_when_the_merch_dice_outsell_the_stock():
    # 0 shirts and low dice: $1 buys 2 shirts that a merch die sells for $4 ("anytime")
    state = at_stage(solo(), [3, 3, 3, 2, 1], venue="coffee_house", shirts=0, cash=10)
    state["sheets"][0]["target"] = 99  # no show can win: the week is about the work
    result = hint(state, 0, 2)
    kinds = [a["action"]["type"] for a in result["actions"]]
    assert kinds[0] == "restock" and kinds[-2:] == ["stage", "work"]
    assert round(result["value"] * 10) == brute_force_best(state)


def test_headline_odds_follow_what_the_rival_sheet_shows():
    from solver.tour.headline import headline_table, rival_show_odds

    state = GAME.new(2, {"mode": "versus"}, 4)
    rival = state["sheets"][1]
    odds = rival_show_odds(state, rival)  # not rolled yet: the two-best-dice odds
    assert abs(sum(odds.values()) - 1) < 1e-9 and min(odds) >= 2
    at_stage(state, [6, 5, 1, 1, 2], sheet=1, hype=0)
    assert rival_show_odds(state, rival) == {11: 1.0}  # rolled: its best total
    rival.update(phase="work", gig=None)
    assert rival_show_odds(state, rival) is None  # odd jobs: no show, no headline
    rival.update(phase="shop", show=9, gig="vfw_hall")
    table = headline_table(state, 0, 12)
    assert table[8] == 10 and table[9] == 10 and table[10] == 30 + 8  # fame / fan / headline
    rival.update(show=None)
    assert headline_table(state, 0, 12) is None  # finished its week with no show
