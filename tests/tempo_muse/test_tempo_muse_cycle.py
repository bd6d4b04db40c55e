"""The exact Cycle decision against an independent brute force over ordered draws.

The brute force deals every ordered draw of the actual unseen cards (then of
the discard pile, once the deck runs out), tries every give-back of the cards
held before the draw, and judges "can place" with the rules engine's own
payment enumeration, so it shares no code with the grouped computation.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations

import pytest
from tempo_muse_helpers import full_deck, position, studio

from services.tempo_muse import GAME
from services.tempo_muse.payment import enumerate_payments
from solver.tempo_muse import hint
from solver.tempo_muse.cycle import KEEP_BONUS, Goal, best_return, plan_cycle


def placeable(hand: list[int], need: int | None) -> bool:
    """The rules engine's view: the card is held and some legal payment exists."""
    if need is None or need not in hand:
        return False
    rest = list(hand)
    rest.remove(need)
    return bool(enumerate_payments(rest, need, 1))


def judge(hand: list[int], goal: Goal) -> tuple[int, int]:
    held = sum(1 for v in goal.specials if v in hand)
    return int(placeable(hand, goal.need)), sum(hand) + KEEP_BONUS * held


def best_by_force(old: list[int], drawn: list[int], goal: Goal) -> tuple[int, int]:
    """The best (can place, worth) over every give-back of len(drawn) old cards."""
    return max(
        judge([old[i] for i in range(len(old)) if i not in back] + drawn, goal)
        for back in combinations(range(len(old)), len(drawn))
    )


def cycle_by_force(
    hand: list[int], unseen: list[int], deck: int, discard: list[int], goal: Goal, n: int
) -> tuple[Fraction, Fraction]:
    """(place chance, expected worth) of a Cycle of n, averaged over every ordered draw."""
    k = min(n, deck)
    total_p = total_w = outcomes = 0
    for first in permutations(unseen, k):
        for rest in permutations(discard, n - k):
            ok, value = best_by_force(hand, list(first) + list(rest), goal)
            total_p, total_w, outcomes = total_p + ok, total_w + value, outcomes + 1
    return Fraction(total_p, outcomes), Fraction(total_w, outcomes)


def random_case(rng: random.Random) -> tuple[list[int], list[int], int, list[int], Goal, int]:
    top = rng.randint(3, 9)
    hand = [rng.randint(1, top) for _ in range(rng.randint(1, 5))]
    unseen = [rng.randint(1, top) for _ in range(rng.randint(0, 6))]
    discard = [rng.randint(1, top) for _ in range(rng.randint(0, 4))]
    deck = rng.randint(0, len(unseen))
    goal = Goal.of(rng.randint(0, top - 1), top, placing=rng.random() < 0.85)
    most = min(len(hand), deck + len(discard), 4)
    return hand, unseen, deck, discard, goal, most


@pytest.mark.parametrize("seed", range(4))
def test_every_cycle_size_matches_brute_force_on_random_small_positions(seed):
    rng = random.Random(seed)
    for _ in range(40):
        hand, unseen, deck, discard, goal, most = random_case(rng)
        plan = plan_cycle(hand, Counter(unseen), deck, Counter(discard), goal, most)
        assert plan.exact
        expected = {0: tuple(Fraction(x) for x in judge(hand, goal))}
        for n in range(1, most + 1):
            expected[n] = cycle_by_force(hand, unseen, deck, discard, goal, n)
        assert plan.by_count == expected, (hand, unseen, deck, discard, goal)
        # the chosen size is the best (chance, worth), the smallest such size on a tie
        best = max(expected.values())
        assert plan.count == min(n for n, v in expected.items() if v == best)
        assert (plan.place_chance, plan.expected_worth) == best


def test_draws_past_the_deck_come_from_the_discard_pile():
    # one unseen card (a 5) is in the deck; the second card drawn must be the discard's 3
    goal = Goal.of(2, 15, placing=True)  # the 3 is the forced card
    plan = plan_cycle([1, 9], Counter({5: 1}), 1, Counter({3: 1}), goal, 2)
    assert plan.by_count[1][0] == 0  # the 5 alone cannot be the 3
    assert plan.by_count[2][0] == 1  # drawing 2 always reaches the 3 (and 5 pays for it)
    assert plan.count == 2


@pytest.mark.parametrize("seed", range(3))
def test_best_return_is_the_best_give_back_for_the_actual_draw(seed):
    rng = random.Random(100 + seed)
    for _ in range(150):
        top = rng.randint(3, 15)
        old = [rng.randint(1, top) for _ in range(rng.randint(1, 7))]
        drawn = [rng.randint(1, top) for _ in range(rng.randint(1, len(old)))]
        goal = Goal.of(rng.randint(0, top - 1), top, placing=rng.random() < 0.85)
        back = best_return(old, drawn, goal)
        assert len(back) == len(drawn) and not Counter(back) - Counter(old)
        kept = list((Counter(old) - Counter(back)).elements()) + drawn
        assert judge(kept, goal) == best_by_force(old, drawn, goal)


def small_game(rng: random.Random) -> dict:
    """A Composition position whose unseen cards (deck + rival hand) are few.

    Studios take the low values, the rest of the cards go to the discard pile,
    and the deck holds at least as many cards as the hand, so no Cycle reaches
    the discard pile and the brute force stays small.
    """
    pool = list(full_deck().elements())
    rng.shuffle(pool)
    mine = rng.randint(0, 6)
    theirs = rng.randint(0, 8)
    for v in list(range(1, mine + 1)) + list(range(1, theirs + 1)):
        pool.remove(v)
    hand = [pool.pop() for _ in range(rng.randint(2, 4))]
    deck = [pool.pop() for _ in range(len(hand) + rng.randint(0, 1))]
    rival = [pool.pop() for _ in range(rng.randint(0, 2))]
    return position(
        hands=(hand, rival),
        studios=(studio(*range(1, mine + 1)), studio(*range(1, theirs + 1))),
        deck=deck,
        discard=pool,
    )


def test_hint_cycles_by_the_exact_optimum_over_the_actual_unseen_cards():
    rng = random.Random(7)
    for _ in range(25):
        s = small_game(rng)
        hand = s["hands"][0]
        goal = Goal.of(len(s["studios"][0]), 15, placing=True)
        unseen = s["deck"] + s["hands"][1]
        values = {0: tuple(Fraction(x) for x in judge(hand, goal))}
        for n in range(1, len(hand) + 1):
            values[n] = cycle_by_force(hand, unseen, len(s["deck"]), [], goal, n)
        best = max(values.values())
        h = hint(s, 0, 5.0)
        assert h["cycle_exact"]
        assert Fraction(h["place_chance_exact"]) == best[0]
        count = min(n for n, v in values.items() if v == best)
        action = h["actions"][0]["action"]
        if count:
            assert action == {"type": "cycle", "count": count}
            s, _ = GAME.apply(s, 0, action)
            back = hint(s, 0, 5.0)["actions"][0]["action"]
            drawn = s["pending_cycle"]["drawn"]
            s, _ = GAME.apply(s, 0, back)  # legal as served
            assert judge(s["hands"][0], goal) == best_by_force(hand, drawn, goal)
        else:
            assert action["type"] in ("play", "discard")
            assert action["type"] == "play" or not placeable(hand, goal.need)


def test_an_exhausted_budget_is_reported_and_the_hint_stays_legal():
    s = position(hands=([5, 6, 11, 12], [6]), deck=[1, 7, 8, 9])
    h = hint(s, 0, 0.0)
    assert h["cycle_exact"] is False
    assert h["cycle_sizes"].keys() == {"0"}
    assert "Fallback" in h["explanation"]
    GAME.apply(s, 0, h["actions"][0]["action"])
