"""What a query reads before any word is spelled: candidate words and their bounds.

``spellable`` reads the index for the words a hand's letters (plus wilds) can
cover; ``bounds_tables`` and ``upper_bound`` bound each candidate's net score
from its letter counts alone.  Shared by the single-word search and the
two-word search (``pair_*``), below both of them.
"""

from __future__ import annotations

import numpy as np

from services.composition.scoring import is_vowel_card, multiplier
from solver.composition.index import WordIndex, candidates
from solver.composition.prepared import Prepared, symbol_roses


def bounds_tables(prep: Prepared, max_len: int):
    """Per-letter top-value prefix sums, wild bonus and per-length extras for the bound."""
    cap = prep.cap
    any_dv = any(f["dv"] for f in prep.facts)
    vmax = []
    for c, f in zip(prep.cards, prep.facts):
        d = f["ds"] + (1 if any_dv and (prep.mud or c.wild or is_vowel_card(c.letters)) else 0)
        vmax.append(c.rose * multiplier(d, cap))
    per_letter: list[list[int]] = [[] for _ in range(26)]
    supply = np.zeros(26, dtype=np.int16)
    # values in half-Roses: a two-letter card puts half its value on each of its letters
    for c, v in zip(prep.cards, vmax):
        if c.wild:
            continue
        for ch in c.letters:
            per_letter[ord(ch) - 97].append(2 * v // len(c.letters))
            supply[ord(ch) - 97] += 1
    width = int(supply.max()) + 1 if len(supply) else 1
    top = np.zeros((26, max(width, 2)), dtype=np.int64)
    for li, vals in enumerate(per_letter):
        vals.sort(reverse=True)
        acc = 0
        for j in range(1, top.shape[1]):
            if j - 1 < len(vals):
                acc += vals[j - 1]
            top[li, j] = acc
    wilds = sum(1 for c in prep.cards if c.wild) + (1 if prep.mud and prep.mud_types else 0)
    wild_value = 0
    if prep.mud and prep.mud_types:
        wild_value += max(v for c, v in zip(prep.cards, vmax) if len(c.letters) == 1)
    # word doublers: (letters the word must contain, how many doubles) per doubler card
    doublers = []
    for c, f in zip(prep.cards, prep.facts):
        d = f["dw"] + (1 if f["pay"] and f["pay"][0] == "pay_double_word" else 0)
        if d:
            free = prep.mud and len(c.letters) == 1
            doublers.append(("" if free else c.letters, d))
    # symbols: per symbol, how many of its cards can show each letter
    sym_letter: dict[str, np.ndarray] = {}
    sym_wild: dict[str, int] = {}
    for c in prep.cards:
        if not c.symbol:
            continue
        arr = sym_letter.setdefault(c.symbol, np.zeros(26, dtype=np.int16))
        if prep.mud and len(c.letters) == 1:
            sym_wild[c.symbol] = 1  # MUD may turn one such card into any letter
        arr[ord(c.letters[0]) - 97] += 1  # a used card always covers its first letter
    # ability Roses of cards count only for words that can hold the card
    card_roses = []
    for c, f in zip(prep.cards, prep.facts):
        flat = f["flat"]
        if f["pay"] and f["pay"][0] == "pay_roses":
            flat += max(0, f["pay"][2] - f["pay"][1])
        if flat or f["pv"] or f["long"]:
            free = c.wild or (prep.mud and len(c.letters) == 1)
            card_roses.append(("" if free else c.letters, flat, f["pv"], f["long"]))
    pv = sum(a["n"] for a in prep.maestro if a["type"] == "per_vowel")
    longs = [(a["min"], a["n"]) for a in prep.maestro if a["type"] == "long_word"]
    by_len = np.zeros(max_len + 1, dtype=np.int64)
    for length in range(max_len + 1):
        by_len[length] = sum(n for mn, n in longs if length >= mn)
    bonus_row = np.array([symbol_roses(j, prep.table) for j in range(max_len + 2)], dtype=np.int64)
    extra = {
        "doublers": doublers,
        "sym_letter": sym_letter,
        "sym_wild": sym_wild,
        "bonus_row": bonus_row,
        "card_roses": card_roses,
    }
    return supply, top, wilds, wild_value, extra, pv, by_len


def spellable(
    index: WordIndex, supply: np.ndarray, wilds: int, max_len: int, min_len: int = 1
) -> tuple[np.ndarray, np.ndarray, dict[int, np.ndarray], int]:
    """The words a hand can spell by letter counts: (ids, lengths, per held letter
    its count in each, how many candidates the index returned).

    ``supply``: cards per letter (two-letter cards count for both letters).
    """
    have = 0
    for li in range(26):
        if supply[li]:
            have |= 1 << li
    ids = candidates(index, have, wilds)
    n_candidates = int(len(ids))
    held = np.flatnonzero(supply).tolist()
    ids = ids.astype(np.intp)
    lengths = np.take(index.lengths, ids)
    sel = np.flatnonzero((lengths <= max_len) & (lengths >= min_len))
    ids, lengths = np.take(ids, sel), np.take(lengths, sel)
    # column per held letter; letters outside the hand must all come from wilds
    cols = {li: np.take(index.counts[li], ids) for li in held}  # uint8
    covered = np.zeros(len(ids), dtype=np.int16)
    for li in held:
        covered += np.minimum(cols[li], np.uint8(supply[li]))
    sel = np.flatnonzero(lengths - covered <= wilds)
    ids, lengths = np.take(ids, sel), np.take(lengths, sel)
    return ids, lengths, {li: np.take(col, sel) for li, col in cols.items()}, n_candidates


def two_words(card) -> bool:
    return any(a["type"] == "two_words" for a in card.abilities)


def best_first(keys: np.ndarray, front: int = 256):
    """Yield ``keys`` in ascending order, sorting only a front slice at a time."""
    if len(keys) <= front:
        yield from np.sort(keys).tolist()
        return
    part = np.partition(keys, front)
    yield from np.sort(part[:front]).tolist()
    yield from np.sort(part[front:]).tolist()


def _holds(cols: dict[int, np.ndarray], n: int, letters: str) -> np.ndarray:
    ok = np.ones(n, dtype=bool)
    for ch in set(letters):
        ok &= cols[ord(ch) - 97] >= letters.count(ch)
    return ok


def upper_bound(prep, cols, lengths, vowels, base, extra) -> np.ndarray:
    """Vectorised bound: doublers and abilities the word can reach, symbol rows it allows."""
    n = len(lengths)
    wd = np.zeros(n, dtype=np.int64)
    for letters, d in extra["doublers"]:
        wd += d if not letters else d * _holds(cols, n, letters)
    roses = np.zeros(n, dtype=np.int64)
    for letters, flat, pv, longs in extra["card_roses"]:
        gain = flat + pv * vowels
        for mn, bonus in longs:
            gain = gain + bonus * (lengths >= mn)
        roses += gain if not letters else gain * _holds(cols, n, letters)
    cap = prep.cap
    pm = np.where(wd <= 0, 1, np.minimum(wd + 1, cap))
    ub = pm * base + roses
    row = extra["bonus_row"]
    for sym, arr in extra["sym_letter"].items():
        usable = np.full(n, extra["sym_wild"].get(sym, 0), dtype=np.int64)
        for li in np.flatnonzero(arr).tolist():
            usable += np.minimum(cols[li], np.uint8(arr[li]))
        # never more than the cards of the symbol (MUD's wild is one of them)
        usable = np.minimum(usable, min(int(arr.sum()), len(row) - 1))
        usable = np.minimum(usable, lengths.astype(np.int64))
        ub += row[np.minimum(usable, len(row) - 1)]
    return ub


def neg_word(word: str) -> tuple[int, ...]:
    """Sort key making alphabetically earlier words rank higher on equal net."""
    return tuple(-ord(ch) for ch in word) + (1,)
