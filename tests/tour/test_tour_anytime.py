"""The rulebook's "anytime" purchases, the roadie's show-only sales, and the forms.

"Crew (buy anytime)", "Anytime: mechanic" and "Restock anytime" are open at every
decision of the week, and while a finished versus sheet waits for its rival.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tour_helpers import OPTION_SETS, at_shop, at_stage, play, solo

from services.core import RulesError
from services.tour import GAME
from services.tour.content import content

DATA = content()
ANYTIME = ("buy", "mechanic", "restock")


def sheet(state, i=0):
    return state["sheets"][i]


def _road_state(cash=20, van=4):
    for seed in range(200):
        state = at_shop(solo(seed), cash=cash, van=van)
        state["week"] = 3
        after, _ = play(state, 0, {"type": "end_shopping"})
        if sheet(after)["phase"] == "road":
            return after
    raise AssertionError("no breakdown in 200 seeds")


def _work_state(**counters):
    state = at_stage(solo(), [1, 1, 5, 6, 4], venue="vfw_hall", **counters)
    state, _ = play(state, 0, {"type": "stage", "dice": [0, 1], "hype": 0})
    return state


def _phase_states():
    """One state per decision point of a week, each with $100 and room everywhere."""
    counters = dict(cash=100, van=3, shirts=2)
    offers = at_shop(solo(3), **counters)
    offers["sheets"][0]["phase"] = "offers"
    versus = GAME.new(2, {"mode": "versus"}, 5)
    at_shop(versus, 0, **counters)
    at_stage(versus, [1, 2, 3, 4, 5], sheet=1)
    versus, _ = play(versus, 0, {"type": "end_shopping"})
    return {
        "road": _road_state(cash=100, van=3),
        "offers": offers,
        "stage": at_stage(solo(), [1, 2, 3, 4, 5], **counters),
        "work": _work_state(**counters),
        "shop": at_shop(solo(), **counters),
        "done": versus,
    }


@pytest.mark.parametrize("phase", ["road", "offers", "stage", "work", "shop", "done"])
def test_crew_mechanic_and_restock_are_open_at_every_decision(phase):
    state = _phase_states()[phase]
    assert sheet(state)["phase"] == phase
    legal = GAME.legal_actions(state, 0)
    for action in (
        {"type": "buy", "item": "tech"},
        {"type": "buy", "item": "roadie"},
        {"type": "buy", "item": "manager"},
        {"type": "mechanic"},
        {"type": "restock", "pairs": 1},
    ):
        assert action in legal, (phase, action)
        after, _ = GAME.apply(state, 0, action)
        assert sheet(after)["phase"] == phase  # a purchase never moves the week on


def test_the_guitar_tech_hired_after_the_soundcheck_turns_the_fail_into_a_win():
    state = at_stage(solo(), [5, 4, 1, 2, 3], venue="house_show", cash=40)  # D10
    _, events = play(state, 0, {"type": "stage", "dice": [0, 1], "hype": 0})
    assert not next(e for e in events if e["type"] == "show")["won"]
    _, events = play(
        state, 0, {"type": "buy", "item": "tech"}, {"type": "stage", "dice": [0, 1], "hype": 0}
    )
    show = next(e for e in events if e["type"] == "show")
    assert show["won"] and show["show"] == 10


def test_restock_once_the_merch_dice_are_known():
    state = _work_state(shirts=0, cash=5)
    jobs = {"2": "merch", "3": "dayjob", "4": "dayjob"}
    after, _ = play(state, 0, {"type": "restock", "pairs": 3}, {"type": "work", "assign": jobs})
    plain, _ = play(state, 0, {"type": "work", "assign": jobs})
    assert sheet(after)["shirts"] == 1  # 6 bought, 5 sold by the merch die
    assert sheet(after)["cash"] - sheet(plain)["cash"] == 5 * 2 - 3


def test_a_finished_versus_sheet_shops_while_the_rival_plays_on():
    state = GAME.new(2, {"mode": "versus"}, 5)
    at_shop(state, 0, van=0, cash=10)
    at_stage(state, [1, 2, 3, 4, 5], sheet=1)
    state, events = play(state, 0, {"type": "end_shopping"})
    assert sheet(state, 0)["next_forced"] == "shop"
    assert 0 in GAME.seats_to_act(state)
    state, _ = play(state, 0, {"type": "mechanic"}, {"type": "restock", "pairs": 2})
    s = sheet(state, 0)
    assert (s["van"], s["cash"], s["phase"]) == (2, 4, "done")
    assert s["next_forced"] is None  # the late mechanic saved next week's gig
    with pytest.raises(RulesError) as err:
        GAME.apply(state, 0, {"type": "stage", "dice": [0, 1], "hype": 0})
    assert err.value.code == "wrong_phase"


def test_the_roadie_adds_no_free_sales_in_an_odd_jobs_week():
    state = solo(2)
    state["offers"] = ["rock_club", "dive_bar"]
    sheet(state).update(cash=1, shirts=10)
    sheet(state)["crew"]["roadie"] = True
    state, _ = play(state, 0, {"type": "skip_gig"})
    sheet(state)["dice"] = [3, 1, 1]
    after, events = play(
        state, 0, {"type": "work", "assign": {"0": "merch", "1": "dayjob", "2": "dayjob"}}
    )
    work = next(e for e in events if e["type"] == "work")
    assert work["gains"]["cash"] == 3 * 2 + 1 + 1  # three shirts sold, no free sales
    assert sheet(after)["cash"] == 1 + 8


# -- invariants over random play ------------------------------------------------------------
def _check_decision(state, seat):
    legal = GAME.legal_actions(state, seat)
    s = sheet(state, GAME.sheet_index(state, seat))
    kinds = {a["type"] for a in legal}
    # anytime purchases are listed exactly when affordable, whatever the phase
    for item in ("roadie", "tech", "manager"):
        can = not s["crew"][item] and s["cash"] >= DATA["crew"][item]["cost"]
        assert ({"type": "buy", "item": item} in legal) == can
    mech = s["van"] < DATA["caps"]["van"] and s["cash"] >= DATA["mechanic"]["cost"]
    assert ({"type": "mechanic"} in legal) == mech
    room = s["shirts"] < DATA["caps"]["shirts"] and s["cash"] >= DATA["restock"]["cost"]
    assert ("restock" in kinds) == room
    # every form describes a family of listed, legal actions; every listed
    # action of a parameterised family is covered by a form
    forms = GAME.action_forms(state, seat)
    for form in forms:
        assert form["type"] in kinds, (s["phase"], form)
    for kind in kinds & {"stage", "work", "restock"}:
        assert any(f["type"] == kind for f in forms), (s["phase"], kind)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(OPTION_SETS), st.integers(0, 2**31), st.integers(0, 2**31))
def test_random_play_lists_purchases_at_every_decision_and_forms_match(options, seed, play_seed):
    players, opts = options
    state = GAME.new(players, opts, seed)
    rnd = random.Random(play_seed)
    steps = 0
    while not state["finished"]:
        seats = GAME.seats_to_act(state)
        for seat in seats:
            _check_decision(state, seat)
        seat = rnd.choice(seats)
        legal = GAME.legal_actions(state, seat)
        # mostly the week's own decision, some purchases: every phase is reached quickly
        core = [a for a in legal if a["type"] not in ANYTIME] or legal
        action = rnd.choice(core if rnd.random() < 0.8 else legal)
        state, _ = GAME.apply(state, seat, action)
        steps += 1
        assert steps < 2000


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**31), st.sampled_from(["road", "offers", "stage", "work", "shop", "done"]))
def test_every_listed_action_applies(seed, phase):
    state = _phase_states()[phase]
    rng = random.Random(seed)
    s = sheet(state)
    s.update(cash=rng.randint(0, 60), van=rng.randint(0, 6), shirts=rng.randint(0, 12))
    for action in GAME.legal_actions(state, 0):
        GAME.apply(state, 0, action)  # raises if a listed action is refused
