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


def bounds_tables(prep: Prepared, max_len: int, changed: int | None = None):
    """Per-letter top-value prefix sums, wild bonus and per-length extras for the bound.

    ``changed`` (MUD hands only): -1, the tables of the plays where MUD changes no
    card; ``i``, of those where it changes card ``i`` (any letter: a wild keeping
    its value, symbol and abilities).  One bound per choice is far tighter than
    one for every choice at once, which counts the changed card at its own letter
    too and on every symbol row.
    """
    cap = prep.cap
    split = changed is not None
    mud = prep.mud and not split
    any_dv = any(f["dv"] for f in prep.facts)
    # a card showing its own letters is doubled as a vowel card only if it is one; MUD's
    # changed card (valued as the wild below) may show a vowel
    vmax, vwild = [], []
    for c, f in zip(prep.cards, prep.facts):
        d = f["ds"] + (1 if any_dv and (c.wild or is_vowel_card(c.letters)) else 0)
        vmax.append(c.rose * multiplier(d, cap))
        vwild.append(c.rose * multiplier(f["ds"] + (1 if any_dv else 0), cap))
    per_letter: list[list[int]] = [[] for _ in range(26)]
    supply = np.zeros(26, dtype=np.int16)
    # values in half-Roses: a two-letter card puts half its value on each of its letters
    for i, (c, v) in enumerate(zip(prep.cards, vmax)):
        if c.wild or i == changed:
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
    wilds = sum(1 for c in prep.cards if c.wild) + (1 if mud and prep.mud_types else 0)
    wild_value = 0
    if mud and prep.mud_types:
        wild_value += max(v for c, v in zip(prep.cards, vwild) if len(c.letters) == 1)
    if split and changed >= 0:
        wilds, wild_value = wilds + 1, vwild[changed]
    # word doublers: (letters the word must contain, how many doubles, Roses paid for them,
    # whether MUD may change the card to a letter of the word) per doubler card; a paid
    # one the seat cannot afford never doubles
    doublers = []
    for i, (c, f) in enumerate(zip(prep.cards, prep.facts)):
        changeable = mud and len(c.letters) == 1
        letters = "" if i == changed else c.letters  # the changed card is in the word
        if f["dw"]:
            doublers.append((letters, f["dw"], 0, changeable))
        if f["pay"] and f["pay"][0] == "pay_double_word" and f["pay"][1] <= prep.hand.roses:
            doublers.append((letters, 1, f["pay"][1], changeable))
    # symbols: per symbol, how many of its cards can show each letter
    sym_letter: dict[str, np.ndarray] = {}
    sym_wild: dict[str, int] = {}
    sym_cap: dict[str, int] = {}  # cards of a symbol, when one is not in sym_letter
    for i, c in enumerate(prep.cards):
        if not c.symbol:
            continue
        arr = sym_letter.setdefault(c.symbol, np.zeros(26, dtype=np.int16))
        if mud and len(c.letters) == 1:
            sym_wild[c.symbol] = 1  # MUD may turn one such card into any letter
        if i == changed:  # a wild of its symbol, counted once
            sym_wild[c.symbol] = 1
            sym_cap[c.symbol] = 1
            continue
        arr[ord(c.letters[0]) - 97] += 1  # a used card always covers its first letter
    for sym in sym_cap:
        sym_cap[sym] += int(sym_letter[sym].sum())
    # ability Roses of cards count only for words that can hold the card
    card_roses = []
    for i, (c, f) in enumerate(zip(prep.cards, prep.facts)):
        flat = f["flat"]
        if f["pay"] and f["pay"][0] == "pay_roses":
            flat += max(0, f["pay"][2] - f["pay"][1])
        if flat or f["pv"] or f["long"]:
            free = c.wild or (mud and len(c.letters) == 1) or i == changed
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
        "sym_cap": sym_cap,
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
    wd = np.zeros(n, dtype=np.int64)  # free doubles the word's own letters reach
    paid = np.zeros(n, dtype=np.int64)  # doubles paid for
    cheapest = np.full(n, 1 << 30, dtype=np.int64)  # the least Roses one of them costs
    # MUD changes one card: at most one doubler reaches a word without its own letters
    free_x = np.zeros(n, dtype=np.int64)
    pay_x = np.full(n, 1 << 30, dtype=np.int64)
    for letters, d, cost, changeable in extra["doublers"]:
        held = _holds(cols, n, letters)
        if cost == 0:
            wd += d * held
            if changeable:
                free_x = np.where(held, free_x, np.maximum(free_x, d))
        else:
            paid += held
            cheapest = np.where(held, np.minimum(cheapest, cost), cheapest)
            if changeable:
                pay_x = np.where(held, pay_x, np.minimum(pay_x, cost))
    roses = np.zeros(n, dtype=np.int64)
    for letters, flat, pv, longs in extra["card_roses"]:
        gain = flat + pv * vowels
        for mn, bonus in longs:
            gain = gain + bonus * (lengths >= mn)
        roses += gain if not letters else gain * _holds(cols, n, letters)
    cap = prep.cap
    extra_pay = pay_x < (1 << 30)
    ub = np.maximum(
        _doubled(cap, base, wd + free_x, paid, cheapest),
        _doubled(cap, base, wd, paid + extra_pay, np.minimum(cheapest, pay_x)),
    )
    ub += roses
    row = extra["bonus_row"]
    for sym, arr in extra["sym_letter"].items():
        usable = np.full(n, extra["sym_wild"].get(sym, 0), dtype=np.int64)
        for li in np.flatnonzero(arr).tolist():
            usable += np.minimum(cols[li], np.uint8(arr[li]))
        # never more than the cards of the symbol (MUD's wild is one of them)
        usable = np.minimum(usable, min(extra["sym_cap"].get(sym, int(arr.sum())), len(row) - 1))
        usable = np.minimum(usable, lengths.astype(np.int64))
        ub += row[np.minimum(usable, len(row) - 1)]
    return ub


def mud_splits(prep: Prepared, max_len: int) -> list[tuple]:
    """A MUD hand's bound tables per choice of MUD: no change, or which card it changes."""
    changed = [-1] + [prep.types[t][0] for t in prep.mud_types]
    return [bounds_tables(prep, max_len, i) for i in changed]


def split_bound(prep: Prepared, splits: list[tuple], cols, lengths, vowels) -> np.ndarray:
    """The single-word bound of a MUD hand, per choice of MUD (``mud_splits``): the
    largest over the choices under which the word can be spelled at all."""
    n = len(lengths)
    lengths = lengths.astype(np.int64)
    vowels = vowels.astype(np.int64)
    best = np.full(n, -(1 << 40), dtype=np.int64)
    for supply, top, wilds, wild_value, extra, pv, by_len in splits:
        width = top.shape[1] - 1
        covered = np.zeros(n, dtype=np.int64)
        halves = np.zeros(n, dtype=np.int64)
        for li in np.flatnonzero(supply).tolist():
            col = cols[li].astype(np.int64)
            covered += np.minimum(col, int(supply[li]))
            halves += np.take(top[li], np.minimum(col, width))
        ok = lengths - covered <= wilds
        if not ok.any():
            continue
        base = (halves + 1) // 2 + wild_value
        ub = upper_bound(prep, cols, lengths, vowels, base, extra) + by_len[lengths] + pv * vowels
        best = np.where(ok, np.maximum(best, ub), best)
    return best


def _doubled(cap: int, base, free, paid, cheapest) -> np.ndarray:
    """The most ``base`` Roses become with ``free`` doubles, or with ``paid`` more doubles
    too less the cheapest of them (a word paying pays at least that)."""
    pm = np.where(free <= 0, 1, np.minimum(free + 1, cap))
    every = free + paid
    pm_paid = np.where(every <= 0, 1, np.minimum(every + 1, cap))
    return np.maximum(pm * base, np.where(paid > 0, pm_paid * base - cheapest, 0))


def neg_word(word: str) -> tuple[int, ...]:
    """Sort key making alphabetically earlier words rank higher on equal net."""
    return tuple(-ord(ch) for ch in word) + (1,)
