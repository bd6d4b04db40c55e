"""Scoring one two-word Performance exactly, and the bound of a pair's letters.

The engine scores the union of the two words' cards (the shared card once), so
a pair is scored as one string: the first word, then the second without the
shared card's letters ("text").  The per-word search (``assign.best_play``)
spells that text with the shared card pinned to its place in the first word
and no two-letter card spanning a word boundary or the shared card's gap.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from services.composition.content import VOWELS
from services.composition.scoring import multiplier
from solver.composition.assign import best_play
from solver.composition.bounds import two_words, upper_bound
from solver.composition.prepared import Play, Prepared


def two_word_types(prep: Prepared) -> list[int]:
    """The card types with the ``two_words`` ability (computed once per hand)."""
    found = prep.__dict__.get("_two_word_types")
    if found is None:
        found = prep.__dict__["_two_word_types"] = [
            t for t in range(len(prep.types)) if two_words(prep.cards[prep.types[t][0]])
        ]
    return found


def _pair_countable(prep: Prepared, letters: Counter, u: str, v: str) -> bool:
    """Whether the cards may cover these letter counts of a pair (a necessary test).

    ``assign._countable`` for the pair's text, whose letters are the same at every
    crossing showing the same letters: a two-letter card counts if its letters
    are in u or in v (no card spans the words' boundary or the shared card).
    """
    missing = 0
    for ch, need in letters.items():
        have = prep.single_count.get(ch, 0)
        for pair, n in prep.pair_count.items():
            if ch in pair and (pair in u or pair in v):
                have += n * pair.count(ch)
        if need > have:
            missing += need - have
    return missing <= prep.wilds


def card_values(prep: Prepared) -> np.ndarray:
    """``v[m]``: the most m cards can add to the Rose sum (each at its best multiplier)."""
    any_dv = any(f["dv"] for f in prep.facts)
    vmax = sorted(
        (
            c.rose * multiplier(f["ds"] + (1 if any_dv else 0), prep.cap)
            for c, f in zip(prep.cards, prep.facts)
        ),
        reverse=True,
    )
    return np.concatenate(([0], np.cumsum(vmax))).astype(np.int64)


def text_bound(prep, tables, held, counts, lengths, vowels, halves, values) -> np.ndarray:
    """The single-word bound (``bounds.upper_bound``) of strings with these letter counts.

    The Rose sum is also capped by the best cards a string of that length can
    hold (one card per letter at most), which the letter-wise sum overshoots
    when MUD's changed card is counted on top; the vowels by the vowels the
    cards can show (wilds included), which the two words' sum overshoots.
    """
    supply, _, wilds, wild_value, extra, pv, by_len, max_len = tables
    lengths = np.minimum(lengths, max_len).astype(np.int64)
    vowels = np.minimum(vowels, sum(int(supply[ord(ch) - 97]) for ch in VOWELS) + wilds)
    base = np.minimum((halves + 1) // 2 + wild_value, values[np.minimum(lengths, len(values) - 1)])
    cols = {li: counts[:, col] for col, li in enumerate(held)}
    vowels = vowels.astype(np.int64)
    ub = upper_bound(prep, cols, lengths, vowels, base, extra)
    return ub + by_len[lengths] + pv * vowels


def best_pair(
    prep: Prepared,
    u: str,
    v: str,
    limit: int | None = None,
    bound: int | None = None,
    one_place: bool = False,
    way: tuple[int, str] | None = None,
) -> Play | None:
    """The highest-net two-word Performance of words ``u`` and ``v`` (None if impossible).

    Tries every two-word card type as the shared card at every place both words
    show its letters (or, with MUD, any letter both words hold, the shared card
    being the changed one).  ``bound``, an upper bound on the pair's net: a
    crossing that reaches it paying nothing cannot be beaten, so the others are
    not tried.  ``one_place``: every place scores alike (the caller knows no
    two-letter card's spot or MUD change depends on it), so only the first is tried.
    ``way``: only the crossings of one way (``pair_ranking.pair_words``): (-1, "")
    the shared card showing its own letters, (t, c) card type t changed to c.
    """
    kw = {} if limit is None else {"limit": limit}
    best: Play | None = None
    n1 = len(u)
    both = Counter(u) + Counter(v)
    countable: dict[str, bool] = {}  # per letters shown by the shared card
    places: list[tuple[int, int, int, str, bool]] = []  # (p1, p2, type, shown, mud)
    for t in two_word_types(prep):
        printed = prep.type_letters[t]
        span = len(printed)
        for p1 in range(n1 - span + 1):
            shown = u[p1 : p1 + span]
            if shown == printed:
                mud = False
            elif span == 1 and prep.mud:
                mud = True
            else:
                continue
            if way is not None and (way[0] != (t if mud else -1) or (mud and shown != way[1])):
                continue
            if shown not in countable:
                countable[shown] = _pair_countable(prep, both - Counter(shown), u, v)
            if not countable[shown]:
                continue
            places.extend(
                (p1, p2, t, shown, mud)
                for p2 in range(len(v) - span + 1)
                if v[p2 : p2 + span] == shown
            )
    if one_place and places:
        first = places[0][:2]
        places = [p for p in places if p[:2] == first]
    for p1, p2, t, shown, mud in places:
        span = len(shown)
        text = u + v[:p2] + v[p2 + span :]
        cuts = frozenset(q for q in (p1, p1 + span, n1, n1 + p2) if 0 < q < len(text))
        play = best_play(prep, text, cuts=cuts, fixed=(p1, t, shown, mud), **kw)
        if play is None:
            continue
        if best is None or (play.net, -play.paid) > (best.net, -best.paid):
            best = _split(play, u, v, p1, p2)
            if bound is not None and best.net >= bound and best.paid == 0:
                return best
    return best


def _split(play: Play, u: str, v: str, p1: int, p2: int) -> Play:
    """Turn the text's play into the two words' card lists (alphabetical word first)."""
    n1 = len(u)
    first: list[tuple[str, str]] = []
    before: list[tuple[str, str]] = []
    after: list[tuple[str, str]] = []
    shared = None
    pos = 0
    for cid, letters in zip(play.cards, play.letters):
        if pos == p1:
            shared = (cid, letters)
        if pos < n1:
            first.append((cid, letters))
        elif pos < n1 + p2:
            before.append((cid, letters))
        else:
            after.append((cid, letters))
        pos += len(letters)
    second = [*before, shared, *after]
    if v < u:
        u, v, first, second = v, u, second, first
    return Play(
        word=f"{u} {v}",
        net=play.net,
        total=play.total,
        paid=play.paid,
        cards=[c for c, _ in first],
        letters=[s for _, s in first],
        assign=dict(play.assign),
        pay=list(play.pay),
        method=play.method,
        cards2=[c for c, _ in second],
        letters2=[s for _, s in second],
    )
