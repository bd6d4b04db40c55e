"""Live positions for the live-hint tests: a scripted Encore position and random ones."""

from __future__ import annotations

import random

from services.beat import GAME
from services.beat import venues as V

# a band's first actions at Roswell Rave, 2 seats, seed 1: the round-3 Encore phase that
# follows is where the sampler must count the songs and cards just revealed only once
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


def encore_position() -> dict:
    """Roswell Rave, 2 seats, live, seed 1, round 3: an Encore decision is pending."""
    state = GAME.new(2, {"venue": "roswell"}, 1)
    for seat, action in CRASH_PATH:
        state, _ = GAME.apply(state, seat, action)
    assert state["phase"] == "encore" and state["round"] == 3
    return state


VENUES = [v.id for v in V.load_venues()]


def random_position(venue: str, players: int, seed: int, steps: int) -> dict:
    """A live position reached by random legal actions (Cues and Face Up plays included,
    no take-backs), stopped after ``steps`` actions or when the venue ends."""
    rng = random.Random(f"{venue}:{players}:{seed}:{steps}")
    state = GAME.new(players, {"venue": venue}, seed)
    for _ in range(steps):
        if state["status"] != "running":
            break
        seats = GAME.seats_to_act(state)
        seat = rng.choice(seats)
        acts = [a for a in GAME.legal_actions(state, seat) if a["type"] != "take_back"]
        # favour plays and signals so that positions mid-round are common
        signals = [a for a in acts if a["type"] in ("cue", "tune") or a.get("face_up")]
        pick = rng.choice(signals) if signals and rng.random() < 0.6 else rng.choice(acts)
        state, _ = GAME.apply(state, seat, pick)
    return state
