"""What both two-word searches share: the words that may pair, and the running top-k."""

from __future__ import annotations

import bisect
import heapq
import time
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from services.composition.content import VOWELS
from solver.composition.bounds import bounds_tables, neg_word
from solver.composition.hand import Hand
from solver.composition.pair_play import best_pair, card_values, text_bound, two_word_types
from solver.composition.pair_screen import halves
from solver.composition.prepared import Play, Prepared


@dataclass
class PairWords:
    """The hand's words that hold one way of crossing's letters, as arrays (one row per word).

    ``cnt`` counts the held letters only; ``sub`` is the shared card's letters
    (zero, with ``slack`` extra wilds allowed, when the crossing letters are not
    known in advance: several two-word cards).  ``tables`` are the bound tables
    of the cards this way of crossing plays (with MUD changing the shared card,
    the hand with that card showing the changed letter and no other change), so
    every bound here holds for the pairs crossing this way; ``prep`` is the real
    hand's, which scores them.
    """

    prep: Prepared
    tables: tuple
    words: list[str]  #: the whole list (word ids index it)
    held: list[int]  #: the letters the cards hold (columns of ``cnt``)
    shows: list[str]  #: letters the shared cards show
    slack: int
    way: tuple[int, str]  #: (-1, ""): the natural crossings; (t, c): card type t changed to c
    sub: np.ndarray  #: per held letter, how many the shared card shows
    values: np.ndarray  #: the most m cards can add to the Rose sum
    # per word
    wid: np.ndarray
    cnt: np.ndarray
    outside: np.ndarray  #: letters the cards lack (only wilds play them)
    ln: np.ndarray
    vw: np.ndarray
    #: MUD's natural crossing: per word its count of every letter (None elsewhere)
    full: np.ndarray | None = None
    #: MUD's natural crossing: bound tables per choice of MUD (no change, or which card)
    splits: list[tuple] | None = None

    PER_WORD = ("wid", "cnt", "outside", "ln", "vw", "full")

    @property
    def supply_h(self) -> np.ndarray:
        return self.tables[0][self.held].astype(np.int16)

    @property
    def shared_vowels(self) -> int:
        return sum(int(n) for li, n in zip(self.held, self.sub) if chr(97 + li) in VOWELS)

    @property
    def shared_len(self) -> int:
        return min(len(s) for s in self.shows)

    def take(self, order: np.ndarray) -> PairWords:
        """The same words in ``order``."""
        per = {f: getattr(self, f) for f in self.PER_WORD}
        return replace(self, **{f: a[order] for f, a in per.items() if a is not None})

    def split_outer(self) -> np.ndarray:
        """Per word i and choice of MUD (``splits``), a bound on i's pairs with every
        later word: ``split_bound``'s of i's counts plus the element-wise maximum of
        the later words' (the bound only grows with counts, length and vowels)."""
        rev = slice(None, None, -1)
        first = np.maximum(self.full - self._sub26(), 0)
        joint = first + np.maximum.accumulate(self.full[rev], axis=0)[rev]
        jl = self.ln + np.maximum.accumulate(self.ln[rev])[rev] - self.shared_len
        vw = self.vw + np.maximum.accumulate(self.vw[rev])[rev] - self.shared_vowels
        out = np.empty((len(jl), len(self.splits)), dtype=np.int64)
        for o, tables in enumerate(self.splits):
            held = np.flatnonzero(tables[0]).tolist()
            counts = joint[:, held]
            out[:, o] = text_bound(
                self.prep,
                tables,
                held,
                counts,
                jl,
                vw,
                halves(tables[1], counts, held),
                self.values,
            )
        return out

    def _sub26(self) -> np.ndarray:
        sub = np.zeros(26, dtype=np.int16)
        for ch in self.shows[0]:
            sub[ord(ch) - 97] += 1
        return sub

    def split_bound(self, first: np.ndarray, second: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """A bound on the pairs (first[r], second[r]) per choice of MUD (``splits``), the
        largest of them (``mask[r, o]``: choice o may reach the threshold for pair r;
        the others are left out).  ``text_bound``'s with the way's tables counts MUD's
        changed card as a wild on top of every card and symbol row: with the Ghost
        Note (two wilds) it could not prune."""
        joint = np.maximum(self.full[first] - self._sub26(), 0) + self.full[second]
        jl = self.ln[first] + self.ln[second] - self.shared_len
        vw = self.vw[first] + self.vw[second] - self.shared_vowels
        best = np.full(len(first), -(1 << 40), dtype=np.int64)
        for o, tables in enumerate(self.splits):
            supply, top, wilds = tables[0], tables[1], int(tables[2])
            rows = np.flatnonzero(mask[:, o])
            rows = rows[np.maximum(joint[rows] - supply, 0).sum(axis=1) <= wilds]
            if len(rows) == 0:
                continue
            held = np.flatnonzero(supply).tolist()
            counts = joint[rows][:, held]
            ub = text_bound(
                self.prep,
                tables,
                held,
                counts,
                jl[rows],
                vw[rows],
                halves(top, counts, held),
                self.values,
            )
            best[rows] = np.maximum(best[rows], ub)
        return best


def pair_words(
    prep: Prepared,
    index,
    ids: np.ndarray,
    lengths: np.ndarray,
    cols: dict[int, np.ndarray],
    tables: tuple,
) -> list[PairWords]:
    """The ways the pairs of ``ids`` (the hand's spellable words) may cross, each
    with the words that may be one of its pairs, the likeliest first.

    Without MUD, one way: at the two-word cards' own letters.  With MUD, a
    single-letter two-word card may also be the changed card and show any
    letter c both words hold; then MUD changes nothing else.  Each such (card,
    c) is a way of its own, bounded by the hand with that card printed as c and
    no MUD: its crossing letters are known, so its bounds count the shared card
    once and its wilds exactly (one search over every crossing letter at once
    counted the shared letter twice and MUD's change twice, and could not prune).
    ``cols``: per held letter, its count in each word of ``ids``.
    """
    shows = sorted({prep.type_letters[t] for t in two_word_types(prep)})
    out = [_crossing(prep, index, ids, lengths, tables, shows, cols, (-1, ""))]
    if prep.mud and out[0] is not None and len(shows) == 1 and prep.mud_types:
        # the natural crossing, bounded per choice of MUD: no change, or card i changed
        max_len = tables[7]
        changed = [-1] + [prep.types[t][0] for t in prep.mud_types]
        splits = [(*bounds_tables(prep, max_len, i), max_len) for i in changed]
        full = np.stack([np.take(index.counts[li], out[0].wid) for li in range(26)], axis=1)
        out[0] = replace(out[0], full=full.astype(np.int16), splits=splits)
    if prep.mud:
        max_len = tables[7]
        changes = [t for t in two_word_types(prep) if len(prep.type_letters[t]) == 1]
        for t in changes:
            for c in "abcdefghijklmnopqrstuvwxyz":
                if c == prep.type_letters[t]:
                    continue  # its own letter: the natural crossing
                vprep = Prepared(_changed(prep.hand, prep.types[t][0], c), prep.cpsat_time_s)
                vtables = (*bounds_tables(vprep, max_len), max_len)
                way = (t, c)
                out.append(_crossing(prep, index, ids, lengths, vtables, [c], None, way, vprep))
    return [pw for pw in out if pw is not None]


def _changed(hand: Hand, at: int, letter: str) -> Hand:
    """``hand`` with card ``at`` printed as ``letter`` and no MUD change."""
    cards = tuple(replace(c, letters=letter) if i == at else c for i, c in enumerate(hand.cards))
    maestro = tuple(a for a in hand.maestro_abilities if a["type"] != "change_letter")
    return Hand(cards, maestro, hand.roses, hand.min_len, hand.k)


def _crossing(
    prep: Prepared,
    index,
    ids: np.ndarray,
    lengths: np.ndarray,
    tables: tuple,
    shows: list[str],
    cols: dict[int, np.ndarray] | None,
    way: tuple[int, str],
    bprep: Prepared | None = None,
) -> PairWords | None:
    """The words of ``ids`` holding one of ``shows`` that ``tables``' cards can spell.

    ``cols``: per letter the tables' cards hold, its count in each word (None:
    read from the index); ``bprep``: the hand the tables are of (default ``prep``).
    """
    supply, wilds = tables[0], int(tables[2])
    words = index.words
    held = np.flatnonzero(supply).tolist()
    if cols is None:
        cols = {li: np.take(index.counts[li], ids) for li in held}
    covered = np.zeros(len(ids), dtype=np.int64)
    for li in held:
        covered += np.minimum(cols[li], supply[li])
    elig = np.zeros(len(ids), dtype=bool)
    for s in shows:
        ok = lengths.astype(np.int64) - covered <= wilds
        for ch in set(s):
            li = ord(ch) - 97
            if li not in cols:
                cols[li] = np.take(index.counts[li], ids)
            ok &= cols[li] >= s.count(ch)
        if len(s) > 1:
            for r in np.flatnonzero(ok & ~elig).tolist():
                ok[r] = s in words[int(ids[r])]
        elig |= ok
    sel = np.flatnonzero(elig)
    if len(sel) == 0:
        return None
    sub = np.zeros(len(held), dtype=np.int16)
    if len(shows) == 1:
        for ch in shows[0]:
            sub[held.index(ord(ch) - 97)] += 1
        slack = 0  # the joint counts are exact
    else:
        slack = max(len(s) for s in shows)  # the crossing letters are not subtracted
    wid = ids[sel].astype(np.int64)
    cnt = np.empty((len(sel), len(held)), dtype=np.int16)
    for col, li in enumerate(held):
        cnt[:, col] = cols[li][sel]
    ln = lengths[sel].astype(np.int64)
    return PairWords(
        prep=prep,
        tables=tables,
        words=words,
        held=held,
        shows=shows,
        slack=slack,
        way=way,
        sub=sub,
        values=card_values(bprep or prep),
        wid=wid,
        cnt=cnt,
        outside=ln - cnt.sum(axis=1),
        ln=ln,
        vw=np.take(index.vowels, wid).astype(np.int64),
    )


class Ranking:
    """The running top-k (the single words already in it) and the exact scoring of pairs.

    ``heap`` holds (key, Play) with key (net, alphabetical rank): its smallest is
    the k-th entry.  Past ``deadline`` (a ``time.perf_counter()`` instant) the
    searches stop and ``figures["complete"]`` turns False.
    """

    def __init__(
        self,
        prep: Prepared,
        words: list[str],
        heap: list,
        k: int,
        deadline: float | None,
        figures: dict[str, Any],
    ):
        self.prep, self.words, self.heap, self.k = prep, words, heap, k
        self.deadline = deadline
        self.figures = figures
        #: per two-word Performance found, its best key so far
        self.seen: dict[str, tuple] = {}
        #: the pairs scored in MUD's ways (word ids, lower first, and the way): nets
        self.nets: dict[tuple, int | None] = {}
        #: True while a pair's bound holds for one way of crossing only (MUD's ways)
        self.partial = False

    def threshold(self) -> float:
        """The k-th entry's net (-inf while the ranking is not full)."""
        return self.heap[0][0][0] if len(self.heap) == self.k else -np.inf

    def out_of_time(self) -> bool:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            self.figures["complete"] = False
            return True
        return False

    def evaluate(
        self,
        wu: int,
        wv: int,
        bound: int,
        one_place: bool = False,
        way: tuple[int, str] | None = None,
    ) -> tuple[bool, int | None]:
        """Score the pair of word ids ``wu``, ``wv`` exactly; keep it if it enters.

        (False, None) when even its ``bound`` ranks below the k-th entry (ties:
        alphabetical); else (True, its net, or None when it cannot be played).
        ``one_place``: see ``best_pair``.  While ``partial``, only the crossings
        of ``way`` are tried (``bound`` holds for those only), once per pair and
        way; a pair better in a later way replaces its entry.
        """
        heap = self.heap
        u, v = self.words[wu], self.words[wv]
        key = (min(wu, wv), max(wu, wv), way if self.partial else None)
        if key in self.nets:
            return True, self.nets[key]
        if len(heap) == self.k and (bound, neg_word(" ".join(sorted((u, v))))) <= heap[0][0]:
            return False, None
        if self.partial:
            play: Play | None = best_pair(self.prep, u, v, bound=bound, way=way)
            self.nets[key] = None if play is None else play.net
        else:
            play = best_pair(self.prep, u, v, bound=bound, one_place=one_place)
        self.figures["evaluated"] += 1
        if play is None:
            return True, None
        entry = (play.net, neg_word(play.word))
        if self.seen.get(play.word, entry) < entry:  # found better in another way
            stale = [e for e in heap if e[1].word == play.word]
            if stale:
                heap.remove(stale[0])
                heapq.heapify(heap)
        if self.seen.get(play.word, (-np.inf,)) < entry:
            self.seen[play.word] = entry
            if len(heap) < self.k:
                heapq.heappush(heap, (entry, play))
            elif entry > heap[0][0]:
                heapq.heapreplace(heap, (entry, play))
        return True, play.net

    def before_kth(self, lo: np.ndarray, hi: np.ndarray) -> int:
        """How many of these pairs (word ids, in ranking order) rank before the k-th
        entry on an equal net."""
        kth = self.heap[0][1].word.split(" ")
        x = bisect.bisect_left(self.words, kth[0])
        if len(kth) == 1:  # "u v" comes before the word "w" exactly when u comes before w
            return int(np.count_nonzero(lo < x))
        y = bisect.bisect_left(self.words, kth[1])
        return int(np.count_nonzero((lo < x) | ((lo == x) & (hi < y))))

    def last_first_word(self) -> int:
        """Id of the last word at or before the k-th entry's first word."""
        first = self.heap[0][1].word.split(" ")[0]
        return bisect.bisect_right(self.words, first) - 1
