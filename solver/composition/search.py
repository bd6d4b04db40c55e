"""Exact top-k words for a hand: index lookup, vectorised bounds, best-first evaluation.

1. Candidates: words whose letter set fits the hand's letters plus its wilds
   (read from the index, never a scan of the whole list).
2. Filter: per-letter counts within supply, the deficit covered by wilds.
3. Bound: an upper bound on each candidate's net score from its letter
   counts (best card values per letter, every doubler, every symbol row,
   every ability).  Candidates are evaluated exactly in descending bound
   order and the loop stops once the bound falls below the k-th best net.
"""

from __future__ import annotations

import heapq
import time
from typing import Any

import numpy as np

from solver.composition.assign import best_play, breakdown
from solver.composition.bounds import (
    best_first,
    bounds_tables,
    mud_splits,
    neg_word,
    spellable,
    split_bound,
    two_words,
    upper_bound,
)
from solver.composition.hand import Hand
from solver.composition.index import WordIndex, get_index
from solver.composition.pair_ranking import pair_words
from solver.composition.pairs import PairSearch
from solver.composition.prepared import Play, Prepared

#: words a query past its budget still tries while it has found none
LATE_WORDS = 64


def best_words(
    hand: Hand,
    k: int | None = None,
    index: WordIndex | None = None,
    cpsat_time_s: float = 5.0,
    pairs: bool = True,
    pair_budget_s: float | None = None,
    budget_s: float | None = None,
) -> dict[str, Any]:
    """The top-k plays (highest net first, then alphabetical) with figures.

    With a ``two_words`` card in the hand the ranking also holds two-word
    Performances (``solver.composition.pairs``; ``pairs=False`` skips them);
    a two-word entry's ``word`` is both words, space-separated, as the engine
    reports it.  The pair search is exact but may be slow on large hands:
    ``pair_budget_s`` caps its time, and ``exact`` in the result is False when
    it ran out (the ranking is then the best found, not proven optimal).
    ``budget_s`` caps the whole query the same way (MUD hands can need thousands
    of exact evaluations): past it the single-word loop stops too, once it holds
    a word (with none yet, after ``LATE_WORDS`` more tries); a word's CP-SAT
    model gets at most a quarter of it.
    """
    t0 = time.perf_counter()
    end = None if budget_s is None else t0 + budget_s
    if budget_s is not None:  # one word's model never takes more than a quarter of it
        cpsat_time_s = min(cpsat_time_s, max(0.05, budget_s / 4))
    cut_short = False
    index = index or get_index()
    k = k or hand.k
    prep = Prepared(hand, cpsat_time_s)
    max_len = sum(max(1, len(c.letters)) for c in hand.cards)
    supply, top, wilds, wild_value, extra, pv, by_len = bounds_tables(prep, max_len)
    t1 = time.perf_counter()
    ids, lengths, cols, n_candidates = spellable(index, supply, wilds, max_len, hand.min_len)
    t2 = time.perf_counter()
    held = np.flatnonzero(supply).tolist()  # letters the hand holds
    n_feasible = int(len(ids))
    evaluated = 0
    heap: list[tuple[tuple, Play]] = []
    if len(ids):
        width = top.shape[1] - 1
        halves = np.zeros(len(ids), dtype=np.int64)
        for li in held:
            halves += np.take(top[li], np.minimum(cols[li], width))
        base = (halves + 1) // 2 + wild_value
        vowels = np.take(index.vowels, ids).astype(np.int64)
        lengths = lengths.astype(np.int64)
        ub = upper_bound(prep, cols, lengths, vowels, base, extra) + by_len[lengths]
        ub += pv * vowels
        if prep.mud and prep.mud_types:  # tighter: one bound per choice of MUD's change
            ub = np.minimum(ub, split_bound(prep, mud_splits(prep, max_len), cols, lengths, vowels))
        # best bound first, ties by word id; only the front of the order is usually read
        key = -ub * (1 << 20) + ids
    t3 = time.perf_counter()
    # two-word Performances first: they usually outscore single words, so their nets
    # let the single-word loop below stop much earlier
    pair_search, pending = None, False
    if pairs and len(ids) and any(two_words(c) for c in hand.cards):
        tables = (supply, top, wilds, wild_value, extra, pv, by_len, max_len)
        deadline = None if pair_budget_s is None else time.perf_counter() + pair_budget_s
        if end is not None:
            deadline = end if deadline is None else min(deadline, end)
        ways = pair_words(prep, index, ids, lengths, cols, tables)
        pair_search = PairSearch(ways, heap, k, deadline)
        pending = not pair_search.joint()
    t4 = time.perf_counter()
    if len(ids):
        words = index.words
        # past ``end`` the loop stops once it holds a word; with none yet it tries up to
        # LATE_WORDS more, so a query short of time still answers when it easily can
        late = 0
        for packed in best_first(key):
            bound, wid = -(packed >> 20), packed & ((1 << 20) - 1)
            if len(heap) == k and bound < heap[0][0][0]:
                break
            if end is not None and time.perf_counter() > end:
                late += 1
                if heap or late > LATE_WORDS:
                    cut_short = True  # the rest may hold better words: not proven optimal
                    break
            word = words[wid]
            play = best_play(prep, word)
            evaluated += 1
            if play is None:
                continue
            key_w = (play.net, neg_word(word))
            if len(heap) < k:
                heapq.heappush(heap, (key_w, play))
            elif key_w > heap[0][0]:
                heapq.heapreplace(heap, (key_w, play))
    t5 = time.perf_counter()
    if pending:  # the search by first words, now that single words set the k-th net
        pair_search.first_words()
    t6 = time.perf_counter()
    plays = [p for _, p in sorted(heap, key=lambda kp: kp[0], reverse=True)]
    results = []
    for p in plays:
        br = breakdown(prep, p)
        if br["net"] != p.net:  # pragma: no cover - guards the two scorers agreeing
            raise AssertionError(f"scorer mismatch on {p.word}: {br['net']} != {p.net}")
        row = {
            "word": p.word,
            "words": p.words,
            "net": p.net,
            "score": p.total,
            "paid": p.paid,
            "cards": [{"card": c, "letters": s} for c, s in zip(p.cards, p.letters)],
            "action": p.action(),
            "method": p.method,
            "breakdown": br,
        }
        if p.cards2:
            row["cards2"] = [{"card": c, "letters": s} for c, s in zip(p.cards2, p.letters2)]
            row["shared"] = next(c for c in p.cards2 if c in p.cards)
        results.append(row)
    figures = {
        "candidates": n_candidates,
        "feasible_by_counts": n_feasible,
        "evaluated": evaluated,
    }
    if pair_search is not None:
        figures["pairs"] = pair_search.figures
    return {
        "words": results,
        # False when the pair search ran out of its budget: the best found, not proven optimal
        "exact": not cut_short and (pair_search is None or pair_search.figures["complete"]),
        "figures": {
            **figures,
            "elapsed_ms": round((time.perf_counter() - t0) * 1000, 3),
            "setup_ms": round((t1 - t0) * 1000, 3),
            "candidates_ms": round((t2 - t1) * 1000, 3),
            "bound_ms": round((t3 - t2) * 1000, 3),
            "pairs_ms": round((t4 - t3 + t6 - t5) * 1000, 3),
            "search_ms": round((t5 - t4) * 1000, 3),
            "report_ms": round((time.perf_counter() - t6) * 1000, 3),
        },
    }
