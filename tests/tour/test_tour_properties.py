"""Invariants of random legal play: bounds, termination, replay, pure views, robust apply."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tour_helpers import OPTION_SETS

from services.core import RulesError
from services.tour import GAME
from services.tour.content import content

CAPS = content()["caps"]
MAX_ACTIONS = 60 * content()["weeks"]  # a generous bound; random play needs ~5-12 per week


def check_bounds(state):
    assert 1 <= state["week"] <= content()["weeks"]
    for s in state["sheets"]:
        for key in ("cash", "hype", "morale", "van", "shirts", "skill"):
            assert 0 <= s[key] <= CAPS[key], (key, s[key])
        assert s["fans"] >= 0 and s["fame"] >= 0
        assert 0 <= s["boxes"] < content()["songs"]["boxes_per_album"]
        assert s["albums"] >= 0 and s["stars"] >= 0
    if state["rival"] is not None:
        assert all(v >= 0 for v in state["rival"].values())


def random_game(players, options, seed, play_seed, check=None):
    """Random legal play to the end; returns the final state and the action log."""
    state = GAME.new(players, options, seed)
    rnd = random.Random(play_seed)
    log = []
    while not state["finished"]:
        assert len(log) < MAX_ACTIONS, "the game did not end"
        seats = GAME.seats_to_act(state)
        assert seats, "a running game must have a seat to act"
        seat = rnd.choice(seats)
        action = rnd.choice(GAME.legal_actions(state, seat))
        state, _ = GAME.apply(state, seat, action)
        log.append((seat, action))
        if check:
            check(state)
    return state, log


game_args = st.tuples(st.sampled_from(OPTION_SETS), st.integers(0, 2**31), st.integers(0, 2**31))


@settings(max_examples=30, deadline=None)
@given(game_args)
def test_random_play_stays_in_bounds_and_ends_after_week_twelve(args):
    (players, options), seed, play_seed = args
    final, log = random_game(players, options, seed, play_seed, check=check_bounds)
    assert final["week"] == content()["weeks"]
    out = GAME.outcome(final)
    assert set(out["scores"]) == {str(s) for s in range(players)}
    assert all(w in range(players) for w in out["winners"])
    assert json.loads(json.dumps(final)) == final


@settings(max_examples=15, deadline=None)
@given(game_args)
def test_seed_and_log_replay_to_the_identical_state(args):
    (players, options), seed, play_seed = args
    final, log = random_game(players, options, seed, play_seed)
    state = GAME.new(players, options, seed)
    for seat, action in json.loads(json.dumps(log)):
        state, _ = GAME.apply(state, seat, action)
    assert state == final


@settings(max_examples=10, deadline=None)
@given(game_args)
def test_views_never_mutate_and_never_show_the_rng(args):
    (players, options), seed, play_seed = args
    seed += 10**9  # a seed long enough to spot in the JSON of a view
    state = GAME.new(players, options, seed)
    rnd = random.Random(play_seed)
    while not state["finished"]:
        before = json.dumps(state, sort_keys=True)
        views = [GAME.view(state, s) for s in range(players)] + [GAME.view(state, None)]
        GAME.legal_actions(state, 0)
        GAME.outcome(state)
        assert json.dumps(state, sort_keys=True) == before
        for view in views:
            assert "rng" not in view
            assert str(state["rng"]["seed"]) not in json.dumps(view)
            view["sheets"][0]["cash"] = -99  # a view is a copy
        assert state["sheets"][0]["cash"] >= 0
        seat = rnd.choice(GAME.seats_to_act(state))
        state, _ = GAME.apply(state, seat, rnd.choice(GAME.legal_actions(state, seat)))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=10,
)
actions = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {"type": st.sampled_from(["stage", "work", "choose_offer", "restock", "buy", "x"])},
        optional={
            "dice": json_values,
            "hype": json_values,
            "assign": json_values,
            "index": json_values,
            "pairs": json_values,
            "item": json_values,
        },
    ),
)


@settings(max_examples=100, deadline=None)
@given(actions, st.integers(-1, 2), st.sampled_from(["offers", "stage", "work", "shop"]))
def test_garbage_actions_raise_rules_errors_only(action, seat, phase):
    state = GAME.new(1, {}, 5)
    sheet = state["sheets"][0]
    sheet.update(phase=phase, dice=[1, 2, 3, 4, 5], gig="vfw_hall", target=9)
    if phase == "work":
        sheet["staged"] = [0, 1]
    before = json.dumps(state, sort_keys=True)
    try:
        GAME.apply(state, seat, action)
    except RulesError as err:
        assert err.code and err.message
    assert json.dumps(state, sort_keys=True) == before


def _near_misses(action):
    """Values that look like ``action`` but are not it: another type of the same number,
    a NaN, an extra key, a key that is not a string."""
    out = [{**action, "extra": 1}, {**action, 7: "x"}]
    for key, value in action.items():
        if isinstance(value, int) and not isinstance(value, bool):
            out += [{**action, key: float(value) + 0.5}, {**action, key: float("nan")}]
            out += [{**action, key: str(value)}, {**action, key: value + 2**70}]
        if value in (0, 1) and not isinstance(value, bool):
            out.append({**action, key: bool(value)})
    return out


@settings(max_examples=12, deadline=None)
@given(game_args)
def test_who_acts_and_what_is_legal_agree_with_the_listing(args):
    """``seats_to_act`` and ``apply``'s legality check stop at the first match instead of
    listing every action: they must still say exactly what the full listing says."""
    (players, options), seed, play_seed = args
    rnd = random.Random(play_seed)

    def check(state):
        listed = {s: GAME.legal_actions(state, s) for s in range(players)}
        assert GAME.seats_to_act(state) == [s for s in range(players) if listed[s]]
        for seat, actions in listed.items():
            keys = {json.dumps(a, sort_keys=True) for a in actions}
            for action in rnd.sample(actions, min(4, len(actions))):
                GAME.apply(state, seat, action)  # every listed action is accepted
                for miss in _near_misses(action):
                    try:
                        same = json.dumps(miss, sort_keys=True, allow_nan=False) in keys
                    except (TypeError, ValueError):
                        same = False
                    if same:
                        continue
                    try:
                        GAME.apply(state, seat, miss)
                    except RulesError:
                        continue
                    raise AssertionError(f"accepted {miss!r}, which is not listed")

    random_game(players, options, seed, play_seed, check=check)
