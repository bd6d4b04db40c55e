"""The two-word search's screen: a separable bound and an exact letter-count fit.

A pair is a first word ``u`` without the shared card's letters and a second
word ``v`` whole, so the pair's letters are ``J = (u - shared) + v``.  The
single-word bound of ``J`` is at most ``(A[u] + B[v] + C) / scale``:

* the Rose sum of the best cards per letter is subadditive (best values come
  first), and so is each symbol's count of usable cards;
* a symbol row's bonus ``f(n)`` is at most ``slope * n`` with ``slope`` the
  largest ``f(m) / m`` the row can reach, so each word carries its own share;
* per-vowel Roses are linear in the vowels, which add up; the multiplier is
  bounded by every doubler at once, the other abilities by all of them at once.

The fit uses unary slot masks: each held letter gets one bit per card that can
show it, and a word sets the low ``count`` bits of its letter's block.  The
second word's copies beyond what the first word left (``slot[v] & ~room[u]``)
must be played by wilds, so their number is exact and their shares (which the
second word's ``B`` counted) come off again: the bound stays separable per
pair, and a subset-maximum table over the masks gives every first word the
best share of any second word that fits it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from solver.composition.prepared import Prepared

#: slot bits encoded at most (letters beyond are left out of the screen, which
#: only loosens it: the exact joint counts are checked after); 2**16 table entries
SLOT_BITS = 16


def halves(top: np.ndarray, counts: np.ndarray, held: list[int]) -> np.ndarray:
    """Sum, over held letters, of the best half-Rose values for these counts.

    ``counts`` has one column per held letter (``held`` order): letters the hand
    does not hold score nothing here, so the pair search keeps only those columns.
    """
    width = top.shape[1] - 1
    out = np.zeros(len(counts), dtype=np.int64)
    for col, li in enumerate(held):
        out += top[li][np.minimum(counts[:, col], width)]
    return out


@dataclass
class Screen:
    """Per-word shares and slot masks of one pair search (arrays indexed by word)."""

    a: np.ndarray  #: first-word shares
    b: np.ndarray  #: second-word shares
    c: int  #: the shares every pair gets
    scale: int  #: shares are in 1/scale Roses
    slot: np.ndarray  #: second word: its slot mask
    room: np.ndarray  #: first word: the slots the hand still offers after it
    spare: np.ndarray  #: first word: wilds left for the second word (< 0: none)
    deficit: np.ndarray  #: second word: wilds it needs on its own
    width: int  #: slot bits used
    bit_value: np.ndarray  #: per slot bit, the share its copy carries in ``b``
    block_start: np.ndarray  #: per slot bit (and one past the last): starts a letter's block
    byte_sums: list[np.ndarray]  #: per byte of a mask, the shares of its set bits

    def take(self, order: np.ndarray) -> Screen:
        """The same screen with its words in ``order``."""
        per_word = ("a", "b", "slot", "room", "spare", "deficit")
        return replace(self, **{f: getattr(self, f)[order] for f in per_word})

    def need(self, i: int, threshold: float) -> int:
        """The least corrected ``B`` a second word needs for first word ``i``."""
        return self.scale * int(threshold) - self.c - int(self.a[i])

    def taken(self, masks: np.ndarray) -> np.ndarray:
        """The shares the set bits of ``masks`` carry."""
        out = self.byte_sums[0][masks & 255]
        for k in range(1, len(self.byte_sums)):
            out = out + self.byte_sums[k][(masks >> (8 * k)) & 255]
        return out

    def fits(self, i: int, cand: np.ndarray, need: int | None) -> np.ndarray:
        """Which second words ``cand`` may pair with first word ``i`` (a necessary test).

        Their copies beyond the first word's room need wilds; those copies score
        nothing, so their shares come off before comparing with ``need``.
        """
        over = self.slot[cand] & ~self.room[i]
        ok = np.bitwise_count(over) + self.deficit[cand] <= self.spare[i]
        if need is not None:
            ok &= self.b[cand] - self.taken(over) >= need
        return ok

    def partners(self) -> np.ndarray:
        """Per first word, the largest corrected ``B`` of any second word fitting it.

        -1 where none fits.  With two or more spare wilds, the largest ``B`` of all.
        """
        n = len(self.a)
        size = 1 << self.width
        zero, one = self.deficit == 0, self.deficit == 1
        t0 = np.full(size, -1, dtype=np.int64)
        np.maximum.at(t0, self.slot[zero], self.b[zero])
        t1 = np.full(size, -1, dtype=np.int64)
        np.maximum.at(t1, self.slot[one], self.b[one])
        # a second word short of one copy: a wild plays its last copy of one letter
        slot0, b0 = self.slot[zero], self.b[zero]
        for bit in range(self.width):
            flag = np.int64(1) << bit
            # the last copy of its letter: this bit set, the next one of the block not
            top = (slot0 & flag) != 0
            if not self.block_start[bit + 1]:
                top &= (slot0 & (flag << 1)) == 0
            np.maximum.at(t1, slot0[top] & ~flag, b0[top] - self.bit_value[bit])
        for t in (t0, t1):
            for bit in range(self.width):  # t[m] = max over the subsets of m
                view = t.reshape(-1, 2, 1 << bit)
                np.maximum(view[:, 1, :], view[:, 0, :], out=view[:, 1, :])
        best = np.full(n, -1, dtype=np.int64)
        ok = self.spare >= 0
        best[ok] = t0[self.room[ok]]
        single = self.spare == 1
        best[single] = np.maximum(best[single], t1[self.room[single]])
        best[self.spare >= 2] = int(self.b.max()) if len(self.b) else -1
        return best


def build_screen(
    prep: Prepared,
    tables: tuple,
    held: list[int],
    cnt: np.ndarray,
    sub: np.ndarray,
    vowels: np.ndarray,
    shared_vowels: int,
    outside: np.ndarray,
    slack: int,
) -> Screen:
    """The screen of these words (``cnt``: counts of the held letters, one row per word).

    ``sub``: the shared card's letters (zero when the crossing is not known in
    advance, ``slack`` extra wilds then allowed); ``outside``: each word's
    letters the hand does not hold at all.
    """
    supply, top, wilds, wild_value, extra, pv, by_len, max_len = tables
    supply_h = supply[held].astype(np.int64)
    doubles = sum(d for _, d, _, _ in extra["doublers"])
    pm_max = 1 if doubles == 0 else min(doubles + 1, prep.cap)
    per_vowel = pv
    rest = int(by_len[max_len])
    for _, flat, card_pv, longs in extra["card_roses"]:
        per_vowel += card_pv
        rest += flat + sum(n for mn, n in longs if max_len >= mn)
    row = extra["bonus_row"]
    rows = []  # (symbol cards per held letter, wild share, best count m, bonus f(m))
    for sym, arr in extra["sym_letter"].items():
        reach = min(int(arr.sum()), len(row) - 1)
        if reach < 1:
            continue
        m = max(range(1, reach + 1), key=lambda c: Fraction(int(row[c]), c))
        if row[m] > 0:
            rows.append((arr[held].astype(np.int64), extra["sym_wild"].get(sym, 0), m, int(row[m])))
    scale = 2
    for _, _, m, _ in rows:
        scale = scale * m // int(np.gcd(scale, m))
    half = scale // 2  # halves: pm_max * ceil(h / 2) <= pm_max * (h + 1) / 2

    first = np.maximum(cnt.astype(np.int64) - sub, 0)
    second = cnt.astype(np.int64)
    a = pm_max * half * halves(top, first, held) + scale * per_vowel * (vowels - shared_vowels)
    b = pm_max * half * halves(top, second, held) + scale * per_vowel * vowels
    for arr, wild, m, f in rows:
        a += (scale // m) * f * (np.minimum(first, arr).sum(axis=1) + wild)
        b += (scale // m) * f * (np.minimum(second, arr).sum(axis=1) + wild)
    c = pm_max * half + scale * (pm_max * wild_value + rest)

    # slot blocks: letters with the fewest cards first, up to SLOT_BITS bits
    keep, width = [], 0
    for col in np.argsort(supply_h, kind="stable").tolist():
        if width + supply_h[col] > SLOT_BITS:
            break
        keep.append(col)
        width += int(supply_h[col])
    slot = np.zeros(len(cnt), dtype=np.int64)
    room = np.zeros(len(cnt), dtype=np.int64)
    bit_value = np.zeros(max(width, 1), dtype=np.int64)
    block_start = np.zeros(width + 1, dtype=bool)
    off = 0
    for col in keep:
        s, li = int(supply_h[col]), held[col]
        block_start[off] = True
        slot |= ((np.int64(1) << np.minimum(second[:, col], s)) - 1) << off
        room |= ((np.int64(1) << np.maximum(s - first[:, col], 0)) - 1) << off
        for copy in range(1, s + 1):
            share = pm_max * half * int(top[li][copy] - top[li][copy - 1])
            share += sum((scale // m) * f for arr, _, m, f in rows if copy <= arr[col])
            bit_value[off + copy - 1] = share
        off += s
    block_start[off] = True
    deficit_u = np.maximum(first - supply_h, 0).sum(axis=1) + outside
    deficit_v = np.maximum(second - supply_h, 0).sum(axis=1) + outside
    return Screen(
        a=a,
        b=b,
        c=c,
        scale=scale,
        slot=slot,
        room=room,
        spare=wilds + slack - deficit_u,
        deficit=deficit_v,
        width=width,
        bit_value=bit_value,
        block_start=block_start,
        byte_sums=byte_sums(bit_value),
    )


def byte_sums(bit_value: np.ndarray) -> list[np.ndarray]:
    """Per byte of a mask, the sum of ``bit_value`` over each of its 256 patterns."""
    out = []
    for start in range(0, max(len(bit_value), 1), 8):
        t = np.zeros(256, dtype=np.int64)
        for k, v in enumerate(bit_value[start : start + 8].tolist()):
            t[(np.arange(256) >> k) & 1 == 1] += v
        out.append(t)
    return out
