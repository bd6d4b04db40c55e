"""The solver keeps to its time budget and refuses what it cannot
search exactly.  No test reads the clock: a budget too small for a hand must turn
``exact`` False (and still answer); more wilds than the index covers are refused."""

from __future__ import annotations

import pytest
from helpers_composition import compose, fresh

from services.core import RulesError
from solver.composition import hint, preload, solve, validate

# 14 cards, Ghost Note and MUD: tens of exact evaluations with the bounds per choice of
# MUD's change (thousands before them, about 2.6 s), beyond the budgets below
SLOW = ["n20", "c03", "n54", "n06", "n10", "c12", "n41", "n44", "n45", "c04", "n59", "n09",
        "n12", "n35"]  # fmt: skip


def test_solve_keeps_the_single_word_search_to_its_budget():
    out = solve({"cards": SLOW, "ghost": True, "maestro": "MUD", "k": 3}, budget_s=0.02)
    assert out["exact"] is False and out["optimal"] is False
    # cut short, it still answers: the best words found, ranked
    nets = [w["net"] for w in out["words"]]
    assert nets and nets == sorted(nets, reverse=True)


def test_solve_keeps_the_two_word_search_to_its_budget():
    cards = ["c17", *SLOW[:13]]  # Crossroads: the pair search too
    out = solve({"cards": cards, "ghost": True, "maestro": "MUD", "k": 3}, budget_s=0.02)
    assert out["exact"] is False and out["words"]


def test_the_compose_hint_keeps_single_words_to_its_budget():
    preload()  # the word index: built once per process, outside any hint's budget
    st = compose(fresh(2, ["MUD", "HOG"]), {0: SLOW[:11]}, ghost=0)
    # 1 ms: reading the candidates alone takes longer (the whole hint takes a fraction of
    # a second, so a larger budget would not cut it short)
    out = hint(st, 0, budget_s=0.001)
    assert out["exact"] is False and "not proven optimal" in out["explanation"]
    assert out["actions"][0]["action"]["type"] == "perform"


@pytest.mark.parametrize(
    "payload",
    [
        {"cards": ["n06", {"wild": True, "id": "w1"}, {"wild": True, "id": "w2"}], "ghost": True},
        {"cards": ["n06", {"wild": True, "id": "w1"}], "ghost": True, "maestro": "MUD"},
    ],
)
def test_more_wild_letters_than_the_index_answers_are_refused(payload):
    with pytest.raises(RulesError) as err:
        validate(payload)
    assert err.value.code == "too_many_wilds"


def test_two_wild_letters_are_searched():
    for payload in (
        {"cards": ["n06", {"wild": True, "id": "w1"}], "ghost": True},
        {"cards": ["n06", "n20"], "ghost": True, "maestro": "MUD"},
    ):
        assert solve(payload)["exact"] is True


def test_too_many_wilds_is_a_422_with_its_code(client):
    payload = {"cards": ["n06", {"wild": True, "id": "w1"}, {"wild": True, "id": "w2"}],
               "ghost": True}  # fmt: skip
    r = client.post("/v1/solver/composition/best-words", json=payload)
    assert r.status_code == 422 and r.get_json()["code"] == "too_many_wilds"
