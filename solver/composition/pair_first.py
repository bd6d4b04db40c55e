"""Two-word search by first words: each word's bound over every partner, best first.

The fallback of the search by joint letters (``pair_lattice``): it covers every
way of crossing (several two-word cards, two wilds) and takes over when too
many joint letter counts reach the threshold.  It runs on one way at a time
(``pair_ranking.pair_words``), so the shared card's letters are always known
unless several two-word cards share the way.

1. Eligible words sorted by their first-word share of the separable screen
   (``pair_screen``), so each unordered pair {u, v} is met once, as (u, v)
   with u not after v.
2. Per first word u, an optimistic bound over every later v: the joint bound of
   u's counts plus the element-wise maximum of the later words' counts, u's
   share plus the largest later share, and u's share plus the best share of a
   word fitting it (a subset-maximum table over slot masks).
3. Expanding u: the second words whose share reaches the threshold (a prefix
   of them sorted by share), those passing the exact fit test, then those whose
   joint letter counts fit the hand's supply and wilds, each bounded exactly
   like a single word of those counts.  Pairs are evaluated in descending bound
   order, interleaved with the other first words' bounds, and the search stops
   once no bound reaches the k-th best net (single words included).
"""

from __future__ import annotations

import heapq

import numpy as np

from solver.composition.pair_play import text_bound
from solver.composition.pair_ranking import PairWords, Ranking
from solver.composition.pair_screen import build_screen, halves


def search_by_first_words(pw: PairWords, ranking: Ranking) -> None:
    """Evaluate every pair that may still enter ``ranking``, first word by first word."""
    prep, tables, held, words = pw.prep, pw.tables, pw.held, pw.words
    supply, top, wilds, _, _, _, _, max_len = tables
    sub, slack, values = pw.sub, pw.slack, pw.values
    dvow, dlen, way = pw.shared_vowels, pw.shared_len, pw.way
    supply_h = pw.supply_h
    figures, threshold, out_of_time = ranking.figures, ranking.threshold, ranking.out_of_time
    screen = build_screen(prep, tables, held, pw.cnt, sub, pw.vw, dvow, pw.outside, slack)
    # first words in descending share: the later ones, their partners, bring less
    order = np.lexsort((pw.wid, -screen.a))
    pw = pw.take(order)
    wid, cnt, outside, ln, vw = pw.wid, pw.cnt, pw.outside, pw.ln, pw.vw
    screen = screen.take(order)
    n = len(wid)
    # second words in descending share: those a first word may meet are a prefix
    by_b = np.lexsort((np.arange(n), -screen.b))
    neg_b = -screen.b[by_b]

    # each first word's bound: the smallest of the joint bound of its counts with the
    # element-wise maximum of every later word's (suffix maxima), its share with the
    # largest later share, and its share with the best share of a word fitting it
    rev = slice(None, None, -1)
    first = np.maximum(cnt - sub, 0)
    smc = np.maximum.accumulate(cnt[rev], axis=0)[rev]
    sml = np.maximum.accumulate(ln[rev])[rev]
    smv = np.maximum.accumulate(vw[rev])[rev]
    smh = np.maximum.accumulate(halves(top, cnt, held)[rev])[rev]
    smb = np.maximum.accumulate(screen.b[rev])[rev]
    outer = text_bound(
        prep,
        tables,
        held,
        first + smc,
        ln + sml - dlen,
        vw + smv - dvow,
        halves(top, first, held) + smh,
        values,
    )
    outer = np.minimum(outer, (screen.a + smb + screen.c) // screen.scale)
    split_outer = None
    if pw.splits is not None:  # MUD: the same bound per choice of its change, the largest
        split_outer = pw.split_outer()
        outer = np.minimum(outer, split_outer.max(axis=1))
    partner = screen.partners() if screen.width else None
    if partner is not None:
        quick = (screen.a + np.maximum(partner, 0) + screen.c) // screen.scale
        outer = np.where(partner >= 0, np.minimum(outer, quick), -(1 << 40))

    # best bound first; on equal bounds, pairs in the order of their reported word
    # ("u v", alphabetical, as ties rank: words are sorted, so word ids order them),
    # then first words to expand (a found tie may spare them: see the tie mode below).
    # Entries: (-bound, first id, second id, i, js, bounds, next, MUD's bounds still to take)
    last = len(words)
    queue: list = [
        (-int(b), last, last, i, None, None, 0, False) for i, b in enumerate(outer.tolist())
    ]
    heapq.heapify(queue)
    expanded = np.zeros(n, dtype=bool)
    tie_mode = False

    def expand(i: int, later: np.ndarray | None) -> None:
        """Bound the pairs (i, j) for j in ``later`` (None: every j from i on); queue
        those that may still enter."""
        figures["expanded"] += 1
        thr = threshold()
        need = None if thr == -np.inf else screen.need(i, thr)
        if later is None:
            if need is None:
                later = np.arange(i, n)
            else:  # the words whose share reaches ``need``
                later = by_b[: int(np.searchsorted(neg_b, -need, side="right"))]
                later = later[later >= i]
        later = later[screen.fits(i, later, need)]
        joint = cnt[i] + cnt[later] - sub
        deficit = np.maximum(joint - supply_h, 0).sum(axis=1) + outside[i] + outside[later]
        jl = ln[i] + ln[later] - dlen
        pos = np.flatnonzero((jl <= max_len) & (deficit - slack <= wilds))
        if len(pos) == 0:
            return
        joint = np.maximum(joint[pos], 0)
        ub = text_bound(
            prep,
            tables,
            held,
            joint,
            jl[pos],
            vw[i] + vw[later[pos]] - dvow,
            halves(top, joint, held),
            values,
        )
        figures["bounded"] += len(pos)
        keep = ub >= threshold()
        pos, ub = later[pos[keep]], ub[keep]
        queue_pairs(i, pos, ub, split_outer is not None)

    def queue_pairs(i: int, pos: np.ndarray, ub: np.ndarray, raw: bool) -> None:
        """Queue the pairs (i, j), j in ``pos``, of bounds ``ub``, best first.  ``raw``:
        MUD's bounds per choice of its change (``PairWords.split_bound``) still to
        take, once the entry reaches the front (few do: most first words' pairs fall
        below the threshold before, so they cost no more than the plain bound)."""
        if len(pos) == 0:
            return
        lo, hi = np.minimum(wid[i], wid[pos]), np.maximum(wid[i], wid[pos])
        srt = np.lexsort((hi, lo, -ub))
        js = list(zip(pos[srt].tolist(), lo[srt].tolist(), hi[srt].tolist()))
        bs = ub[srt].tolist()
        heapq.heappush(queue, (-bs[0], js[0][1], js[0][2], i, js, bs, 0, raw))

    def refine() -> None:
        """Requeue every entry still waiting for MUD's bounds per choice of its change
        that may reach the threshold, at those bounds (all at once: one bound per
        choice for all their pairs)."""
        thr = threshold()
        raw = [e for e in queue if e[7] and -e[0] >= thr]
        queue[:] = [e for e in queue if not e[7]]
        heapq.heapify(queue)
        if not raw:
            return
        owner = np.concatenate([np.full(len(e[4]) - e[6], e[3]) for e in raw])
        pos = np.array([j for e in raw for j, _, _ in e[4][e[6] :]])
        ub = np.array([b for e in raw for b in e[5][e[6] :]])
        figures["refined"] += len(pos)
        # the choices whose bound over the first word's later partners reaches the
        # threshold (in the tie mode a first word may meet earlier words too: then all)
        mask = split_outer[owner] >= thr
        mask[pos < owner] = True
        ub = np.minimum(ub, pw.split_bound(owner, pos, mask))
        keep = ub >= thr
        owner, pos, ub = owner[keep], pos[keep], ub[keep]
        cuts = np.flatnonzero(np.diff(owner)) + 1
        for part in np.split(np.arange(len(owner)), cuts):
            if len(part):
                queue_pairs(int(owner[part[0]]), pos[part], ub[part], False)

    while queue:
        entry = heapq.heappop(queue)
        negb, _, _, i, js, bs, at, raw = entry
        if -negb < threshold():
            break
        if out_of_time():
            break
        if raw:
            heapq.heappush(queue, entry)
            refine()
            continue
        if js is None:
            if tie_mode:
                continue  # its pairs were queued when the ties began
            if -negb == threshold():
                # every entry left is a tie at best: only a pair whose alphabetically first
                # word is at or before the k-th entry's first word can still enter, so one
                # of its words is such a word: pair those few with every word instead of
                # expanding the remaining first words one by one
                lim = ranking.last_first_word()
                small = np.flatnonzero(wid <= lim)
                # the first words still to expand: only those whose bound reaches the tie
                rest = int(np.count_nonzero(~expanded & (outer >= -negb)))
                if len(small) < rest:
                    tie_mode = True
                    is_small = wid <= lim
                    everyone = np.arange(n)
                    for a in small.tolist():
                        if out_of_time():
                            break
                        # each unordered pair once, and none a first word already expanded
                        ok = ~expanded[np.minimum(everyone, a)]
                        ok &= ~is_small | (everyone >= a)
                        expand(a, everyone[ok])
                    continue
            expanded[i] = True
            later = None
            if -negb == threshold():
                lim = ranking.last_first_word()
                if wid[i] > lim:  # a tie at best: the other word must come early enough
                    later = i + np.flatnonzero(wid[i:] <= lim)
            expand(i, later)
            continue
        j = js[at][0]
        checked, _ = ranking.evaluate(int(wid[i]), int(wid[j]), -negb, way=way)
        # not checked: even its bound ranks below the k-th entry, and so do the rest of
        # this entry (bounds no higher, and on an equal bound later in ranking order)
        if checked and at + 1 < len(js):
            nxt = js[at + 1]
            heapq.heappush(queue, (-bs[at + 1], nxt[1], nxt[2], i, js, bs, at + 1, False))
