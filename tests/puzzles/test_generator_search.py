"""The generator's search: mutations are legal deals one swap away, a bounded search is
repeatable, and it never returns a puzzle of another grade."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from services.beat import GAME
from solver.beat import deal as D
from solver.beat import generate as G
from solver.beat import grade as GR


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), venue=st.integers(1, 26))
def test_a_mutant_is_the_same_deal_with_one_swap(seed, players, venue):
    from services.beat import venues as V

    vid = V.get_venue(venue).id
    deal = D.deal_of(GAME.new(players, {"venue": vid, "mode": "puzzle"}, seed))
    state = G._mutant(vid, players, deal, random.Random(seed))
    assert state is not None, "the engine refused a swap of the deal's own cards"
    got = D.deal_of(state)
    diffs = [
        (k, i)
        for k in ("songs", "encores", "events")
        for i, (a, b) in enumerate(zip(deal[k], got[k], strict=True))
        if a != b
    ]
    diffs += [
        ("decks", s, i)
        for s in range(players)
        for i, (a, b) in enumerate(zip(deal["decks"][s], got["decks"][s], strict=True))
        if a != b
    ]
    assert len(diffs) == 2 and diffs[0][:-1] == diffs[1][:-1], diffs
    for s in range(players):  # the same cards, at most their order changed
        assert sorted(deal["decks"][s]) == sorted(got["decks"][s])


def test_distance_is_zero_exactly_inside_the_grades_band():
    for x in range(0, 80):
        n = x / 10
        for grade in range(1, 6):
            assert (G.distance(n, grade, GR.GRADE_STEPS) == 0) == (GR.grade_of(n) == grade)


def test_a_bounded_search_is_repeatable_and_honest():
    # Comeback Comet grades quickly; the second candidate is a mutant of the first
    a, b = (G.generate("comeback_comet", 2, 1, False, 1e9, max_candidates=2) for _ in "ab")
    assert a["found"] == b["found"] and a["tried"] == b["tried"]
    assert a["found"] or a["tried"] == 2
    assert a["grades_seen"] == b["grades_seen"]
    if a["found"]:
        assert a["code"] == b["code"] and a["report"]["grade"] == 1
    else:
        assert a["reason"] == "not_found_in_budget"
