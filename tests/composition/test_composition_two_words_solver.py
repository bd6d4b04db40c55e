"""Two-word Performances in the best-words solver: against a pair brute force and the engine."""

from __future__ import annotations

import pytest
from helpers_composition import (
    CROSS,
    DATA,
    OTHERS,
    compose,
    fresh,
    post_and_check,
    ranked,
    two_word_hands,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from services.composition import GAME
from solver.composition import hint, solve, validate
from solver.composition.bruteforce import brute_force_pairs
from solver.composition.hand import hand_from_payload, hand_from_state
from solver.composition.pairs import best_pair
from solver.composition.prepared import Prepared
from solver.composition.search import best_words


def _check(payload):
    hand = hand_from_payload(validate(payload))
    fast = best_words(hand, 3)["words"]
    slow = brute_force_pairs(hand, 3)
    assert ranked(fast) == ranked(slow)
    for row in fast:
        if " " in row["word"]:
            assert row["words"] == row["word"].split(" ")
            assert "".join(c["letters"] for c in row["cards"]) == row["words"][0]
            assert "".join(c["letters"] for c in row["cards2"]) == row["words"][1]
            assert row["breakdown"]["net"] == row["net"]
    return fast


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payload=two_word_hands())
def test_top_k_with_two_words_equals_brute_force(payload):
    _check(payload)


# MUD multiplies the brute force's spellings (a draw can take seconds): the default copy draws
# 10 hands, the slow copy 100
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payload=two_word_hands(min_others=2, max_others=3, maestros=("MUD",)))
def test_top_k_with_two_words_and_mud_equals_brute_force(payload):
    # MUD may change the shared card itself: the words then cross at another letter
    _check(payload)


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payload=two_word_hands(min_others=2, max_others=3, maestros=("MUD",)))
def test_top_k_with_two_words_and_mud_equals_brute_force_long(payload):
    _check(payload)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payload=two_word_hands(min_others=4, max_others=6, maestros=(None, "VOX", "IMP", "MUD")))
def test_top_k_with_two_words_equals_brute_force_on_larger_hands(payload):
    _check(payload)


def test_a_two_word_performance_beats_every_single_word():
    # A K G Z Y: no word of the list spells all five; two crossing words can
    payload = {"cards": [CROSS, "n51", "n45", "n54", "n48"], "k": 3}
    hand = hand_from_payload(validate(payload))
    top = best_words(hand, 3)["words"][0]
    assert " " in top["word"] and top["net"] == brute_force_pairs(hand, 1)[0]["net"]
    assert top["shared"] == CROSS
    assert CROSS in top["action"]["cards"] and CROSS in top["action"]["cards2"]
    assert sorted({*top["action"]["cards"], *top["action"]["cards2"]}) == sorted(payload["cards"])
    # without the pair search the best is a single word, and it scores less
    single = best_words(hand, 1, pairs=False)["words"][0]
    assert " " not in single["word"] and single["net"] < top["net"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payload=two_word_hands(min_others=3, max_others=5), data=st.data())
def test_pair_search_and_cpsat_agree(payload, data):
    hand = hand_from_payload(validate(payload))
    pairs = [w for w in best_words(hand, 6)["words"] if " " in w["word"]]
    if not pairs:
        return
    u, v = data.draw(st.sampled_from([w["words"] for w in pairs]))
    prep = Prepared(hand)
    search, model = best_pair(prep, u, v), best_pair(prep, u, v, limit=0)
    assert model.method == "cp-sat" and search.net == model.net


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    maestro=st.sampled_from(["HOG", "MUD", "VOX", "IMP", "ORA", "SUN"]),
    data=st.data(),
)
def test_solved_two_words_are_accepted_and_score_what_the_solver_said(seed, maestro, data):
    other = "REX" if maestro != "REX" else "HOG"
    state = fresh(2, [maestro, other], seed=seed, tomatoes=False)
    pool = [c for c in OTHERS if not DATA["cards"][c].get("locked")]
    hand_ids = [CROSS, *data.draw(st.lists(st.sampled_from(pool), min_size=3, max_size=7,
                                           unique=True))]  # fmt: skip
    state = compose(state, {0: hand_ids}, ghost=0 if data.draw(st.booleans()) else None)
    state["seats"][0]["roses"] = data.draw(st.integers(0, 8))
    # a budget: what is checked is that the found pair scores as said, not that it is best
    result = best_words(hand_from_state(state, 0), 10, budget_s=10)["words"]
    pairs = [w for w in result if "cards2" in w]
    if not pairs:
        return
    top = pairs[0]
    perf = post_and_check(state, 0, top)
    assert perf["breakdown"]["words"] == top["words"]


def _mud_crossroads_best(seed: int, cards: list[str], roses: int) -> tuple[dict, dict]:
    """Seat 0 of a MUD game holds Crossroads, ``cards`` and the Ghost Note: its best word,
    which must come back exact (the budget only keeps a regression from hanging)."""
    state = fresh(2, ["MUD", "REX"], seed=seed, tomatoes=False)
    state = compose(state, {0: [CROSS, *cards]}, ghost=0)
    state["seats"][0]["roses"] = roses
    result = best_words(hand_from_state(state, 0), 1, budget_s=120)
    assert result["exact"]
    return state, result


def test_a_mud_hand_with_crossroads_and_the_ghost_note_is_searched_exactly_and_fast():
    # Crossroads, eight more cards, the Ghost Note and MUD (whose change may also turn the
    # shared card into any letter): the search by first words counted the shared letter
    # and MUD's change twice and let MUD free every doubler, and each word's search tried
    # the change at every position; it ran for minutes and thousands of exact pair scores
    # without finishing. Counts of work, not time, are checked; the budget only keeps a
    # regression from hanging the suite
    cards = ["n46", "c08", "n04", "n60", "n32", "n07", "n21", "n15"]
    state, result = _mud_crossroads_best(5, cards, roses=3)
    pairs = result["figures"]["pairs"]
    assert pairs["evaluated"] <= 100 and pairs["expanded"] <= 100
    top = result["words"][0]
    assert (top["word"], top["net"]) == ("aa dramalogue", 44)
    post_and_check(state, 0, top)


def test_a_mud_hand_with_two_wilds_in_its_natural_crossing_is_searched_exactly():
    # Crossroads, eight more cards, the Ghost Note and MUD (seed 46 of the MUD sweep):
    # where the shared card shows its own A, the Ghost Note and MUD's change of another
    # card are two wilds; one bound for every choice of MUD's change counted the changed
    # card at its own letter and as a wild, and on every symbol row, so thousands of
    # pairs (over 6,000) and a thousand single words bounded 44 against a best of 40
    # and were scored. One bound per choice (no change, or which card) prunes them.
    # Counts of work, not time, are checked; the budget only keeps a regression from
    # hanging the suite
    cards = ["n52", "n06", "n30", "c07", "n20", "c09", "n05", "n04"]
    state, result = _mud_crossroads_best(46, cards, roses=5)
    assert result["figures"]["pairs"]["evaluated"] <= 100
    assert result["figures"]["evaluated"] <= 300
    top = result["words"][0]
    assert (top["word"], top["net"]) == ("aa admeasurer", 40)
    post_and_check(state, 0, top)


def test_solve_reports_both_words():
    payload = validate({"cards": [CROSS, "n39", "n20", "n26", "n06", "n01"], "k": 5})
    out = solve(payload, 2.0)
    assert out["optimal"] and out["figures"]["pairs"]["eligible"] > 0
    hand = hand_from_payload(payload)
    assert ranked(out["words"]) == ranked(brute_force_pairs(hand, 5))


def test_a_spent_pair_budget_returns_the_best_found_marked_not_exact():
    payload = {"cards": [CROSS, "n51", "n45", "n54", "n48"], "k": 3}
    hand = hand_from_payload(validate(payload))
    full = best_words(hand, 3, pair_budget_s=60.0)
    assert full["exact"] and full["figures"]["pairs"]["complete"]
    assert ranked(full["words"]) == ranked(brute_force_pairs(hand, 3))
    cut = best_words(hand, 3, pair_budget_s=0.0)
    assert not cut["exact"] and not cut["figures"]["pairs"]["complete"]
    # what it found is real (each row scored by the engine) but misses the best pair
    assert all(r["breakdown"]["net"] == r["net"] for r in cut["words"])
    assert cut["words"][0]["net"] < full["words"][0]["net"]
    # hands without a two-word card have no pair search to cut short
    plain = hand_from_payload(validate({"cards": ["n51", "n45", "n54", "n48"], "k": 3}))
    assert best_words(plain, 3, pair_budget_s=0.0)["exact"]


def test_compose_hint_marks_a_word_found_within_a_spent_budget_as_not_exact():
    state = fresh(2, ["HOG", "REX"], seed=3, tomatoes=False)
    state = compose(state, {0: [CROSS, "n51", "n45", "n54", "n48"]})
    slow = hint(state, 0, budget_s=60.0)
    assert slow["exact"] and "best of the whole list" in slow["explanation"]
    assert " " in slow["words"][0]["word"]  # the two-word Performance wins here
    fast = hint(state, 0, budget_s=0.0)
    assert not fast["exact"] and "not proven optimal" in fast["explanation"]
    assert fast["words"][0]["net"] < slow["words"][0]["net"]
    # the hinted action is still one the engine accepts
    GAME.apply(state, 0, fast["actions"][0]["action"])
