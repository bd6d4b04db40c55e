"""The recommender: legal, postable, blind to hidden cards, and exact where it claims to be."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from tempo_muse_helpers import position, studio

from services.tempo_muse import GAME
from solver.registry import HINTS, resolve
from solver.tempo_muse import hint
from solver.tempo_muse.policy import unseen


def test_hint_is_registered():
    assert resolve(HINTS["tempo-muse"]) is hint


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hints_play_whole_games_with_legal_postable_actions(seed):
    s = GAME.new(2, {}, seed)
    steps = 0
    while GAME.outcome(s) is None:
        seat = GAME.seats_to_act(s)[0]
        h = hint(s, seat, 1.0)
        json.dumps(h)
        assert h["explanation"]
        [step] = h["actions"]
        assert step["seat"] == seat
        s, _ = GAME.apply(s, step["seat"], step["action"])
        steps += 1
        assert steps < 2000
    # greedy games finish by completing a Studio, well inside the round limit
    assert GAME.outcome(s)["reason"] == "studio_complete"


def test_no_hint_for_a_seat_that_is_not_to_act_or_a_finished_game():
    s = position(hands=([1, 3], [6]))
    assert hint(s, 1, 1.0)["actions"] == []
    s["phase"], s["to_act"], s["end"] = "over", None, {"reason": "round_limit", "round": 3}
    assert hint(s, 0, 1.0)["actions"] == []


def test_places_the_next_card_with_the_cheapest_payment_that_keeps_the_next_cards():
    # the Cycle is spent, so the choice is the payment alone
    # next is 3; 4 is needed soon, so pay 1+2 (exactly 3) and never the 4 or the 9
    s = position(hands=([1, 2, 3, 4, 9], [6]), studios=(studio(1, 2), []))
    s["cycled"][0] = True
    assert hint(s, 0, 1.0)["actions"][0]["action"] == {"type": "play", "card": 3, "payment": [1, 2]}
    # without small cards the 9 pays alone, still sparing the 4
    s = position(hands=([3, 4, 9], [6]), studios=(studio(1, 2), []))
    s["cycled"][0] = True
    assert hint(s, 0, 1.0)["actions"][0]["action"]["payment"] == [9]


def test_the_payment_keeps_its_best_card_from_a_rival_salvage_that_resolves_first():
    # seat 0 places second (seat 1 holds the token); seat 1's Lo-Fi is in tempo and
    # salvages the top of the pile in its Mix, before seat 0's own Lo-Fi can
    s = position(
        hands=([1, 2, 3, 4], [6, 6]), studios=(studio(1, 2), studio(1, 2)), first=1, turn=1
    )
    s["cycled"][0] = True
    pay = hint(s, 0, 1.0)["actions"][0]["action"]["payment"]
    assert pay == [2, 1]  # the 1 on top goes to the rival, the 2 stays for seat 0
    # with the rival's Lo-Fi silent, the best card goes on top for seat 0's own salvage
    s["studios"][1] = studio(1, (2, 2))
    assert hint(s, 0, 1.0)["actions"][0]["action"]["payment"] == [1, 2]


def test_a_certain_placement_is_never_risked_for_a_better_hand():
    # 3 and 4 alone place the 3 (4 pays), so a Cycle that gives back only the 1 and
    # the 9 keeps the placement certain while trading low cards for unseen ones
    s = position(hands=([1, 3, 4, 9], [6]), studios=(studio(1, 2), []), deck=[7, 8, 9, 10])
    h = hint(s, 0, 1.0)
    assert h["actions"][0]["action"]["type"] == "cycle"
    assert h["place_chance"] == 1.0
    assert h["expected_worth"] > h["cycle_sizes"]["0"]["expected_worth"]
    s, _ = GAME.apply(s, 0, h["actions"][0]["action"])
    s, _ = GAME.apply(s, 0, hint(s, 0, 1.0)["actions"][0]["action"])
    assert hint(s, 0, 1.0)["actions"][0]["action"]["type"] == "play"
    # with only 3 and 4 any Cycle gives one of them back and the draw may hold only
    # 1s and 2s (all ten are unseen), so the seat places at once
    s = position(hands=([3, 4], [6]), studios=(studio(1, 2), []), deck=[7, 8, 9, 10])
    h = hint(s, 0, 1.0)
    assert h["actions"][0]["action"] == {"type": "play", "card": 3, "payment": [4]}
    assert all(v["place_chance"] < 1 for n, v in h["cycle_sizes"].items() if n != "0")


def test_cycles_to_dig_for_a_missing_card_and_gives_back_old_cards_only():
    s = position(hands=([5, 6, 11, 12], [6]), deck=[1, 7, 8, 9])
    h = hint(s, 0, 1.0)
    # no 1 in hand: only a drawn 1 lets the seat place, and each extra card drawn
    # raises that chance, so the whole deck (4 cards) is cycled
    assert h["actions"][0]["action"] == {"type": "cycle", "count": 4}
    assert 0 < h["place_chance"] <= 1 and h["cycle_sizes"]["0"]["place_chance"] == 0
    s, _ = GAME.apply(s, 0, h["actions"][0]["action"])
    back = hint(s, 0, 1.0)["actions"][0]["action"]
    assert back["type"] == "cycle_return"
    assert Counter(back["cards"]) <= Counter([5, 6, 11, 12])
    s, _ = GAME.apply(s, 0, back)
    # the deck held four cards, so the 1 was drawn: now it is placed
    assert hint(s, 0, 1.0)["actions"][0]["action"]["type"] == "play"


def test_hint_ignores_cards_the_seat_cannot_see():
    s = position(hands=([5, 6, 11, 12], [1, 2, 3]), deck=[1, 7, 8, 9, 10], discard=[4])
    t = GAME.copy_state(s)
    t["hands"][1], t["deck"] = [7, 8, 9], [1, 2, 3, 10, 1]
    assert hint(s, 0, 1.0) | {"elapsed_s": 0} == hint(t, 0, 1.0) | {"elapsed_s": 0}


def test_unseen_counts_deck_and_rival_hand_only():
    s = position(hands=([1, 1], [2]), studios=(studio(1), studio(1)), deck=[3], discard=[4])
    pool = unseen(GAME.content, s, 0)
    copies = {v: c.copies for v, c in GAME.content.cards.items()}
    assert pool[1] == copies[1] - 4 and pool[4] == copies[4] - 1 and pool[2] == copies[2]


def test_random_positions_hints_are_always_legal():
    rng = random.Random(5)
    for seed in range(6):
        s = GAME.new(2, {"round_limit": 10}, seed)
        while GAME.outcome(s) is None:
            seat = GAME.seats_to_act(s)[0]
            [step] = hint(s, seat, 1.0)["actions"]
            GAME.apply(s, seat, step["action"])  # the hint is legal here
            s, _ = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
