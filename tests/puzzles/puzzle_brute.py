"""Brute force for the puzzle tests: every winning line, and late positions of a deal."""

from __future__ import annotations

import pytest

from services.beat import GAME
from services.beat import venues as V
from solver.beat import plan as P
from solver.beat import search, sim
from solver.beat import solve as S


def brute(spec: sim.Spec, st: sim.State, rot: search.Rotated, allow=None) -> int:
    """Every winning line (of rounds ``allow`` lets through), enumerated without memo,
    bound or cap."""
    if st.status != "running":
        return int(st.status == "won")
    total = 0
    for dec in search.decisions(spec, st, None, False, rot, True):
        if allow is not None and not allow(dec):
            continue
        res = sim.resolve(spec, st, dec)
        broken = search.broken_songs(spec, st, dec)
        if broken and all(res[j] == V.FAIL for j in broken):
            continue
        nxt = search.step(spec, st, dec, check=False)
        total += brute(spec, nxt, search.rotate(rot, dec, spec.players), allow)
    return total


def late_position(venue: str, seed: int, rounds_left: int) -> dict:
    """A 2-seat deal played along a winning plan until ``rounds_left`` rounds remain,
    then one round off the plan (so some positions are lost, some have many lines)."""
    state = GAME.new(2, {"venue": venue, "mode": "puzzle"}, seed)
    result = S.decide(state, 10.0)
    if result["verdict"] != "feasible":
        pytest.skip("deal not winnable")
    plan = result["plan"]
    for dec in plan[: max(0, len(plan) - rounds_left)]:
        state, _ = P.apply_round(state, dec)
    return state
