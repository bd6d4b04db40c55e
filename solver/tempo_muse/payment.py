"""The best exact payment: a subset-sum over the hand, solved exactly by dynamic programming.

Objective, lexicographic: fewest *keepers* spent (the one copy of each value the
seat still needs for its Studio), then the lowest total value, then the fewest
cards, then the smallest values.  The rules accept a payment whose cards before
the last total less than the cost; an optimum has no card it could drop (a
cheaper payment would remain), so it is legal in every order and the order is
free to serve the discard pile (``discard_order``).  The DP therefore never
extends a partial payment that already reaches the cost.
"""

from __future__ import annotations

from collections import Counter

Key = tuple[int, int, int, tuple[int, ...]]


def keepers(hand: list[int], studio_len: int, goal: int, horizon: int = 15) -> Counter:
    """One copy of each value the seat needs for its next ``horizon`` Studio positions."""
    have = Counter(hand)
    last = min(goal, studio_len + horizon)
    return Counter({v: 1 for v in range(studio_len + 1, last + 1) if have[v]})


def best_payment(hand: list[int], cost: int, keep: Counter | None = None) -> list[int] | None:
    """The optimal legal payment of ``cost`` from ``hand`` (a multiset), or None.

    Exact: a DP over reachable totals, one item per physical card; totals stop
    growing once they reach the cost, so at most ``cost + 15`` totals exist.
    """
    if cost <= 0 or sum(hand) < cost:
        return None
    keep = keep or Counter()
    items: list[tuple[int, int]] = []  # (value, 1 if spending it costs a keeper)
    for value, n in sorted(Counter(hand).items()):
        k = min(keep[value], n)
        items += [(value, 0)] * (n - k) + [(value, 1)] * k
    # best[total] = (keepers, total, cards, values) of the best partial payment
    best: dict[int, Key] = {0: (0, 0, 0, ())}
    for value, is_keeper in items:
        for total, key in sorted(best.items(), reverse=True):
            if total >= cost:
                continue
            new_total = total + value
            cand: Key = (
                key[0] + is_keeper,
                new_total,
                key[2] + 1,
                tuple(sorted(key[3] + (value,))),
            )
            if new_total not in best or cand < best[new_total]:
                best[new_total] = cand
    done = [key for total, key in best.items() if total >= cost]
    if not done:
        return None
    return list(min(done)[3])


def discard_order(payment: list[int], gifts: int) -> list[int]:
    """``payment`` in the order to discard it (the last card ends on top of the pile).

    ``gifts``: how many cards a rival's salvage takes from the top before the
    seat's own salvage can: those are the lowest cards; beneath them the rest
    with the highest nearest the top, for the seat's own salvage.  Any order is
    legal because ``best_payment`` never holds a card it could drop.
    """
    low = sorted(payment)
    return low[gifts:] + sorted(low[:gifts], reverse=True)
