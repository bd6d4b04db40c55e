"""Grading's fast paths against brute force on random late positions of small deals:
the line count, every first play's "keeps it winnable" by the shared memo and by the
round's CP-SAT model under assumptions, the tags' "no line without the feature", and
the report built from them."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from puzzle_brute import brute

from services.beat import GAME
from solver.beat import grade as G
from solver.beat import keep as K
from solver.beat import lines as L
from solver.beat import plan as P
from solver.beat import search
from solver.beat import solve as S

VENUES = ["garage", "twin_moon", "red_rocks", "roswell", "comeback_comet", "rusty_airlock"]


def _late(venue: str, seed: int, rounds_left: int, detour: int) -> dict | None:
    """A 2-seat deal played along a winning plan until ``rounds_left`` rounds remain,
    the last of those rounds swapped for another legal one (``detour``)."""
    state = GAME.new(2, {"venue": venue, "mode": "puzzle"}, seed)
    result = S.decide(state, 10.0)
    if result["verdict"] != "feasible" or len(result["plan"]) <= rounds_left:
        return None
    plan = result["plan"][: len(result["plan"]) - rounds_left]
    for dec in plan[:-1]:
        state, _ = P.apply_round(state, dec)
    spec, s0, rot = L.start(state)
    kids = L.Counter(spec).children(s0, rot)
    state, _ = P.apply_round(state, kids[detour % len(kids)])
    return state if state["status"] == "running" else None


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    venue=st.sampled_from(VENUES),
    seed=st.integers(0, 200),
    rounds_left=st.integers(1, 2),
    detour=st.integers(0, 50),
)
def test_counts_keeps_and_report_agree_with_brute_force(venue, seed, rounds_left, detour):
    state = _late(venue, seed, rounds_left, detour)
    assume(state is not None)
    spec, s0, rot = L.start(state)
    want = brute(spec, s0, rot)
    counter = L.Counter(spec)
    assert counter.lines(s0, rot, 10**9) == want
    kids = counter.children(s0, rot)
    model = K.RoundModel(spec, s0, rot)
    keeps = []
    for d in kids:
        nxt, r = counter.step(s0, d), search.rotate(rot, d, spec.players)
        truth = brute(spec, nxt, r) > 0
        keeps.append(truth)
        assert counter.winnable(nxt, r) == truth
        if nxt.status == "running":
            assert model.winnable_after(d, float("inf")) == truth, d
    for _, uses, feature in G.TAG_TESTS:
        without = model.winnable_without(feature, float("inf"))
        if without is not None:
            assert without == (brute(spec, s0, rot, lambda d, u=uses: not u(d)) > 0), feature
    rep = G.report(state)
    assert rep["winnable"] == (want > 0)
    if want:
        assert rep["lines"] == min(want, G.CAP) and rep["lines_exact"] == (want < G.CAP)
        first = rep["rounds"][0]
        if len(kids) <= G.SAMPLE:
            assert first["exact"] and first["keep"] == sum(keeps)
