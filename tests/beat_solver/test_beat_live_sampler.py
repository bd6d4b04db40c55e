"""The live sampler: every fact of a seat's view holds in every sampled deal."""

from __future__ import annotations

import random

from services.beat import GAME
from solver.beat import hints as H
from solver.beat import sample

# the first actions a band posting the old live hints played at Roswell Rave, 2 seats,
# seed 1; the round-3 hint then raised ValueError in the sampler
CRASH_PATH = [
    (1, {"type": "play", "card": "s1-5c"}),
    (1, {"type": "ready"}),
    (0, {"type": "play", "card": "s0-1b"}),
    (0, {"type": "ready"}),
    (0, {"type": "encore", "take": True}),
    (0, {"type": "play", "card": "s0-5c"}),
    (0, {"type": "ready"}),
    (1, {"type": "play", "card": "s1-1b"}),
    (1, {"type": "ready"}),
    (1, {"type": "play", "card": "s1-1c"}),
    (1, {"type": "ready"}),
    (0, {"type": "play", "card": "s0-3c"}),
    (0, {"type": "ready"}),
]


def _encore_position() -> dict:
    """Roswell Rave, 2 seats, live, seed 1, round 3: an Encore decision is pending."""
    state = GAME.new(2, {"venue": "roswell"}, 1)
    for seat, action in CRASH_PATH:
        state, _ = GAME.apply(state, seat, action)
    assert state["phase"] == "encore" and state["round"] == 3
    return state


def test_encore_phase_counts_the_current_song_once():
    """Regression: in the Encore phase the resolved song is both current and a result;
    the sampler removed it from the song pool twice (ValueError in a hint job)."""
    state = _encore_position()
    for seat in (0, 1):
        view = GAME.view(state, seat)
        sst = sample.sampled_state(view, random.Random(0))
        songs = [r["difficulty"] for r in sst["results"]] + sst["song_deck"] + sst["encore_deck"]
        assert sorted(songs) == sorted(state_songs(state))
    seat = state["pending_encores"][0]["seat"]
    h = H.hint(state, seat, 0.5)
    assert h["actions"][0]["seat"] == seat
    GAME.apply(state, seat, h["actions"][0]["action"])


def state_songs(state: dict) -> list[int]:
    return [r["difficulty"] for r in state["results"]] + state["song_deck"] + state["encore_deck"]
