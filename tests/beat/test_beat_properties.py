"""Properties over random legal play: card conservation, no leaks, replay, termination."""

from __future__ import annotations

import json
import random

import pytest
from beat_leaks import card_ids_in, forbidden_for
from hypothesis import given, settings
from hypothesis import strategies as st

from services.beat import GAME
from services.beat import cards as C
from services.beat.venues import load_venues

VENUES = [v.id for v in load_venues()]
MAX_ACTIONS = 4000


def check_views(state: dict) -> None:
    for viewer in [None, *range(state["players"])]:
        view = GAME.view(state, viewer)
        json.dumps(view)
        leaked = card_ids_in(view) & forbidden_for(state, viewer)
        assert not leaked, (viewer, leaked)
        assert "order" not in view["encore_deck"] and "order" not in view["event_deck"]
        if state["venue"] == "warken" and viewer != state["solo_seat"]:
            assert all(c["difficulty"] is None for c in view["current"])
            assert "order" not in view["song_deck"]
            songs = view["results"] + (view["last_round"] or {"songs": []})["songs"]
            assert all(s["difficulty"] is None and s["raw"] is None for s in songs)
        elif state["venue"] not in ("pulsar_palace", "warken"):
            assert "order" not in view["song_deck"]


def check_cards(state: dict) -> None:
    for seat, s in enumerate(state["seats"]):
        ids = (
            s["hand"] + s["draw"] + s["stage"] + s["confiscated"] + [p["card"] for p in s["played"]]
        )
        assert sorted(ids) == sorted(C.deck_ids(seat)), seat
        assert set(s["flipped"]) <= set(s["hand"])
        assert len(s["hand"]) <= 5


def random_game(players: int, options: dict, seed: int, pick: int, check=True):
    state = GAME.new(players, options, seed)
    rng = random.Random(pick)
    log = []
    for _ in range(MAX_ACTIONS):
        if GAME.outcome(state) is not None:
            return state, log
        if check:
            check_cards(state)
            assert json.loads(json.dumps(state)) == state
        seats = GAME.seats_to_act(state)
        assert seats, "a running game always has a seat to act"
        if check:  # who may act stops at a seat's first action: the same seats as listing all
            listing = [s for s in range(state["players"]) if GAME.legal_actions(state, s)]
            assert seats == listing
        seat = rng.choice(seats)
        action = rng.choice(GAME.legal_actions(state, seat))
        before = json.dumps(state, sort_keys=True)
        state, _ = GAME.apply(state, seat, action)
        assert json.dumps(state, sort_keys=True) != before or action["type"] == "tour"
        log.append((seat, action))
    raise AssertionError("random play did not end")


@settings(max_examples=40, deadline=None)
@given(
    venue=st.sampled_from(VENUES),
    players=st.integers(2, 4),
    seed=st.integers(0, 10**6),
    pick=st.integers(0, 10**6),
)
def test_random_live_play_ends_conserves_cards_and_never_leaks(venue, players, seed, pick):
    state = GAME.new(players, {"venue": venue}, seed)
    rng = random.Random(pick)
    steps = 0
    while GAME.outcome(state) is None:
        check_cards(state)
        check_views(state)
        seat = rng.choice(GAME.seats_to_act(state))
        state, events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        # the events of an action are public: nothing hidden from a spectator in them
        assert not card_ids_in(events) & forbidden_for(state, None)
        if state["venue"] == "warken":
            assert all(
                s["difficulty"] is None and s["raw"] is None
                for e in events
                if e["type"] == "revealed"
                for s in e["songs"]
            )
        steps += 1
        assert steps < MAX_ACTIONS
    check_cards(state)
    check_views(state)
    out = GAME.outcome(state)
    assert out["winners"] in ([], list(range(players)))


@settings(max_examples=25, deadline=None)
@given(
    venue=st.sampled_from(VENUES),
    players=st.integers(2, 4),
    seed=st.integers(0, 10**6),
    pick=st.integers(0, 10**6),
)
def test_seed_and_log_replay_identically(venue, players, seed, pick):
    final, log = random_game(players, {"venue": venue}, seed, pick, check=False)
    state = GAME.new(players, {"venue": venue}, seed)
    for seat, action in log:
        state, _ = GAME.apply(state, seat, action)
    assert state == final


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), players=st.integers(2, 4))
def test_random_tour_ends(seed, pick, players):
    opts = {"tour": ["red_rocks", "entropy_hall", "pulsar_palace"], "tour_attempts": 2}
    state, _ = random_game(players, opts, seed, pick)
    out = GAME.outcome(state)
    assert len(out["log"]) >= 3


@settings(max_examples=15, deadline=None)
@given(venue=st.sampled_from(VENUES), players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_puzzle_mode_is_open_information(venue, players, seed):
    state = GAME.new(players, {"venue": venue, "mode": "puzzle"}, seed)
    assert GAME.open_information(state)
    view = GAME.view(state, 0)
    for s in state["seats"]:
        assert set(s["hand"]) | set(s["draw"]) <= card_ids_in(view)
    assert view["song_deck"]["order"] == state["song_deck"]
    assert not GAME.open_information(GAME.new(players, {"venue": venue}, seed))


def test_every_listed_action_is_accepted():
    rng = random.Random(7)
    for venue in VENUES:
        state = GAME.new(3, {"venue": venue}, 11)
        for _ in range(40):
            if GAME.outcome(state) is not None:
                break
            for seat in range(3):
                for a in GAME.legal_actions(state, seat):
                    GAME.apply(state, seat, a)  # must not raise
            seat = rng.choice(GAME.seats_to_act(state))
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


@pytest.mark.slow
@pytest.mark.parametrize("venue", VENUES)
def test_slow_sweep_random_play_every_venue_and_count(venue):
    for players in (2, 3, 4):
        for seed in range(20):
            state, _ = random_game(players, {"venue": venue}, seed, seed + 1)
            check_cards(state)
            check_views(state)
