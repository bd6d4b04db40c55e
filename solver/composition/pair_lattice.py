"""Two-word search by joint letter counts: the pairs' letters, best bound first.

A pair's letters (the first word without the shared card's letters, then the
second word) clip to the hand's cards as ``J``, a count per held letter, with
``d`` more letters that only wilds can play (letters the hand lacks, or copies
beyond its cards).  Every pair with the same ``(J, d)`` has the same single-word
bound ``UB(J, d)`` (its vowels and length taken at their most), and ``UB`` never
grows when a letter or a wild is taken away.  So the ``(J, d)`` are met
best-first from the whole hand down, a ``(J, d)``'s children (one letter or the
wild less) bounded only once it is met, and one below the threshold is dropped
with everything under it.

Each ``(J, d)`` met is split into pairs by looking up, for every first word
whose counts fit in ``J``, the rest of ``J`` among the second words' counts
(mixed-radix codes over the hand's counts, read from a dense table or sorted
keys).  With one wild the rest may also hold one copy more of a letter ``J``
uses up: that copy is the wild's.

Pairs of one ``(J, d)`` mostly score alike (see ``SameLetters``): one of each
kind is scored, then the others of that kind only while they can still enter.

Efficient when few ``(J, d)`` reach the threshold (a strong pair is found, or
ties at the top); the caller hands over to the search by first words after
``limit`` of them.
"""

from __future__ import annotations

import heapq

import numpy as np

from services.composition.content import VOWELS
from solver.composition.pair_play import text_bound
from solver.composition.pair_ranking import PairWords, Ranking
from solver.composition.pair_screen import halves


def applies(pw: PairWords) -> bool:
    """Whether the search by joint letters covers this hand's pairs.

    It needs the crossing letters known (one way of crossing: one two-word
    card's letters), at most one wild, and the hand's card slots in one 64-bit
    mask.
    """
    return pw.slack == 0 and pw.tables[2] <= 1 and int(pw.supply_h.sum()) <= 62


#: joint letter combinations split at once (bounds the fit matrix's rows)
BATCH = 256
#: second-word codes looked up in a dense table when there are at most this many
DENSE = 1 << 20


class JointSearch:
    """The ``(J, d)`` walk over one hand's eligible words (see the module docstring)."""

    def __init__(self, pw: PairWords, ranking: Ranking):
        self.pw, self.ranking = pw, ranking
        self.wild = wild = int(pw.tables[2])
        s = pw.supply_h.astype(np.int64)
        self.s = s
        self.stride = _strides(s + 1)
        self.off = np.concatenate(([0], np.cumsum(s)[:-1])).astype(np.int64)
        self.stride_list, self.off_list = self.stride.tolist(), self.off.tolist()
        self.vowel_cols = [col for col, li in enumerate(pw.held) if chr(97 + li) in VOWELS]
        cnt, s16 = pw.cnt, pw.supply_h
        first = np.maximum(cnt - pw.sub, 0)
        # first words, in classes of equal clipped counts and wilds needed alone
        u_def = np.maximum(first - s16, 0).sum(axis=1) + pw.outside
        u_ok = np.flatnonzero(u_def <= wild)
        u_code = self.key(np.minimum(first[u_ok], s16)) * (wild + 1) + u_def[u_ok]
        order = np.argsort(u_code, kind="stable")
        self.u_rows, u_code = u_ok[order], u_code[order]
        starts = np.flatnonzero(np.diff(u_code, prepend=-1))
        self.u_start = np.append(starts, len(u_code))
        codes = u_code[starts]
        self.u_a = np.minimum(first[self.u_rows[starts]], s16)  # per class
        self.u_key, self.u_def = codes // (wild + 1), codes % (wild + 1)
        self.u_slot = self.slots(self.u_a)
        # second words, grouped by their code (key of the clipped counts, wilds needed)
        v_def = np.maximum(cnt - s16, 0).sum(axis=1) + pw.outside
        v_ok = np.flatnonzero(v_def <= wild)
        v_code = self.key(np.minimum(cnt[v_ok], s16)) * (wild + 1) + v_def[v_ok]
        order = np.argsort(v_code, kind="stable")
        self.v_rows, self.v_code = v_ok[order], v_code[order]
        space = int(np.prod(s + 1)) * (wild + 1)  # every code is below this
        if space <= DENSE:  # where each code's second words start, and how many
            self.v_count = np.bincount(self.v_code, minlength=space)
            self.v_first = np.cumsum(self.v_count) - self.v_count
        else:
            self.v_count = self.v_first = None
        self.same = SameLetters(pw)

    def key(self, rows: np.ndarray) -> np.ndarray:
        """Mixed-radix number of each row of clipped counts."""
        out = np.zeros(len(rows), dtype=np.int64)
        for col, weight in enumerate(self.stride_list):
            out += rows[:, col].astype(np.int64) * weight
        return out

    def slots(self, rows: np.ndarray) -> np.ndarray:
        """Unary slot mask of each row: ``count`` low bits of each letter's block."""
        out = np.zeros(len(rows), dtype=np.int64)
        for col, shift in enumerate(self.off_list):
            out |= ((np.int64(1) << rows[:, col].astype(np.int64)) - 1) << shift
        return out

    def bound(self, rows: np.ndarray, ds: np.ndarray) -> np.ndarray:
        """``UB(J, d)``: the single-word bound of J's letters plus d wild letters."""
        pw = self.pw
        return text_bound(
            pw.prep,
            pw.tables,
            pw.held,
            rows,
            rows.sum(axis=1) + ds,
            rows[:, self.vowel_cols].sum(axis=1) + ds,
            halves(pw.tables[1], rows, pw.held),
            pw.values,
        )

    def split(self, rows: np.ndarray, ds: np.ndarray) -> tuple[np.ndarray, ...] | None:
        """The pairs whose letters are one of these ``(J, d)``: (first word
        positions, second word positions, index of their J in ``rows``)."""
        wild = self.wild
        j_key, j_slot = self.key(rows), self.slots(rows)
        jb, cls = np.nonzero(
            ((self.u_slot[None, :] & ~j_slot[:, None]) == 0) & (self.u_def[None, :] <= ds[:, None])
        )
        if len(jb) == 0:
            return None
        want = [(jb, cls, (j_key[jb] - self.u_key[cls]) * (wild + 1) + (ds[jb] - self.u_def[cls]))]
        if wild:  # the wild plays one copy beyond the cards of a letter J uses up
            on = (ds[jb] > 0) & (self.u_def[cls] == 0)
            jb1, cls1 = jb[on], cls[on]
            at, col = np.nonzero((rows[jb1] == self.s) & (self.u_a[cls1] >= 1))
            jb1, cls1 = jb1[at], cls1[at]
            code = (j_key[jb1] - self.u_key[cls1] + self.stride[col]) * (wild + 1)
            want.append((jb1, cls1, code))
        js, fu, lo, hi = [], [], [], []
        for j, c, code in want:
            if self.v_count is not None:
                left = self.v_first[code]
                right = left + self.v_count[code]
            else:
                left = np.searchsorted(self.v_code, code, side="left")
                right = np.searchsorted(self.v_code, code, side="right")
            hit = right > left
            js.append(j[hit])
            fu.append(c[hit])
            lo.append(left[hit])
            hi.append(right[hit])
        js, fu, lo, hi = (np.concatenate(x) for x in (js, fu, lo, hi))
        if len(fu) == 0:
            return None
        # every word of the first class with every second word of its code
        nu, nv = self.u_start[fu + 1] - self.u_start[fu], hi - lo
        size = nu * nv
        at = np.arange(int(size.sum())) - np.repeat(np.cumsum(size) - size, size)
        width = np.repeat(nv, size)
        firsts = self.u_rows[np.repeat(self.u_start[fu], size) + at // width]
        seconds = self.v_rows[np.repeat(lo, size) + at % width]
        return firsts, seconds, np.repeat(js, size)

    def consider(
        self, first: np.ndarray, second: np.ndarray, joint: np.ndarray, bound: int
    ) -> None:
        """Evaluate the pairs that may still enter, all of bound ``bound``
        (``joint``: which ``(J, d)`` each pair's letters are)."""
        pw, ranking = self.pw, self.ranking
        wid = pw.wid
        # each unordered pair is met in both roles: keep one, in ranking order for ties
        # (alphabetical, as word ids are)
        keep = wid[first] <= wid[second]
        first, second, joint = first[keep], second[keep], joint[keep]
        order = np.lexsort((wid[second], wid[first]))
        first, second, joint = first[order], second[order], joint[order]
        lo, hi = wid[first], wid[second]
        if len(ranking.heap) == ranking.k and bound == ranking.threshold():
            # a tie at best: only the pairs ranking before the k-th entry may enter
            n = ranking.before_kth(lo, hi)
            first, second, joint, lo, hi = first[:n], second[:n], joint[:n], lo[:n], hi[:n]
        if len(lo) == 0:
            return
        kinds = self.same.kinds(lo, hi, pw.vw[first] + pw.vw[second] - pw.shared_vowels, joint)
        # one pair of each kind first: the others of that kind score what it scores
        _, firsts = np.unique(kinds, return_index=True)
        nets: dict[int, int] = {}
        alike = kinds >= 0  # known to score alike: also at every crossing place
        for at in sorted(firsts.tolist()):
            checked, net = ranking.evaluate(
                int(lo[at]), int(hi[at]), bound, bool(alike[at]), pw.way
            )
            if checked and net is not None:
                nets[int(kinds[at])] = net
        # then the others of the playable kinds, in ranking order while they can enter:
        # none of a kind below the k-th net, and on a tie only those ranking before it
        thr = ranking.threshold()
        live = {kind: net for kind, net in nets.items() if net >= thr}
        if not live:
            return
        rest = np.isin(kinds, np.fromiter(live, dtype=np.int64, count=len(live)))
        rest[firsts] = False
        if len(ranking.heap) == ranking.k and max(live.values()) == thr:
            rest[ranking.before_kth(lo, hi) :] = False
        for at in np.flatnonzero(rest).tolist():
            kind = int(kinds[at])
            if (
                kind in nets
                and not ranking.evaluate(int(lo[at]), int(hi[at]), nets[kind], True, pw.way)[0]
            ):
                del nets[kind]  # the rest of this kind ranks lower still

    def run(self, limit: int) -> str:
        """Meet every ``(J, d)`` whose bound reaches the threshold, best first.

        The ``(J, d)`` of one bound are met together.  A ``(J, d)``'s children (one
        letter or one wild less) are only bounded once it is met: theirs is never
        higher.  "done": every pair that can still enter was evaluated; "limit":
        ``limit`` of them met, the caller goes on another way; "time": out of time.
        """
        ranking = self.ranking
        queue: list = []
        store: list[tuple[np.ndarray, int]] = []
        seen: set[int] = set()

        def push(rows: np.ndarray, ds: np.ndarray) -> None:
            """Queue the rows not met before whose bound reaches the threshold."""
            codes = (self.key(rows) * (self.wild + 1) + ds).tolist()
            new = []
            for i, c in enumerate(codes):
                if c not in seen:
                    seen.add(c)
                    new.append(i)
            rows, ds = rows[new], ds[new]
            if len(rows) == 0:
                return
            ub = self.bound(rows, ds)
            thr = ranking.threshold()
            for r, d, u in zip(rows, ds.tolist(), ub.tolist()):
                if u >= thr:
                    heapq.heappush(queue, (-u, len(store)))
                    store.append((r, d))

        push(self.s[None, :].copy(), np.array([self.wild], dtype=np.int64))
        met = 0
        while queue:
            bound = -queue[0][0]
            if bound < ranking.threshold():
                return "done"
            if met >= limit:
                return "limit"
            if ranking.out_of_time():
                return "time"
            batch = []
            while queue and -queue[0][0] == bound and len(batch) < BATCH:
                batch.append(store[heapq.heappop(queue)[1]])
            met += len(batch)
            ranking.figures["joint"] += len(batch)
            rows = np.array([r for r, _ in batch])
            ds = np.array([d for _, d in batch], dtype=np.int64)
            pairs = self.split(rows, ds)
            if pairs is not None:
                self.consider(*pairs, bound)
            push(*_children(rows, ds))
        return "done"


class SameLetters:
    """Pairs of one ``(J, d)`` known to score alike.

    Without MUD, a pair's best play only depends on which letters its text holds
    (the cards cover J; wilds play the rest), how many are vowels, and where the
    hand's two-letter cards fit: when neither word holds one of those pairs of
    letters overlapping another or over the shared card's letters, that is just
    how many times each occurs.  So once one such pair is scored, the others of
    its kind are known without scoring them.
    """

    def __init__(self, pw: PairWords):
        cards = pw.prep.cards
        self.bigrams = sorted({c.letters for c in cards if len(c.letters) == 2})
        # kinds fit in 64 bits: 4 bits per two-letter card, 6 for vowels, the rest J
        self.on = not pw.prep.mud and len(self.bigrams) <= 7
        self.shared = set(pw.shows[0])
        self.words = pw.words

    def kinds(
        self, lo: np.ndarray, hi: np.ndarray, vowels: np.ndarray, joint: np.ndarray
    ) -> np.ndarray:
        """A number per pair (word ids ``lo``, ``hi``, ``joint``: which ``(J, d)``):
        equal numbers score alike; a pair not known to be alike to any other gets
        a number of its own."""
        solo = -1 - np.arange(len(lo), dtype=np.int64)
        if not self.on:
            return solo
        ids, inverse = np.unique(np.concatenate([lo, hi]), return_inverse=True)
        codes = self._codes(ids)[inverse]
        cu, cv = codes[: len(lo)], codes[len(lo) :]
        kind = ((joint << 6) + vowels) << (4 * len(self.bigrams))
        return np.where((cu >= 0) & (cv >= 0), kind + cu + cv, solo)

    def _codes(self, ids: np.ndarray) -> np.ndarray:
        """Per word, how often each two-letter card's letters occur in it, as one
        number (4 bits per card); -1 when two spots overlap or one holds a shared
        letter."""
        texts = [self.words[w] for w in ids.tolist()]
        width = max(map(len, texts)) + 1
        chars = np.frombuffer("".join(t.ljust(width) for t in texts).encode(), dtype=np.uint8)
        chars = chars.reshape(len(texts), width)
        codes = np.zeros(len(texts), dtype=np.int64)
        cover = np.zeros(chars.shape, dtype=np.int8)  # spots over each letter
        bad = np.zeros(len(texts), dtype=bool)
        for i, (c1, c2) in enumerate(self.bigrams):
            at = (chars[:, :-1] == ord(c1)) & (chars[:, 1:] == ord(c2))
            n = at.sum(axis=1)
            cover[:, :-1] += at
            cover[:, 1:] += at
            if self.shared & {c1, c2}:
                bad |= n > 0
            bad |= n > 7
            codes += n.astype(np.int64) << (4 * i)
        bad |= (cover > 1).any(axis=1)
        return np.where(bad, -1, codes)


def _strides(radix: np.ndarray) -> np.ndarray:
    """Mixed-radix place values: a count vector's key is its dot product with these."""
    stride = np.ones(len(radix), dtype=np.int64)
    for col in range(1, len(radix)):
        stride[col] = stride[col - 1] * radix[col - 1]
    return stride


def _children(rows: np.ndarray, ds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each row with one letter less, or one wild less (duplicates are dropped by the caller)."""
    n, width = rows.shape
    kids = (rows[:, None, :] - np.eye(width, dtype=rows.dtype)[None, :, :]).reshape(-1, width)
    kid_d = np.repeat(ds, width)
    ok = (kids >= 0).all(axis=1)
    less = ds > 0
    return (
        np.concatenate([kids[ok], rows[less]]),
        np.concatenate([kid_d[ok], ds[less] - 1]),
    )
