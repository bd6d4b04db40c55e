"""Reference answers: scan every word of the list, score every way to spell it.

Used by the tests (against the indexed solver) and as the benchmark baseline.
``evaluate="naive"`` tries every assignment of concrete cards (no symmetry
breaking, no dominance) and scores each with the rules engine's own
``score_performance``: nothing of the solver's search or bounds is reused.
``evaluate="search"`` reuses the solver's per-word search (the benchmark's
baseline, where only the scan of the list differs).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations
from typing import Any

import numpy as np

from services.composition import wordlist
from services.composition.content import content
from services.composition.scoring import PAY_TYPES, score_performance
from solver.composition.hand import Hand


def _supply(hand: Hand) -> tuple[Counter, int]:
    supply: Counter = Counter()
    for c in hand.cards:
        for ch in c.letters:
            supply[ch] += 1
    wilds = sum(1 for c in hand.cards if c.wild) + (1 if hand.mud else 0)
    return supply, wilds


def _assignments(hand: Hand, word: str):
    """Every (card, letters shown) sequence spelling ``word`` with distinct cards."""
    for path, _mud in _spellings(hand, word):
        yield list(path)


def _best_paid(uses: list, hand: Hand, rules: dict[str, Any]) -> dict[str, Any] | None:
    """The engine's best breakdown for these card uses over every affordable choice of
    paid abilities (None when even paying nothing is out of reach)."""
    payable = [d["id"] for d, _ in uses if any(a["type"] in PAY_TYPES for a in d["abilities"])]
    best = None
    for r in range(len(payable) + 1):
        for sub in combinations(payable, r):
            br = score_performance(uses, hand.maestro_abilities, sub, {}, rules)
            if br["paid"] <= hand.roses and (best is None or br["net"] > best["net"]):
                best = br
    return best


def naive_best(hand: Hand, word: str) -> dict[str, Any] | None:
    """The best net score for ``word`` by exhaustive assignment + the engine's scorer."""
    rules = content()["rules"]
    dicts = [c.as_dict() for c in hand.cards]
    best = None
    for assignment in _assignments(hand, word):
        uses = [(dicts[i], letters) for i, letters in assignment]
        br = _best_paid(uses, hand, rules)
        if br is not None and (best is None or br["net"] > best["net"]):
            best = {
                "word": word,
                "net": br["net"],
                "score": br["total"],
                "cards": [dicts[i]["id"] for i, _ in assignment],
            }
    return best


@cache
def _count_matrix() -> tuple[list[str], np.ndarray, np.ndarray]:
    """Letter counts (26 x N) and lengths of every playable word: the scan's own copy."""
    words = list(wordlist.playable_words())
    mat = np.zeros((26, len(words)), dtype=np.int8)
    for r, w in enumerate(words):
        for ch in w:
            mat[ord(ch) - 97, r] += 1
    return words, mat, np.array([len(w) for w in words], dtype=np.int16)


def _scan(hand: Hand, vectorised: bool) -> list[str]:
    """Every word of the list whose letter counts the hand could cover."""
    supply, wilds = _supply(hand)
    total_cards = sum(max(1, len(c.letters)) for c in hand.cards)
    minlen = hand.min_len
    if vectorised:
        words, mat, lengths = _count_matrix()
        covered = np.zeros(len(words), dtype=np.int16)
        for ch, n in supply.items():
            covered += np.minimum(mat[ord(ch) - 97], n)
        ok = (lengths - covered <= wilds) & (lengths >= minlen) & (lengths <= total_cards)
        return [words[i] for i in np.flatnonzero(ok)]
    out = []
    for word in wordlist.playable_words():
        if not minlen <= len(word) <= total_cards:
            continue
        need = Counter(word)
        if sum(max(0, v - supply[ch]) for ch, v in need.items()) <= wilds:
            out.append(word)
    return out


def brute_force(
    hand: Hand, k: int = 5, evaluate: str = "naive", vectorised: bool = False
) -> list[dict[str, Any]]:
    """Top-k (net desc, word asc) by scanning the whole word list.

    ``vectorised`` scans with numpy (for the tests' speed) instead of a Python loop.
    """
    if evaluate == "search":
        from solver.composition.assign import best_play
        from solver.composition.prepared import Prepared

        prep = Prepared(hand)
    results = []
    for word in _scan(hand, vectorised):
        if evaluate == "search":
            play = best_play(prep, word)
            best = None if play is None else {"word": word, "net": play.net, "score": play.total}
        else:
            best = naive_best(hand, word)
        if best is not None:
            results.append(best)
    results.sort(key=lambda r: (-r["net"], r["word"]))
    return results[:k]


def _spellings(hand: Hand, word: str) -> list[tuple[tuple[tuple[int, str], ...], int | None]]:
    """Every way to spell ``word``: (card index, letters shown) per card, and the MUD card."""
    n = len(word)
    cards = hand.cards
    used = [False] * len(cards)
    path: list[tuple[int, str]] = []
    out = []

    def rec(pos: int, mud: int | None) -> None:
        if pos == n:
            out.append((tuple(path), mud))
            return
        for i, c in enumerate(cards):
            if used[i]:
                continue
            options = []
            if c.wild:
                options.append((word[pos], mud))
            elif len(c.letters) == 1:
                if c.letters == word[pos]:
                    options.append((word[pos], mud))
                elif hand.mud and mud is None:
                    options.append((word[pos], i))
            elif word[pos : pos + 2] == c.letters:
                options.append((c.letters, mud))
            for letters, m in options:
                used[i] = True
                path.append((i, letters))
                rec(pos + len(letters), m)
                path.pop()
                used[i] = False

    rec(0, None)
    return out


def brute_force_pairs(hand: Hand, k: int = 5) -> list[dict[str, Any]]:
    """Top-k (net desc, word asc) of single words AND two-word Performances, by brute force.

    Every spellable word of the list (a numpy scan of the whole list), every way
    to spell it, every pair of spellings that shares exactly one card, a
    ``two_words`` card showing the same letters in both (the engine's rule), with
    at most one MUD change over both words; each scored by the engine's own
    ``score_performance`` with every affordable choice of paid abilities.
    Nothing of the solver's search, index or bounds is used.  Slow: small hands.
    """
    rules = content()["rules"]
    dicts = [c.as_dict() for c in hand.cards]
    two = {
        i for i, c in enumerate(hand.cards) if any(a["type"] == "two_words" for a in c.abilities)
    }
    results = brute_force(hand, k, evaluate="naive", vectorised=True)
    if not two:
        return results
    spells: dict[str, list] = {}
    for word in _scan(hand, vectorised=True):
        found = [
            (path, mud, sum(1 << i for i, _ in path), dict(path))
            for path, mud in _spellings(hand, word)
            if any(i in two for i, _ in path)
        ]
        if found:
            spells[word] = found
    words = sorted(spells)
    for a, u in enumerate(words):
        for v in words[a:]:
            best = None
            for path1, mud1, mask1, shown1 in spells[u]:
                for path2, mud2, mask2, shown2 in spells[v]:
                    common = mask1 & mask2
                    if common & (common - 1) or not common:
                        continue  # exactly one shared card
                    x = common.bit_length() - 1
                    if x not in two or shown1[x] != shown2[x]:
                        continue
                    if len({m for m in (mud1, mud2) if m is not None}) > 1:
                        continue  # one MUD change per Performance
                    uses = [(dicts[i], s) for i, s in path1]
                    uses += [(dicts[i], s) for i, s in path2 if i != x]
                    br = _best_paid(uses, hand, rules)
                    if br is not None and (best is None or br["net"] > best["net"]):
                        best = {"word": f"{u} {v}", "net": br["net"], "score": br["total"]}
            if best is not None:
                results.append(best)
    results.sort(key=lambda r: (-r["net"], r["word"]))
    return results[:k]
