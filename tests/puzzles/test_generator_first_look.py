"""The generator's first look at a candidate agrees with the full report, and a search
returns only puzzles of the asked grade, repeatably, or says honestly that it found none."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from services.beat import GAME
from services.beat import venues as V
from solver.beat import deal as D
from solver.beat import generate as G
from solver.beat import grade as GR
from solver.beat import puzzle_code as PC

#: venues whose 2-seat deals grade in well under a second
QUICK = ("garage", "red_rocks", "area_fifty", "roswell", "comeback_comet", "jupiter")


@settings(max_examples=6, deadline=None)
@given(venue=st.sampled_from(QUICK), seed=st.integers(0, 10**6), cut=st.floats(0.0, 6.0))
def test_the_first_look_measures_the_reports_narrowness(venue, seed, cut):
    state = GAME.new(2, {"venue": venue, "mode": "puzzle"}, seed)
    rep = GR.report(state)
    first = GR.narrowness_only(state)
    assert first["winnable"] == rep["winnable"]
    assert not first["costly"]
    if rep["winnable"]:
        assert first["complete"]
        assert first["narrowness"] == rep["narrowness"]
    else:
        assert first["narrowness"] is None
    # stopped once N reaches ``cut``: a lower bound of N, at least ``cut``
    part = GR.narrowness_only(state, stop_at=cut)
    if rep["narrowness"] is not None:
        if part["complete"]:
            assert part["narrowness"] == rep["narrowness"]
        else:
            assert cut <= part["narrowness"] <= rep["narrowness"]


def test_a_work_cap_skips_a_deal_instead_of_guessing():
    state = GAME.new(2, {"venue": "garage", "mode": "puzzle"}, 1)
    first = GR.narrowness_only(state, work=10)
    assert first["winnable"] is True and first["costly"]
    assert first["narrowness"] is None and not first["complete"]


@settings(max_examples=3, deadline=None)
@given(
    venue=st.integers(1, 10),
    players=st.integers(2, 4),
    grade=st.integers(1, 5),
    start=st.integers(0, 1000),
)
def test_a_generated_puzzle_has_the_asked_grade_and_a_search_repeats(venue, players, grade, start):
    vid = V.get_venue(venue).id

    def run():
        return G.generate(vid, players, grade, False, 1e9, start, max_candidates=2, nodes=5000)

    out, again = run(), run()
    for key in ("found", "tried", "grades_seen", "code"):
        assert out.get(key) == again.get(key), key
    assert sum(out["grades_seen"].values()) == out["tried"]
    if out["found"]:
        assert out["report"]["grade"] == grade
        # the code opens the same deal, and grading it afresh gives the asked grade
        fresh = GR.report(D.engine_state({**PC.decode(out["code"]), "seed": 0}), 5000)
        assert fresh["grade"] == grade
    else:
        assert out["reason"] == "not_found_in_budget" and out["tried"] == 2
        assert f"grade {grade}" not in out["grades_seen"]


def test_a_unique_deal_below_grade_5_is_not_searched_for():
    # a deal with exactly one winning line is grade 5, whatever its narrowness
    out = G.generate("garage", 2, 3, True, 1e9, max_candidates=4)
    assert out["found"] is False and out["reason"] == "not_found_in_budget"
    assert out["tried"] == 0 and "grade 5" in out["message"]
