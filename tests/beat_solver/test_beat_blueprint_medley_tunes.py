"""The blueprint at the two venues with a rule of their own for a round's play: Rock in
the Belt (two songs at once) and Milkyway (a staged Cue card tunes a played card)."""

from __future__ import annotations

import itertools

from engine_band import engine_blueprint_band
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from live_positions import random_position

from services.beat import GAME
from solver.beat import blueprint as B
from solver.beat import live
from solver.beat.blueprint import data


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 200), steps=st.integers(0, 40))
def test_both_songs_of_a_medley_are_worth_the_same_results(players, seed, steps):
    """At Rock in the Belt no rule reads a song's place in the round, so each result is
    worth the same on either song.  Counting only the later songs as still to come rated
    every result of the second song as lost whenever the setlist had no song to spare,
    and the band threw its low cards on it."""
    state = random_position("rock_in_the_belt", players, seed, steps)
    if state["status"] != "running" or state["phase"] != "play" or len(state["current"]) != 2:
        return
    for seat in range(players):
        seen = live.seen_of(GAME.view(state, seat), seat, True)
        first, second = B.result_utilities(seen)
        if not seen.broken:  # a forbidden signal already FAILs its song
            assert first == second


def test_the_second_song_of_the_first_medley_is_worth_playing():
    """Rock in the Belt, 2 seats, seed 0: the first song's results decide nothing that
    the second's do not."""
    state = GAME.new(2, {"venue": "rock_in_the_belt", "mode": "puzzle"}, 0)
    seat = state["lead"]
    seen = live.seen_of(GAME.view(state, seat), seat, True)
    assert max(B.result_utilities(seen)[1].values()) > 0


def _tunes_on() -> data.Values:
    values = data.current()
    for n in data.SEATS:
        values["tune_cost"][n] = 0.0
    return values


def test_only_the_last_seat_tunes_and_the_engine_takes_its_tune():
    """With tunes allowed, the blueprint band tunes at Milkyway only as the last seat to
    play (a seat before it signals its card instead), with an unused staged Cue card,
    and the engine takes the tune as posted."""
    tuned = 0
    with data.using(_tunes_on()):
        for players, seed in itertools.product((2, 3, 4), range(3)):
            state = GAME.new(players, {"venue": "milkyway"}, seed)
            for _ in range(500):
                if state["status"] != "running":
                    break
                if state["phase"] == "encore":
                    seat = state["pending_encores"][0]["seat"]
                    take = live.encore_take(GAME.view(state, seat), seat)
                    state, _ = GAME.apply(state, seat, {"type": "encore", "take": take})
                    continue
                seat = next(
                    s
                    for s in live.band_order(players, state["lead"])
                    if GAME.legal_actions(state, s)
                )
                seen = live.seen_of(GAME.view(state, seat), seat, True)
                choice = B.choose(seen)
                actions = live._play_actions(choice, False, ready=False)
                for action in actions:
                    state, _ = GAME.apply(state, seat, action)
                if choice.tune is not None:
                    assert not seen.later and choice.cue is None
                    cue_card = choice.tune[1]
                    assert cue_card in seen.stages[seat] and cue_card not in seen.rotated
                    tunes = [p["tune"] for p in state["seats"][seat]["played"] if p["tune"]]
                    assert tunes == [{"cue_card": cue_card, "delta": choice.tune[2]}]
                    tuned += 1
                state, _ = GAME.apply(state, seat, {"type": "ready"})
    assert tuned > 0


def test_a_rollout_with_tunes_ends_as_the_engine_does():
    """The replay counts a tune as the engine does: the blueprint band with tunes allowed
    wins the same Milkyway deals on the replay and through the engine."""
    with data.using(_tunes_on()):
        for players, seed in itertools.product((2, 3, 4), range(3)):
            state = GAME.new(players, {"venue": "milkyway", "mode": "puzzle"}, seed)
            end = engine_blueprint_band(state)
            won = live.replay_band(state)
            assert won == bool(GAME.outcome(end)["won"]), (players, seed)
