"""The payment rule: cards worth at least the cost, and not one card more than needed.

A payment is a multiset of card values.  It is valid for a cost when its total
reaches the cost and every card in it is needed: dropping any one card would
leave the total short.  With positive values that is ``sum - min < cost``.
The same rule prices an Offset in the Mix phase.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable


def is_valid_payment(cost: int, payment: list[int]) -> bool:
    """True when ``payment`` reaches ``cost`` with no card to spare."""
    if cost <= 0 or not payment:
        return False
    total = sum(payment)
    return total >= cost and total - min(payment) < cost


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


def enumerate_payments(hand: list[int], cost: int, limit: int = 64) -> list[list[int]]:
    """Distinct valid payments from ``hand`` (a multiset), cheapest total first.

    Depth-first over distinct values in descending order, so each multiset is
    produced once; stops after ``limit`` payments.  Sorted by (total, size, cards).
    """
    counts = sorted(Counter(hand).items(), reverse=True)
    found: list[list[int]] = []

    def walk(i: int, chosen: list[int], total: int) -> bool:
        if total >= cost:
            # chosen is descending, so its minimum is the last card added
            if total - chosen[-1] < cost:
                found.append(sorted(chosen))
            return len(found) >= limit
        if i >= len(counts):
            return False
        value, have = counts[i]
        for take in range(have, -1, -1):
            if take and total + value * (take - 1) >= cost:
                continue  # a card would be spare
            if walk(i + 1, chosen + [value] * take, total + value * take):
                return True
        return False

    walk(0, [], 0)
    found.sort(key=lambda p: (sum(p), len(p), p))
    return found
