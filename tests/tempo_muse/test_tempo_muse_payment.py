"""The payment rule and the exact best payment, against brute force on random hands."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from services.tempo_muse.payment import enumerate_payments, is_valid_payment
from solver.tempo_muse.payment import best_payment, keepers

hands = st.lists(st.integers(1, 15), min_size=0, max_size=9)
costs = st.integers(1, 15)


def needed_card_by_card(cost: int, payment: list[int]) -> bool:
    """The rule read literally: enough in total, and dropping any one card falls short."""
    if not payment or sum(payment) < cost:
        return False
    return all(sum(payment) - payment[i] < cost for i in range(len(payment)))


def brute_payments(hand: list[int], cost: int) -> set[tuple[int, ...]]:
    out = set()
    for r in range(1, len(hand) + 1):
        for combo in combinations(hand, r):
            if needed_card_by_card(cost, list(combo)):
                out.add(tuple(sorted(combo)))
    return out


@given(cost=costs, payment=st.lists(st.integers(1, 15), max_size=8))
@settings(max_examples=400, deadline=None)
def test_is_valid_payment_matches_the_literal_rule(cost, payment):
    assert is_valid_payment(cost, payment) == needed_card_by_card(cost, payment)


@given(hand=hands, cost=costs)
@settings(max_examples=300, deadline=None)
def test_enumerated_payments_are_exactly_the_valid_ones(hand, cost):
    listed = enumerate_payments(hand, cost, limit=10_000)
    assert len(listed) == len({tuple(p) for p in listed})
    assert {tuple(p) for p in listed} == brute_payments(hand, cost)
    totals = [sum(p) for p in listed]
    assert totals == sorted(totals)


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
