"""What both two-word searches share: the words that may pair, and the running top-k."""

from __future__ import annotations

import bisect
import heapq
import time
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from services.composition.content import VOWELS
from solver.composition.bounds import neg_word
from solver.composition.pair_play import best_pair, card_values, two_word_types
from solver.composition.prepared import Play, Prepared


@dataclass
class PairWords:
    """The hand's words that hold a two-word card's letters, as arrays (one row per word).

    ``cnt`` counts the held letters only; ``sub`` is the shared card's letters
    (zero, with ``slack`` extra wilds allowed, when the crossing letters are not
    known in advance: several two-word cards, or MUD changing the shared card).
    """

    prep: Prepared
    tables: tuple
    words: list[str]  #: the whole list (word ids index it)
    held: list[int]  #: the letters the hand holds (columns of ``cnt``)
    shows: list[str]  #: letters the two-word cards show
    generic: bool  #: MUD may change the shared card: any word may cross
    slack: int
    sub: np.ndarray  #: per held letter, how many the shared card shows
    values: np.ndarray  #: the most m cards can add to the Rose sum
    # per word
    wid: np.ndarray
    cnt: np.ndarray
    outside: np.ndarray  #: letters the hand lacks (only wilds play them)
    ln: np.ndarray
    vw: np.ndarray
    full: np.ndarray | None  #: counts of all 26 letters (only with ``generic``)

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
        per_word = {f: getattr(self, f) for f in self.PER_WORD}
        return replace(self, **{f: (None if a is None else a[order]) for f, a in per_word.items()})


def pair_words(
    prep: Prepared,
    index,
    ids: np.ndarray,
    lengths: np.ndarray,
    cols: dict[int, np.ndarray],
    tables: tuple,
) -> PairWords | None:
    """The words of ``ids`` (the hand's spellable words) that may be one of a pair.

    ``cols``: per held letter, its count in each word of ``ids``.  None when no
    word holds a two-word card's letters.
    """
    supply = tables[0]
    words = index.words
    shows = sorted({prep.type_letters[t] for t in two_word_types(prep)})
    generic = prep.mud and any(len(s) == 1 for s in shows)  # MUD may change the shared card
    held = np.flatnonzero(supply).tolist()
    if generic:
        elig = np.ones(len(ids), dtype=bool)
    else:
        elig = np.zeros(len(ids), dtype=bool)
        for s in shows:
            ok = np.ones(len(ids), dtype=bool)
            for ch in set(s):
                ok &= cols[ord(ch) - 97] >= s.count(ch)
            if len(s) > 1:
                for r in np.flatnonzero(ok & ~elig).tolist():
                    ok[r] = s in words[int(ids[r])]
            elig |= ok
    sel = np.flatnonzero(elig)
    if len(sel) == 0:
        return None
    sub = np.zeros(len(held), dtype=np.int16)
    if not generic and len(shows) == 1:
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
    full = None
    if generic:
        full = np.ascontiguousarray(index.counts[:, wid].T).astype(np.int16)
    return PairWords(
        prep=prep,
        tables=tables,
        words=words,
        held=held,
        shows=shows,
        generic=generic,
        slack=slack,
        sub=sub,
        values=card_values(prep),
        wid=wid,
        cnt=cnt,
        outside=ln - cnt.sum(axis=1),
        ln=ln,
        vw=np.take(index.vowels, wid).astype(np.int64),
        full=full,
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
        self.seen: set[str] = set()

    def threshold(self) -> float:
        """The k-th entry's net (-inf while the ranking is not full)."""
        return self.heap[0][0][0] if len(self.heap) == self.k else -np.inf

    def out_of_time(self) -> bool:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            self.figures["complete"] = False
            return True
        return False

    def evaluate(
        self, wu: int, wv: int, bound: int, one_place: bool = False
    ) -> tuple[bool, int | None]:
        """Score the pair of word ids ``wu``, ``wv`` exactly; keep it if it enters.

        (False, None) when even its ``bound`` ranks below the k-th entry (ties:
        alphabetical); else (True, its net, or None when it cannot be played).
        ``one_place``: see ``best_pair``.
        """
        heap = self.heap
        u, v = self.words[wu], self.words[wv]
        if len(heap) == self.k and (bound, neg_word(" ".join(sorted((u, v))))) <= heap[0][0]:
            return False, None
        play: Play | None = best_pair(self.prep, u, v, bound=bound, one_place=one_place)
        self.figures["evaluated"] += 1
        if play is None:
            return True, None
        if play.word not in self.seen:
            self.seen.add(play.word)
            key = (play.net, neg_word(play.word))
            if len(heap) < self.k:
                heapq.heappush(heap, (key, play))
            elif key > heap[0][0]:
                heapq.heapreplace(heap, (key, play))
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
