"""The blueprint at Scrapyard breaks a song's Blackout or Radio Silence on purpose:
every song there must FAIL, and a broken song FAILs whatever the band plays."""

from __future__ import annotations

import dataclasses

import pytest

from services.beat import GAME
from solver.beat import blueprint as B
from solver.beat import live, sim


def _first_seat(players: int, seed: int) -> tuple[dict, int, B.Seen]:
    state = GAME.new(players, {"venue": "scrapyard"}, seed)
    seat = state["lead"]
    return state, seat, live.seen_of(GAME.view(state, seat), seat, True)


@pytest.mark.parametrize(("players", "seed"), [(2, 10), (3, 8)])
def test_a_blackout_song_is_broken_and_the_engine_fails_it(players, seed):
    """Deals whose first song has Blackout and whose first seat holds a Face Up copy:
    it plays that copy Face Up, the seats after it read the song as broken, and the
    engine FAILs the song although the cards sum above its difficulty."""
    state, seat, seen = _first_seat(players, seed)
    assert state["current"][0]["events"] == ["blackout"]
    choice = B.choose(seen)
    assert choice.breaks and choice.face_up == choice.plays[0][0]
    for _ in range(players):
        seat = next(
            s for s in live.band_order(players, state["lead"]) if GAME.legal_actions(state, s)
        )
        seen = live.seen_of(GAME.view(state, seat), seat, True)
        for action in live._play_actions(B.choose(seen), False):
            state, _ = GAME.apply(state, seat, action)
    (result,) = state["results"]
    assert result["result"] == "fail" and result["raw"] != "fail"
    assert state["status"] == "running"


def test_radio_silence_is_broken_with_a_truthful_cue():
    """Under Radio Silence the break is a Cue with an unused staged Cue card whose value
    differs from the card's, in the direction that is true."""
    _, _, seen = _first_seat(4, 1)
    seen = dataclasses.replace(seen, songs=[(6, ("radio_silence",))])
    breaks = [c for c in B.options(seen) if c.breaks]
    assert breaks, "a seat with an unused staged Cue card can break Radio Silence"
    for choice in breaks:
        card, cue_card, direction = choice.cue
        assert cue_card in seen.stages[seen.seat] and cue_card not in seen.rotated
        assert direction == ("higher" if sim.VALUE[card] > sim.VALUE[cue_card] else "lower")


def test_no_break_elsewhere():
    """Only Scrapyard needs every song to FAIL: a Garage seat under Blackout does not
    break it."""
    state = GAME.new(3, {"venue": "garage"}, 0)
    seat = state["lead"]
    seen = live.seen_of(GAME.view(state, seat), seat, True)
    seen = dataclasses.replace(seen, songs=[(8, ("blackout",))])
    assert not any(c.breaks for c in B.options(seen))
