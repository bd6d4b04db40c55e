"""Live rollouts and the blueprint apply the event rules the engine applies: a Cue under
Radio Silence (or a Face Up play under Blackout) FAILs its song whatever is played."""

from __future__ import annotations

from live_positions import random_position

from services.beat import GAME
from services.beat import venues as V
from solver.beat import live, sim


def _cued_under_radio_silence() -> dict:
    """Garage, 2 seats: seat 0 played a 5 with a Cue on a Radio Silence song of
    difficulty 6, seat 1 a 3 (5 + 3 would be LOUD); nobody is ready yet."""
    state = random_position("garage", 2, 1, 19)
    song = state["current"][0]
    assert song["difficulty"] == 6 and "radio_silence" in song["events"]
    played = [s["played"][0] for s in state["seats"]]
    assert played[0]["cue"] and sum(sim.VALUE[p["card"]] for p in played) == 8
    return state


def test_a_rollout_fails_a_song_a_committed_cue_breaks_as_the_engine_does():
    state = _cued_under_radio_silence()
    spec, st, committed, passed = sim.from_engine(state)
    rnd = live.Round(songs=sim.round_songs(spec, st), plays=live._with_flags(state, committed))
    rnd.played |= {0, 1}
    rotated = [set(s["rotated"]) for s in state["seats"]]
    after = live._play_round(spec, st, rnd, [0, 1], rotated)
    end = state
    for seat in live.band_order(2, state["lead"]):
        end, _ = GAME.apply(end, seat, {"type": "ready"})
    assert end["results"][-1]["result"] == V.FAIL
    assert after.results[-1] == (6, V.FAIL)


def test_the_blueprint_knows_a_broken_song_is_lost():
    """Every result of the broken song is worth the same to the next seat: it spends no
    high card on a song that FAILs anyway."""
    state = _cued_under_radio_silence()
    seen = live.seen_of(GAME.view(state, 1), 1, True)
    assert seen.broken == frozenset({0})
    (utility,) = live.B.result_utilities(seen)
    assert len(set(utility.values())) == 1
    assert not live.seen_of(GAME.view(GAME.new(2, {"venue": "garage"}, 1), 0), 0, True).broken
