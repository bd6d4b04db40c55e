"""The exact Cycle decision: how many cards to Cycle (or none) and which to give back.

Objective, from what the seat may see: maximise the exact probability that the
seat can place its forced card this round with a legal payment, ties broken by
the expected *worth* of the hand kept, then by the smaller Cycle.  The
give-back is chosen after the draw is seen, so the value of a Cycle of N cards
is an expectation over draw outcomes of the best give-back for each outcome.

Draw model: the first ``min(N, deck)`` cards come from the unseen pool (deck
plus rival hand, as a multiset, every unseen card equally likely), the rest
from the known discard pile, which the engine reshuffles into an empty deck.

Exactness without enumerating every draw: an outcome matters only through its
card total and which *special* values (the forced card and the next Studio
values) it contains, so the draws are grouped by (size, specials, total) with
hypergeometric counts.  For a fixed outcome the best give-back is among one
candidate per set of specials to protect (give back the lowest cards left), since
success and worth only grow with the specials kept and the total kept.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

#: worth of holding each upcoming Studio value, in card-value points (more than any one card)
KEEP_BONUS = 15
#: upcoming Studio values (the forced card included) that count as specials
HORIZON = 3
#: success outranks any worth in the combined per-outcome key
_BIG = 10**6


@dataclass(frozen=True)
class Goal:
    """What the seat wants from its hand: the forced card (None: no placement this round)."""

    need: int | None
    specials: tuple[int, ...]

    @staticmethod
    def of(studio_len: int, goal: int, placing: bool) -> Goal:
        """The goal for a Studio of ``studio_len`` cards; ``placing``: the seat may place now."""
        first = studio_len + 1
        specials = tuple(v for v in range(first, first + HORIZON) if v <= goal)
        need = first if placing and first <= goal else None
        return Goal(need, specials)


def can_place(hand: Counter | list[int], need: int | None) -> bool:
    """True when the hand holds ``need`` and the other cards total at least ``need`` (pay it)."""
    h = Counter(hand)
    return need is not None and h[need] > 0 and sum(h.elements()) - need >= need


def worth(hand: Counter | list[int], goal: Goal) -> int:
    """Total card value, plus ``KEEP_BONUS`` per upcoming Studio value held."""
    h = Counter(hand)
    return sum(h.elements()) + KEEP_BONUS * sum(1 for v in goal.specials if h[v])


def score(hand: Counter | list[int], goal: Goal) -> tuple[int, int]:
    """(1 if the forced card can be placed else 0, worth): what the Cycle maximises."""
    return (int(can_place(hand, goal.need)), worth(hand, goal))


def _candidates(old: list[int], n: int, goal: Goal) -> list[tuple[int, int, list[int]]]:
    """(specials-kept bits, total kept, give-back) for each set of specials to protect."""
    held = [i for i, v in enumerate(goal.specials) if v in old]
    seen: dict[tuple[int, int], list[int]] = {}
    for mask in range(1 << len(held)):
        rest = list(old)
        for j, i in enumerate(held):
            if mask >> j & 1:
                rest.remove(goal.specials[i])
        if len(rest) < n:
            continue
        back = sorted(rest)[:n]
        kept = Counter(old) - Counter(back)
        bits = sum(1 << i for i, v in enumerate(goal.specials) if kept[v])
        key = (bits, sum(kept.elements()))
        if key not in seen or back < seen[key]:
            seen[key] = back
    return [(b, t, back) for (b, t), back in sorted(seen.items())]


def best_return(old: list[int], drawn: list[int], goal: Goal) -> list[int]:
    """The exact best give-back (``len(drawn)`` cards of ``old``) once the draw is known."""
    best: tuple[tuple[int, int], list[int]] | None = None
    for _, _, back in _candidates(old, len(drawn), goal):
        hand = Counter(old) - Counter(back) + Counter(drawn)
        key = score(hand, goal)
        if best is None or key > best[0] or (key == best[0] and back < best[1]):
            best = (key, back)
    assert best is not None, "a Cycle never draws more cards than the hand held"
    return best[1]


def _draw_counts(pool: Counter, n_max: int, goal: Goal, s_max: int) -> np.ndarray:
    """counts[n, bits, total]: how many n-card subsets of ``pool`` have these specials and total."""
    nb = 1 << len(goal.specials)
    out = np.zeros((n_max + 1, nb, s_max + 1), dtype=np.int64)
    out[0, 0, 0] = 1
    for v, c in sorted(pool.items()):
        if c <= 0:
            continue
        bit = 1 << goal.specials.index(v) if v in goal.specials else 0
        new = out.copy()
        for j in range(1, min(c, n_max) + 1):
            w = comb(c, j)
            shifted = np.zeros_like(out)
            shifted[j:, :, j * v :] = out[: n_max + 1 - j, :, : s_max + 1 - j * v] * w
            if bit:
                for b in range(nb):
                    new[:, b | bit] += shifted[:, b]
            else:
                new += shifted
        out = new
    return out


def _combine(a: np.ndarray, b: np.ndarray, bound: int) -> np.ndarray:
    """Outcome counts of two independent draws (bits OR-ed, totals added).

    ``bound`` is the number of outcomes (it bounds every count): int64 when it
    fits, Python ints otherwise, so the counts stay exact.
    """
    kind = np.int64 if bound < 2**62 else object
    nb, width = a.shape[0], a.shape[1] + b.shape[1] - 1
    out = np.zeros((nb, width), dtype=kind)
    for x in range(nb):
        if not a[x].any():
            continue
        ax = np.trim_zeros(a[x], "b").astype(kind)
        for y in range(nb):
            if b[y].any():
                conv = np.convolve(ax, np.trim_zeros(b[y], "b").astype(kind))
                out[x | y, : len(conv)] += conv
    return out


@dataclass(frozen=True)
class CyclePlan:
    """The best Cycle size (0: do not Cycle) and the exact figures behind it."""

    count: int
    place_chance: Fraction
    expected_worth: Fraction
    by_count: dict[int, tuple[Fraction, Fraction]]
    exact: bool


def plan_cycle(
    hand: list[int],
    unseen: Counter,
    deck_count: int,
    discard: Counter,
    goal: Goal,
    max_count: int,
    budget_s: float = 1.0,
) -> CyclePlan:
    """Exact (place chance, expected worth) for every Cycle size 0..max_count; the best one.

    Sizes are evaluated in increasing order; when ``budget_s`` runs out the plan
    keeps the sizes already done and says so (``exact=False``).
    """
    started = time.perf_counter()
    p0, w0 = score(hand, goal)
    by_count = {0: (Fraction(p0), Fraction(w0))}
    from_deck = min(max_count, deck_count)
    s_max = 15 * max(max_count, 1)
    exact = True
    if max_count > 0:
        deck_counts = _draw_counts(unseen, from_deck, goal, s_max)
        pile_counts = (
            _draw_counts(discard, max_count - from_deck, goal, s_max)
            if max_count > from_deck
            else None
        )
    # bit 0 is the forced card whenever there is one (``Goal.of`` lists it first)
    need_bit = 1 if goal.need is not None and goal.specials[:1] == (goal.need,) else 0
    popcount = [bin(b).count("1") for b in range(1 << len(goal.specials))]
    for n in range(1, max_count + 1):
        if time.perf_counter() - started > budget_s:
            exact = False
            break
        k = min(n, deck_count)
        # every unordered draw is one outcome: the weights below sum to this
        outcomes = comb(sum(unseen.values()), k) * comb(sum(discard.values()), n - k)
        if n <= k:
            counts = deck_counts[n]
        else:
            counts = _combine(deck_counts[k], pile_counts[n - k], outcomes)
        cands = _candidates(hand, n, goal)
        p_num = w_num = 0
        for bits in range(counts.shape[0]):
            totals = np.flatnonzero(counts[bits])
            if not totals.size:
                continue
            w = counts[bits][totals]
            if outcomes * _BIG >= 2**62:
                w = w.astype(object)  # weighted sums could overflow int64
            best = None
            for kept_bits, kept_total, _ in cands:
                have = kept_bits | bits
                key = totals + (kept_total + KEEP_BONUS * popcount[have])
                if have & need_bit:
                    key = key + _BIG * (totals >= 2 * goal.need - kept_total)
                best = key if best is None else np.maximum(best, key)
            p_num += int((w * (best >= _BIG)).sum())
            w_num += int((w * (best % _BIG)).sum())
        by_count[n] = (Fraction(p_num, outcomes), Fraction(w_num, outcomes))
    count = max(by_count, key=lambda n: (*by_count[n], -n))
    chance, value = by_count[count]
    return CyclePlan(count, chance, value, by_count, exact)
