"""The payment rule, the listing and the exact best payment, against brute force and the engine."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations

from hypothesis import given, settings
from hypothesis import strategies as st
from tempo_muse_helpers import position, studio

from services.core import RulesError
from services.tempo_muse import GAME
from services.tempo_muse.payment import (
    all_listed,
    canonical_payments,
    enumerate_payments,
    is_valid_payment,
    orderings,
)
from solver.tempo_muse import hint
from solver.tempo_muse.cycle import can_place
from solver.tempo_muse.payment import best_payment, discard_order, keepers

hands = st.lists(st.integers(1, 15), min_size=0, max_size=9)
costs = st.integers(1, 15)


def discarded_in_order(cost: int, payment: list[int]) -> bool:
    """The rule read literally: discard card by card; once the value is met, no more."""
    total = 0
    for card in payment:
        if total >= cost:
            return False  # the value was already met: this card cannot be discarded
        total += card
    return bool(payment) and total >= cost


def brute_ordered(hand: list[int], cost: int) -> set[tuple[int, ...]]:
    """Every valid ordered payment from ``hand``, by trying every order of every subset."""
    out = set()
    for r in range(1, len(hand) + 1):
        for order in set(permutations(hand, r)):
            if discarded_in_order(cost, list(order)):
                out.add(order)
    return out


def brute_payments(hand: list[int], cost: int) -> set[tuple[int, ...]]:
    """The multisets some order of which is a valid payment.

    Only the last card's choice matters: every card before it is discarded while
    their total is below the sum of them all, so their own order cannot change
    the verdict (the ordered brute force above checks that on small hands).
    """
    out = set()
    for r in range(1, len(hand) + 1):
        for combo in set(combinations(sorted(hand), r)):
            for i in range(r):
                rest = list(combo[:i] + combo[i + 1 :])
                if discarded_in_order(cost, rest + [combo[i]]):
                    out.add(combo)
                    break
    return out


def canonical(order: tuple[int, ...]) -> tuple[int, ...]:
    return (*sorted(order[:-1]), order[-1])


@given(cost=costs, payment=st.lists(st.integers(1, 15), max_size=8))
@settings(max_examples=400, deadline=None)
def test_is_valid_payment_matches_the_printed_rule(cost, payment):
    assert is_valid_payment(cost, payment) == discarded_in_order(cost, payment)


def test_discards_follow_the_printed_order():
    # paying a 3: 2 is short, so a 9 may follow; once 9 has met it, the 2 may not
    assert is_valid_payment(3, [2, 9]) and not is_valid_payment(3, [9, 2])
    assert is_valid_payment(3, [1, 1, 9]) and not is_valid_payment(3, [1, 2, 9])


hands_small = st.lists(st.integers(1, 15), min_size=0, max_size=6)


@given(hand=hands_small, cost=costs)
@settings(max_examples=300, deadline=None)
def test_canonical_payments_cover_every_valid_order_once(hand, cost):
    listed = canonical_payments(hand, cost)
    assert len(listed) == len({tuple(p) for p in listed})
    every = brute_ordered(hand, cost)
    assert {tuple(p) for p in listed} == {canonical(o) for o in every}
    assert sum(orderings(p) for p in listed) == len(every)
    assert brute_payments(hand, cost) == {tuple(sorted(o)) for o in every}
    totals = [sum(p) for p in listed]
    assert totals == sorted(totals)
    for limit in (1, 3, 24):
        assert enumerate_payments(hand, cost, limit) == listed[:limit]
        assert all_listed(hand, cost, limit) == (len(every) <= limit and len(every) == len(listed))


@given(hand=hands, cost=costs)
@settings(max_examples=400, deadline=None)
def test_best_payment_is_the_cheapest_valid_payment(hand, cost):
    valid = brute_payments(hand, cost)
    got = best_payment(hand, cost)
    if not valid:
        assert got is None
        return
    assert got is not None and tuple(got) in valid
    assert Counter(got) <= Counter(hand)
    cheapest = min((sum(p), len(p), p) for p in valid)
    assert (sum(got), len(got), tuple(got)) == cheapest


@given(hand=hands, cost=costs, studio_len=st.integers(0, 14), horizon=st.integers(1, 15))
@settings(max_examples=300, deadline=None)
def test_best_payment_spends_as_few_keepers_as_possible(hand, cost, studio_len, horizon):
    keep = keepers(hand, studio_len, 15, horizon)
    valid = brute_payments(hand, cost)
    got = best_payment(hand, cost, keep)
    if not valid:
        assert got is None
        return

    def spent_keepers(pay: tuple[int, ...]) -> int:
        # the payment spends a keeper when it leaves fewer copies than the keepers need
        left = Counter(hand) - Counter(pay)
        return sum(max(0, keep[v] - left[v]) for v in keep)

    best = min((spent_keepers(p), sum(p), len(p), p) for p in valid)
    assert (spent_keepers(tuple(got)), sum(got), len(got), tuple(got)) == best


def test_keepers_are_one_copy_of_each_upcoming_value_held():
    hand = [3, 3, 4, 6, 9, 9, 15]
    assert keepers(hand, 2, 15, 3) == Counter({3: 1, 4: 1})
    assert keepers(hand, 2, 15, 15) == Counter({3: 1, 4: 1, 6: 1, 9: 1, 15: 1})
    assert keepers(hand, 14, 15, 3) == Counter({15: 1})


def test_examples_worked_by_hand():
    # cost 7 from [2, 3, 4, 6, 9]: 3+4=7 exactly beats 9 (total 9) and 2+6=8
    assert best_payment([2, 3, 4, 6, 9], 7) == [3, 4]
    # nothing reaches 20
    assert best_payment([2, 3, 4, 6], 20) is None
    # keep the 4 (needed next): pay 2+6 = 8 rather than 3+4 = 7
    assert best_payment([2, 3, 4, 6, 9], 7, Counter({4: 1})) == [2, 6]


@given(hand=hands_small, cost=costs, gifts=st.integers(0, 3))
@settings(max_examples=300, deadline=None)
def test_the_hinted_payment_is_legal_in_the_order_it_is_given(hand, cost, gifts):
    pay = best_payment(hand, cost)
    if pay is None:
        assert not brute_ordered(hand, cost)
        return
    ordered = discard_order(pay, gifts)
    assert sorted(ordered) == pay and is_valid_payment(cost, ordered)
    # the top ``gifts`` cards (the end of the list) are the lowest ones
    top = ordered[::-1][:gifts]
    assert sorted(top) == sorted(pay)[: len(top)]


@st.composite
def paying_positions(draw):
    """A Composition turn placing the 4th card, and an ordered payment drawn from the hand."""
    rest = draw(st.lists(st.integers(1, 9), min_size=1, max_size=6))
    order = draw(st.permutations(rest))
    payment = order[: draw(st.integers(1, len(order)))]
    first = draw(st.integers(0, 1))
    rival = studio(*draw(st.lists(st.sampled_from([1, 2, 5]), max_size=3)))
    s = position(
        hands=([4, *rest], [6]) if first == 0 else ([6], [4, *rest]),
        studios=(studio(1, 2, 3), rival) if first == 0 else (rival, studio(1, 2, 3)),
        discard=[7],
        first=first,
    )
    return s, first, rest, list(payment)


@given(paying_positions())
@settings(max_examples=150, deadline=None)
def test_the_engine_the_listing_and_the_hint_agree_on_payments(case):
    s, seat, rest, payment = case
    action = {"type": "play", "card": 4, "payment": payment}
    try:
        after, _ = GAME.apply(s, seat, action)
        accepted = True
    except RulesError as err:
        assert err.code == "invalid_payment"
        accepted = False
    assert accepted == discarded_in_order(4, payment)
    if accepted:
        assert after["discard"] == [7] + payment  # paid in order, the last card on top
    listed = [a["payment"] for a in GAME.legal_actions(s, seat) if a["type"] == "play"]
    assert listed == enumerate_payments(rest, 4, 24)
    for pay in listed:
        GAME.apply(s, seat, {"type": "play", "card": 4, "payment": pay})
    # the solver's "can place" is the rules' "some payment exists"
    assert can_place([4, *rest], 4) == bool(listed)
    action = hint(s, seat, 1.0)["actions"][0]["action"]
    if action["type"] == "play":
        GAME.apply(s, seat, action)
