"""The word index, built once per process: words grouped by their set of letters.

A query enumerates the subsets of the hand's letters (plus, with a wild, one
or two letters outside them) and reads only those groups: it never scans the
whole list.  ``ext`` maps a letter set S to the words whose letter set is S
plus exactly one more letter, so one wild costs one extra lookup per subset.
Per-word letter counts, lengths and vowel counts sit in numpy arrays so the
candidates are filtered and bounded vectorially.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

import numpy as np

from services.composition import wordlist
from services.composition.content import VOWELS, content

BITS = np.array([1 << i for i in range(26)], dtype=np.int64)


@dataclass
class Groups:
    """Word ids grouped by an int64 key: ``ids[starts[i]:ends[i]]`` have key ``keys[i]``."""

    keys: np.ndarray  # sorted unique keys
    starts: np.ndarray
    ends: np.ndarray
    ids: np.ndarray

    @classmethod
    def build(cls, keys: np.ndarray, ids: np.ndarray) -> Groups:
        order = np.argsort(keys, kind="stable")
        keys, ids = keys[order], ids[order]
        uniq, starts = np.unique(keys, return_index=True)
        ends = np.append(starts[1:], len(keys))
        return cls(uniq, starts.astype(np.int64), ends.astype(np.int64), ids.astype(np.int32))

    def gather(self, queries: np.ndarray) -> np.ndarray:
        """Ids of every group whose key is in ``queries`` (vectorised, no Python loop)."""
        pos = np.searchsorted(self.keys, queries)
        pos = np.minimum(pos, len(self.keys) - 1)
        hit = pos[self.keys[pos] == queries]
        starts, ends = self.starts[hit], self.ends[hit]
        sizes = ends - starts
        total = int(sizes.sum())
        if total == 0:
            return np.zeros(0, dtype=np.int32)
        offsets = np.repeat(starts - np.cumsum(sizes) + sizes, sizes)
        return self.ids[offsets + np.arange(total)]

    @property
    def nbytes(self) -> int:
        return self.keys.nbytes + self.starts.nbytes + self.ends.nbytes + self.ids.nbytes


@dataclass
class WordIndex:
    words: list[str]
    counts: np.ndarray  # (26, N) uint8: one contiguous row per letter
    lengths: np.ndarray  # (N,) int16
    vowels: np.ndarray  # (N,) int16
    masks: np.ndarray  # (N,) int64
    base: Groups  # letter set -> words
    ext: Groups  # letter set minus one of its letters -> words
    build_s: float = 0.0

    @property
    def nbytes(self) -> int:
        arrays = (self.counts, self.lengths, self.vowels, self.masks)
        return sum(a.nbytes for a in arrays) + self.base.nbytes + self.ext.nbytes


def build_index(words: list[str] | None = None) -> WordIndex:
    """Index ``words`` (default: every playable word of the minimum length or more)."""
    t0 = time.perf_counter()
    if words is None:
        minlen = content()["rules"]["min_word_length"]
        words = [w for w in wordlist.playable_words() if len(w) >= minlen]
    n = len(words)
    lengths = np.fromiter((len(w) for w in words), dtype=np.int64, count=n)
    blob = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8).astype(np.int64) - 97
    owner = np.repeat(np.arange(n, dtype=np.int64), lengths)
    counts = np.bincount(owner * 26 + blob, minlength=n * 26).reshape(n, 26)
    counts = np.minimum(counts, 255).astype(np.uint8)
    present = counts > 0
    masks = present.astype(np.int64) @ BITS
    vowel_cols = [ord(v) - 97 for v in sorted(VOWELS)]
    vowels = counts[:, vowel_cols].sum(axis=1).astype(np.int16)
    base = Groups.build(masks, np.arange(n))
    rows, cols = np.nonzero(present)
    ext = Groups.build(masks[rows] ^ BITS[cols], rows)
    return WordIndex(
        words=list(words),
        counts=np.ascontiguousarray(counts.T),
        lengths=lengths.astype(np.int16),
        vowels=vowels,
        masks=masks,
        base=base,
        ext=ext,
        build_s=time.perf_counter() - t0,
    )


_INDEX: WordIndex | None = None
_LOCK = threading.Lock()


def get_index() -> WordIndex:
    """The process-wide index (built on first use)."""
    global _INDEX
    if _INDEX is None:
        with _LOCK:
            if _INDEX is None:
                _INDEX = build_index()
    return _INDEX


def submasks(h: int) -> np.ndarray:
    """Every subset of the bit set ``h`` (including ``h`` and 0), as int64."""
    bits = np.array([1 << i for i in range(26) if h >> i & 1], dtype=np.int64)
    if len(bits) == 0:
        return np.zeros(1, dtype=np.int64)
    sel = (np.arange(1 << len(bits), dtype=np.int64)[:, None] >> np.arange(len(bits))) & 1
    return sel @ bits


def candidates(index: WordIndex, have: int, wilds: int) -> np.ndarray:
    """Ids of the words whose letters are ``have`` plus at most ``wilds`` other letters.

    Each word comes once: base groups hold the subsets of ``have``; an ext group
    S+c is kept only for c outside ``have`` (inside, its words are in base already).
    """
    if wilds > 2:  # the groups hold words with one or two letters outside a letter set
        raise ValueError("the index answers at most two wild letters")
    subs = submasks(have)
    parts = [index.base.gather(subs)]
    if wilds == 0:
        return parts[0]
    not_have = ~np.int64(have)
    one = index.ext.gather(subs)
    parts.append(one[np.bitwise_count(index.masks[one] & not_have) == 1])
    if wilds >= 2:
        bits = np.array([1 << i for i in range(26) if not have >> i & 1], dtype=np.int64)
        if len(bits):
            two = index.ext.gather((subs[:, None] | bits[None, :]).ravel())
            two = two[np.bitwise_count(index.masks[two] & not_have) == 2]
            parts.append(np.unique(two))  # reached once per outside letter
    return np.concatenate(parts)
