"""The best-words solver against a brute-force scan of the whole list, and against the engine.

The scans here rank single words (``pairs=False``); two-word Performances, for hands
holding a two_words card, are checked in test_composition_two_words_solver.py.
"""

from __future__ import annotations

import pytest
from helpers_composition import (
    ABILITIES,
    PAIRS,
    compose,
    draw_payload,
    fresh,
    post_and_check,
    ranked,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from services.composition import GAME
from services.composition.content import content
from services.core import RulesError
from solver.composition import hint, preload, solve, validate
from solver.composition.assign import best_play
from solver.composition.bruteforce import brute_force, naive_best
from solver.composition.cpsat import best_play_cpsat
from solver.composition.hand import hand_from_payload, hand_from_state
from solver.composition.prepared import Prepared
from solver.composition.search import best_words

DATA = content()
CATALOGUE = (
    DATA["notes"]
    + DATA["crescendos"]
    + [c for m in DATA["maestros"].values() for c in m["letters"]]
)
SYMBOLS = DATA["symbols"]

custom_card = st.fixed_dictionaries(
    {
        "letters": st.one_of(
            st.sampled_from(list("aeiourstlnmdcpbghkyvwfxzjq")), st.sampled_from(PAIRS)
        ),
        "rose": st.integers(0, 6),
        "symbol": st.one_of(st.none(), st.sampled_from(SYMBOLS)),
        "abilities": st.lists(st.sampled_from(ABILITIES), max_size=1),
    }
)


@st.composite
def payloads(draw, min_cards=2, max_cards=6, maestros=(None, None, "MUD", "VOX", "IMP", "ORA")):
    n = draw(st.integers(min_cards, max_cards))
    return draw_payload(draw, n, CATALOGUE, custom_card, maestros, 6)


@settings(max_examples=240, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payload=payloads(max_cards=6, maestros=(None, None, "VOX", "IMP", "ORA")))
def test_top_k_equals_brute_force_on_random_hands(payload):
    hand = hand_from_payload(validate(payload))
    fast = best_words(hand, 3, pairs=False)["words"]
    slow = brute_force(hand, 3, evaluate="naive", vectorised=True)
    assert ranked(fast) == ranked(slow)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payload=payloads(max_cards=4, maestros=("MUD",)))
def test_top_k_equals_brute_force_with_mud(payload):
    hand = hand_from_payload(validate(payload))
    fast = best_words(hand, 3, pairs=False)["words"]
    slow = brute_force(hand, 3, evaluate="naive", vectorised=True)
    assert ranked(fast) == ranked(slow)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payload=payloads(min_cards=7, max_cards=10))
def test_top_k_equals_brute_force_on_large_hands(payload):
    hand = hand_from_payload(validate(payload))
    fast = best_words(hand, 3, pairs=False)["words"]
    slow = brute_force(hand, 3, evaluate="naive", vectorised=True)
    assert ranked(fast) == ranked(slow)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payload=payloads(min_cards=8, max_cards=9, maestros=(None, "VOX", "IMP", "ORA")))
def test_best_score_equals_brute_force_on_larger_hands(payload):
    hand = hand_from_payload(validate(payload))
    fast = best_words(hand, 1, pairs=False)["words"]
    slow = brute_force(hand, 1, evaluate="naive", vectorised=True)
    assert ranked(fast) == ranked(slow)


def test_python_scan_and_numpy_scan_agree():
    hand = hand_from_payload(validate({"cards": ["n01", "n20", "n26", "n06", "c01"],
                                       "ghost": True}))  # fmt: skip
    assert brute_force(hand, 5, vectorised=False) == brute_force(hand, 5, vectorised=True)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payload=payloads(min_cards=3, max_cards=8), data=st.data())
def test_search_cpsat_and_naive_agree_per_word(payload, data):
    hand = hand_from_payload(validate(payload))
    words = best_words(hand, 8, pairs=False)["words"]
    if not words:
        return
    word = data.draw(st.sampled_from([w["word"] for w in words]))
    prep = Prepared(hand)
    search = best_play(prep, word)
    model = best_play_cpsat(prep, word)
    naive = naive_best(hand, word)
    assert search.net == model.net == naive["net"]
    assert model.method == "cp-sat"


def test_ghost_may_play_a_letter_whose_card_mud_turns_into_a_doubled_vowel():
    # Z (6) changed by MUD to E is a vowel card, doubled by T's double_vowels: 12 + 1,
    # the Ghost Note playing Z; Z on Z with the Ghost Note on E only makes 7
    cards = [
        {"id": "z", "letters": "z", "rose": 6},
        {"id": "t", "letters": "t", "rose": 1, "abilities": [{"type": "double_vowels"}]},
        {"id": "a", "letters": "a", "rose": 0},
    ]
    hand = hand_from_payload(validate({"cards": cards, "ghost": True, "maestro": "MUD"}))
    play = best_play(Prepared(hand), "zeta")
    assert play.net == naive_best(hand, "zeta")["net"] == 13
    assert play.assign == {"z": "e", "ghost": "z"}


def test_cpsat_takes_over_words_with_too_many_covers():
    cards = ["n01", "n02", "n03", "n04", "n05", "n39", "n40"]  # five E cards, two H
    hand = hand_from_payload(validate({"cards": cards, "ghost": True, "maestro": "MUD"}))
    prep = Prepared(hand)
    # 10 covers once E cards taking turns along the word count once (60 before)
    play = best_play(prep, "heehee", limit=5)
    assert play.method == "cp-sat" and play.net == naive_best(hand, "heehee")["net"]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    maestro=st.sampled_from(["HOG", "MUD", "VOX", "IMP", "ORA", "CAT", "SUN"]),
    data=st.data(),
)
def test_solved_word_is_accepted_and_scores_what_the_solver_said(seed, maestro, data):
    other = "REX" if maestro != "REX" else "HOG"
    state = fresh(2, [maestro, other], seed=seed, tomatoes=False)
    pool = [c for c in DATA["notes"] + DATA["crescendos"] if not DATA["cards"][c].get("locked")]
    hand_ids = data.draw(st.lists(st.sampled_from(pool), min_size=3, max_size=9, unique=True))
    state = compose(state, {0: hand_ids}, ghost=0 if data.draw(st.booleans()) else None)
    state["seats"][0]["roses"] = data.draw(st.integers(0, 8))
    # a budget: what is checked is that the found word scores as said, not that it is best
    result = best_words(hand_from_state(state, 0), 1, budget_s=10)["words"]
    if not result:
        return
    post_and_check(state, 0, result[0])


def test_hints_are_legal_in_every_phase():
    for players in (1, 3):
        state = GAME.new(players, {}, 9)
        for _ in range(400):
            if GAME.outcome(state):
                break
            seat = GAME.seats_to_act(state)[0]
            advice = hint(state, seat, 1.0)
            (act,) = advice["actions"]
            assert act["seat"] == seat and advice["explanation"]
            assert act["action"] in GAME.legal_actions(state, seat) or (
                act["action"]["type"] == "perform"
            )
            state, _ = GAME.apply(state, seat, act["action"])
        assert GAME.outcome(state) is not None


def test_hint_for_a_seat_with_nothing_to_do():
    state = GAME.new(3, {}, 2)
    assert hint(state, 2, 1.0)["actions"] == []


def test_validate_rejects_bad_payloads():
    bad = [
        None,
        [],
        {},
        {"cards": []},
        {"cards": ["nope"]},
        {"cards": ["t1"]},  # a Tomato is not a letter card
        {"cards": [{"letters": "abc"}]},
        {"cards": [{"letters": "A"}]},
        {"cards": [{"letters": "a", "rose": -1}]},
        {"cards": [{"letters": "a", "abilities": [{"type": "fly"}]}]},
        {"cards": ["n01", "n01"]},
        {"cards": ["n01"], "k": 0},
        {"cards": ["n01"], "k": 1000},
        {"cards": ["n01"], "roses": -2},
        {"cards": ["n01"], "maestro": "ZED"},
        {"cards": ["n01"], "ghost": "yes"},
        {"cards": ["n01"], "colour": 1},
        {"cards": ["n01"] * 30},
    ]
    for payload in bad:
        with pytest.raises(RulesError) as err:
            validate(payload)
        assert err.value.code == "invalid_payload"


def test_solve_returns_cards_per_letter_and_a_breakdown():
    payload = validate({"cards": ["c01", "n16", "n20", "n01"], "ghost": True, "k": 2})
    out = solve(payload, 1.0)
    assert out["optimal"] and len(out["words"]) == 2
    top = out["words"][0]
    assert "".join(c["letters"] for c in top["cards"]) == top["word"]
    assert top["breakdown"]["total"] == top["score"]
    assert out["words"][0]["net"] >= out["words"][1]["net"]
    assert set(out["figures"]) >= {"candidates", "evaluated", "elapsed_ms"}


def test_preload_reports_the_index():
    info = preload()
    assert info["words"] > 200_000 and info["bytes"] > 0


def test_known_small_answer():
    # Q(6) U(1) I(0) T(1): QUIT = 8 Roses; no symbols are shared (none, clef-less) -> 8
    payload = validate({"cards": [
        {"id": "q", "letters": "q", "rose": 6},
        {"id": "u", "letters": "u", "rose": 1},
        {"id": "i", "letters": "i", "rose": 0},
        {"id": "t", "letters": "t", "rose": 1},
    ], "k": 1})  # fmt: skip
    (top,) = solve(payload)["words"]
    assert top["word"] == "quit" and top["score"] == 8
    assert [c["card"] for c in top["cards"]] == ["q", "u", "i", "t"]
