"""The payment rule: cards are discarded one at a time until the cost is met, then no more.

A payment is the ordered list of cards a seat discards.  It is valid for a cost
when its total reaches the cost and the cards before the last total less than
the cost: each card was discarded while the value was still unmet.  So paying a
3 with 2 then 9 is valid and 9 then 2 is not.  The order is kept because the
cards reach the discard pile in it: the last card ends on top, where a salvage
takes from.  A multiset can be paid in some order exactly when ``sum - max <
cost``.  The same rule prices an Offset in the Mix phase.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from math import factorial


def is_valid_payment(cost: int, payment: list[int]) -> bool:
    """True when discarding ``payment`` in order meets ``cost`` only with its last card."""
    if cost <= 0 or not payment:
        return False
    return sum(payment[:-1]) < cost <= sum(payment)


def contains(hand: Iterable[int], cards: Iterable[int]) -> bool:
    """True when the multiset ``cards`` is inside the multiset ``hand``."""
    have = Counter(hand)
    need = Counter(cards)
    return all(have[v] >= n for v, n in need.items())


def remove(hand: list[int], cards: Iterable[int]) -> list[int]:
    """``hand`` minus the multiset ``cards`` (caller checked ``contains``)."""
    left = list(hand)
    for v in cards:
        left.remove(v)
    return left


def canonical_payments(hand: list[int], cost: int) -> list[list[int]]:
    """Every valid payment from ``hand`` in canonical order, cheapest total first.

    Canonical: the cards before the last in ascending order, then the last card
    (the one that meets the cost and ends on top of the discard pile).  Each
    distinct (cards before, last card) pair appears once; every other valid
    order is a reordering of the cards before the last.  Sorted by (total,
    size, cards, last card).
    """
    counts = sorted(Counter(hand).items())
    found: list[list[int]] = []

    def walk(i: int, before: list[int], total: int, left: Counter) -> None:
        # ``before`` totals less than the cost: any held card that reaches it may end it
        for value, _ in counts:
            if left[value] and total + value >= cost:
                found.append(before + [value])
        for j in range(i, len(counts)):
            value = counts[j][0]
            if left[value] and total + value < cost:
                left[value] -= 1
                walk(j, before + [value], total + value, left)
                left[value] += 1

    if cost > 0:
        walk(0, [], 0, Counter(dict(counts)))
    found.sort(key=lambda p: (sum(p), len(p), sorted(p), p[-1]))
    return found


def orderings(payment: list[int]) -> int:
    """How many distinct valid payments share this canonical one (orders of the cards before)."""
    ways = factorial(len(payment) - 1)
    for n in Counter(payment[:-1]).values():
        ways //= factorial(n)
    return ways


def enumerate_payments(hand: list[int], cost: int, limit: int = 64) -> list[list[int]]:
    """Up to ``limit`` canonical valid payments from ``hand``, cheapest total first."""
    return canonical_payments(hand, cost)[:limit]


def all_listed(hand: list[int], cost: int, limit: int) -> bool:
    """True when ``enumerate_payments(hand, cost, limit)`` holds every valid payment."""
    found = canonical_payments(hand, cost)
    return len(found) <= limit and all(orderings(p) == 1 for p in found)
