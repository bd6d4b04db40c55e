"""The search's pruning bounds are sound: they never fall below what random legal play
actually reaches, on every venue and player count (the bound decides ``infeasible``
verdicts, so an unsound one would be a wrong answer)."""

from __future__ import annotations

import random

import pytest
from random_play import random_decision

from services.beat import venues as V
from solver.beat import deal as D
from solver.beat import search, sim

VENUES = [v.id for v in V.load_venues()]


def _survive(spec: sim.Spec, st: sim.State, rng: random.Random) -> sim.State:
    """A random round that keeps the venue going when a few tries find one, so that
    plays run long enough for the cards (what the bound counts) to run out."""
    for _ in range(40):
        nxt = sim.step(spec, st, random_decision(spec, st, rng))
        if nxt.status != "lost" or nxt.reason == "no_cards_left":
            return nxt
    return nxt


@pytest.mark.parametrize("venue", VENUES)
def test_songs_played_never_exceed_the_bound(venue):
    rng = random.Random(venue)
    for players in (2, 3, 4):
        for seed in range(2):
            state = D.engine_state({"venue": venue, "players": players, "seed": seed})
            spec, st, _, _ = sim.from_engine(state)
            trail: list[tuple[sim.State, int]] = []
            played = 0
            while st.status == "running":
                trail.append((st, played))
                # the bound counts songs someone can play a card on (songs after the
                # cards run out are played empty, or end the venue where that loses)
                if any(st.hands):
                    played += len(sim.round_songs(spec, st))
                st = _survive(spec, st, rng)
            for before, done in trail:
                assert played - done <= search.max_songs(spec, before), (venue, players, seed)
