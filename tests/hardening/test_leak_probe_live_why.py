"""The live hint's ``why`` reveals no hidden card: two states a seat cannot tell apart
get the same sentence (the search itself is probed in test_leak_probe_hints)."""

from __future__ import annotations

import random

import leak_probe_beat

from services.beat import GAME
from solver.beat import live
from solver.beat.why import why


def _why(state: dict, seat: int) -> str:
    result = live.live_hint(state, seat, 60.0, max_samples=1, clock=lambda: 0.0)
    return why(state, seat, result)


def test_the_live_why_reads_only_the_seats_view():
    rng = random.Random(11)
    compared = 0
    for venue, players in (("garage", 3), ("roswell", 2), ("jupiter", 4)):
        state = GAME.new(players, {"venue": venue}, 2)
        for step in range(9):  # a few plays in: signals and shown cards to read
            if state["status"] != "running":
                break
            seat = GAME.seats_to_act(state)[0]
            acts = [a for a in GAME.legal_actions(state, seat) if a["type"] != "take_back"]
            state, _ = GAME.apply(state, seat, rng.choice(acts))
            if state["status"] != "running":
                break
            if step % 3 != 2:
                continue
            for viewer in range(players):
                other = leak_probe_beat.scramble_hidden(state, viewer, rng)
                assert GAME.view(other, viewer) == GAME.view(state, viewer)
                assert _why(other, viewer) == _why(state, viewer)
                compared += 1
    assert compared >= 6
