"""Winning-line counts against brute force; grade reports whose lines replay to a win."""

from __future__ import annotations

import pytest
from puzzle_brute import brute, late_position

from services.beat import GAME
from services.beat import venues as V
from solver.beat import grade as G
from solver.beat import grade_api as GA
from solver.beat import lines as L
from solver.beat import plan as P
from solver.beat import search

CASES = [
    ("garage", 3),
    ("twin_moon", 0),
    ("red_rocks", 1),
    ("roswell", 2),
    ("comeback_comet", 1),
    ("rusty_airlock", 0),
]


@pytest.mark.parametrize("venue,seed", CASES)
def test_line_counts_agree_with_brute_force(venue, seed):
    state = late_position(venue, seed, 2)
    spec, st, rot = L.start(state)
    want = brute(spec, st, rot)
    assert want >= 1
    assert L.Counter(spec).lines(st, rot, 10**9) == want
    # a cap stops the count there, and a count below the cap is exact
    for cap in (1, 2, want, want + 1):
        assert L.Counter(spec).lines(st, rot, cap) == min(want, cap)
    # one round further along every child: the per-round "keep" is brute force's too
    kids = L.Counter(spec).children(st, rot)
    counter = L.Counter(spec)
    after = [(counter.step(st, d), search.rotate(rot, d, 2)) for d in kids]
    keep = sum(brute(spec, nxt, r) > 0 for nxt, r in after)
    assert keep == sum(counter.winnable(nxt, r) for nxt, r in after)


def test_unique_means_one_line_by_brute_force():
    found = 0
    for venue, seed in CASES:
        for rounds_left in (1, 2):
            spec, st, rot = L.start(late_position(venue, seed, rounds_left))
            n = L.Counter(spec).lines(st, rot, 5)
            assert (n == 1) == (brute(spec, st, rot) == 1)
            found += n == 1
    assert found, "no unique position among the cases: the check above was empty"


def test_grade_steps_are_monotone():
    grades = [G.grade_of(x / 4) for x in range(0, 4 * int(G.GRADE_STEPS[-1]) + 8)]
    assert grades == sorted(grades) and grades[0] == 1 and grades[-1] == 5
    assert G.grade_of(0.0, unique=True) == 5


@pytest.mark.parametrize(
    "venue,players,seed",
    [
        ("red_rocks", 2, 1),
        pytest.param("garage", 2, 0, marks=pytest.mark.slow),
        pytest.param("roswell", 3, 0, marks=pytest.mark.slow),
    ],
)
def test_a_grade_report_replays_its_line_to_a_win(venue, players, seed):
    import time

    state = GAME.new(players, {"venue": venue, "mode": "puzzle"}, seed)
    rep = GA.graded(state, time.monotonic() + 60)
    assert rep["winnable"] is True and 1 <= rep["grade"] <= 5
    end = state
    for step in rep["actions"]:
        end, _ = GAME.apply(end, step["seat"], step["action"])
    assert P.won(end)
    assert len(rep["rounds"]) >= 1 and all(1 <= r["keep"] <= r["plays"] for r in rep["rounds"])
    tier = V.get_venue(venue).tier
    assert rep["difficulty"] == G.difficulty(rep["narrowness"], tier)
    assert rep["grade"] == G.grade_from(rep["narrowness"], rep["lines"] == 1, tier)


def test_a_spent_deadline_leaves_the_grade_unknown_never_guessed():
    import time

    state = GAME.new(2, {"venue": "garage", "mode": "puzzle"}, 0)
    rep = G.report(state, deadline=time.monotonic() - 1)
    assert rep["grade"] is None and rep["narrowness"] is None and rep["difficulty"] is None
    assert any(r["keep"] is None for r in rep["rounds"])
