"""Two-word Performances: two dictionary words crossing at one ``two_words`` card.

The engine scores the union of the two words' cards (the shared card once), so
a pair is scored as one string: the first word, then the second without the
shared card's letters ("text").  The per-word search (``assign.best_play``)
spells that text with the shared card pinned to its place in the first word
and no two-letter card spanning a word boundary or the shared card's gap.

Search, exact and best-first, over the single words the index already
returned for the hand (each word of a pair is itself spellable by the hand):

1. Eligible words: those holding a two-word card's letters (with MUD, whose
   changed card may be the shared one, any word).  Sorted by ``h``, the
   half-Rose part of the single-word bound, so each unordered pair {u, v} is
   met once, as (u, v) with u not after v.
2. Per first word u, an optimistic bound over every later v, from u's letter
   counts plus the element-wise maximum of the later words' counts (and the
   largest later ``h`` for the Rose values, which is subadditive), and a
   separable bound using the best ``h`` among the words passing a letter-set
   fit test with u (a letter u alone takes from every card of it costs a wild
   if v holds it), read from a subset-maximum table.
3. Expanding u: the later words passing the fit test and the separable bound,
   then those whose joint letter counts (u + v minus the shared letters) fit
   the hand's supply and wilds, each bounded exactly like a single word of
   those counts.  Pairs are evaluated in descending bound
   order, interleaved with the other first words' bounds, and the search stops
   once no bound reaches the k-th best net (single words included).
"""

from __future__ import annotations

import bisect
import heapq
import time
from collections import Counter
from typing import Any

import numpy as np

from services.composition.content import VOWELS
from services.composition.scoring import multiplier
from solver.composition.assign import Play, Prepared, best_play


def _two_words(prep: Prepared, t: int) -> bool:
    card = prep.cards[prep.types[t][0]]
    return any(a["type"] == "two_words" for a in card.abilities)


def _two_word_types(prep: Prepared) -> list[int]:
    """The card types with the ``two_words`` ability (computed once per hand)."""
    found = prep.__dict__.get("_two_word_types")
    if found is None:
        found = prep.__dict__["_two_word_types"] = [
            t for t in range(len(prep.types)) if _two_words(prep, t)
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


def _halves(top: np.ndarray, counts: np.ndarray, held: list[int]) -> np.ndarray:
    """Sum, over held letters, of the best half-Rose values for these counts.

    ``counts`` has one column per held letter (``held`` order): letters the hand
    does not hold score nothing here, so the pair search keeps only those columns.
    """
    width = top.shape[1] - 1
    out = np.zeros(len(counts), dtype=np.int64)
    for col, li in enumerate(held):
        out += top[li][np.minimum(counts[:, col], width)]
    return out


def _card_values(prep: Prepared) -> np.ndarray:
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


def _text_bound(prep, tables, held, counts, lengths, vowels, halves, values) -> np.ndarray:
    """The single-word bound (``search._upper_bound``) of strings with these letter counts.

    The Rose sum is also capped by the best cards a string of that length can
    hold (one card per letter at most), which the letter-wise sum overshoots
    when MUD's changed card is counted on top.
    """
    from solver.composition.search import _upper_bound

    _, _, _, wild_value, extra, pv, by_len, max_len = tables
    lengths = np.minimum(lengths, max_len).astype(np.int64)
    base = np.minimum((halves + 1) // 2 + wild_value, values[np.minimum(lengths, len(values) - 1)])
    cols = {li: counts[:, col] for col, li in enumerate(held)}
    vowels = vowels.astype(np.int64)
    ub = _upper_bound(prep, cols, lengths, vowels, base, extra)
    return ub + by_len[lengths] + pv * vowels


def best_pair(prep: Prepared, u: str, v: str, limit: int | None = None) -> Play | None:
    """The highest-net two-word Performance of words ``u`` and ``v`` (None if impossible).

    Tries every two-word card type as the shared card at every place both words
    show its letters (or, with MUD, any letter both words hold, the shared card
    being the changed one).
    """
    kw = {} if limit is None else {"limit": limit}
    best: Play | None = None
    n1 = len(u)
    both = Counter(u) + Counter(v)
    countable: dict[str, bool] = {}  # per letters shown by the shared card
    for t in _two_word_types(prep):
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
            if shown not in countable:
                countable[shown] = _pair_countable(prep, both - Counter(shown), u, v)
            if not countable[shown]:
                continue
            for p2 in range(len(v) - span + 1):
                if v[p2 : p2 + span] != shown:
                    continue
                text = u + v[:p2] + v[p2 + span :]
                cuts = frozenset(q for q in (p1, p1 + span, n1, n1 + p2) if 0 < q < len(text))
                play = best_play(prep, text, cuts=cuts, fixed=(p1, t, shown, mud), **kw)
                if play is None:
                    continue
                if best is None or (play.net, -play.paid) > (best.net, -best.paid):
                    best = _split(play, u, v, p1, p2)
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


def _generic_fit(cu, cv, joint, supply26, mudfree) -> np.ndarray:
    """With MUD: which second words fit a first word's letters, for some crossing.

    ``joint`` = cu + cv (nothing subtracted).  Natural crossing at a two-word
    card's letters s (in both words): counts joint - s within supply and every
    wild.  Crossing through the changed shared card at a letter c both words hold:
    joint - 2c (the other words' letters, one c being the shared card's in each)
    within the supply without that card's own letter, the Ghost Notes only.
    """
    shows, wilds, x_supply, ghosts = mudfree
    ok = np.zeros(len(cv), dtype=bool)
    for s in shows:
        e = np.zeros(26, dtype=np.int16)
        for ch in s:
            e[ord(ch) - 97] += 1
        has = np.all(cv >= e, axis=1) & bool(np.all(cu >= e))
        d = np.maximum(joint - e - supply26, 0).sum(axis=1)
        ok |= has & (d <= wilds)
    for c in np.flatnonzero(cu).tolist():
        rest = joint.copy()
        rest[:, c] -= 2
        d = np.maximum(rest - x_supply, 0).sum(axis=1)
        ok |= (cv[:, c] > 0) & (d <= ghosts)
    return ok


def _best_fitting(sets, outside, value, spent, spare, width: int) -> np.ndarray | None:
    """Per first word: the largest ``value`` of a word passing the letter-set fit test.

    The test (see ``search_pairs``): a second word v fits first word u only if
    ``popcount(sets[v] & spent[u]) + outside[v] <= spare[u]``.  With at most one
    spare wild this is a subset query, answered for every u at once by a
    subset-maximum table over the held letters' sets (-1: nothing fits).  None
    when some first word has more spare wilds or the table would be too large:
    the caller keeps its looser bound.
    """
    if width > 16 or len(spare) == 0 or int(spare.max()) > 1:
        return None
    size = 1 << width
    tables = []
    for extra in (0, 1):
        t = np.full(size, -1, dtype=np.int64)
        sel = outside == extra
        np.maximum.at(t, sets[sel], value[sel])
        for b in range(width):  # t[m] = max over the subsets of m
            view = t.reshape(-1, 2, 1 << b)
            np.maximum(view[:, 1, :], view[:, 0, :], out=view[:, 1, :])
        tables.append(t)
    free = (size - 1) ^ spent  # letters some card still offers after the first word
    best = tables[0][free]
    one = spare == 1
    if one.any():
        bits = np.left_shift(np.int64(1), np.arange(width, dtype=np.int64))
        widened = tables[0][free[one, None] | bits[None, :]].max(axis=1)
        best[one] = np.maximum(np.maximum(best[one], widened), tables[1][free[one]])
    best[spare < 0] = -1
    return best


def _last_first_word(heap: list, words: list[str]) -> int:
    """Id of the last word at or before the k-th entry's first word (words are sorted)."""
    first = heap[0][1].word.split(" ")[0]
    return bisect.bisect_right(words, first) - 1


def search_pairs(
    prep: Prepared,
    index,
    ids: np.ndarray,
    lengths: np.ndarray,
    tables: tuple,
    heap: list,
    k: int,
    deadline: float | None = None,
) -> dict[str, Any]:
    """Add the best two-word Performances to ``heap`` (the top-k of (key, Play)); figures.

    ``deadline`` (a ``time.perf_counter()`` instant): past it the search stops with
    the pairs found so far and ``figures["complete"]`` is False, so a caller on a
    time budget still gets an answer, marked as not proven optimal.
    """
    from solver.composition.search import _neg_word

    supply, top, wilds, _, _, _, _, max_len = tables
    xtypes = _two_word_types(prep)
    shows = sorted({prep.type_letters[t] for t in xtypes})
    generic = prep.mud and any(len(s) == 1 for s in shows)  # MUD may change the shared card
    words = index.words
    counts = np.ascontiguousarray(index.counts[:, ids].T).astype(np.int16)
    if generic:
        elig = np.ones(len(ids), dtype=bool)
    else:
        elig = np.zeros(len(ids), dtype=bool)
        for s in shows:
            ok = np.ones(len(ids), dtype=bool)
            for ch in set(s):
                ok &= counts[:, ord(ch) - 97] >= s.count(ch)
            if len(s) > 1:
                for r in np.flatnonzero(ok & ~elig).tolist():
                    ok[r] = s in words[int(ids[r])]
            elig |= ok
    sub = np.zeros(26, dtype=np.int16)
    if not generic and len(shows) == 1:
        for ch in shows[0]:
            sub[ord(ch) - 97] += 1
        slack = 0  # the joint counts below are exact
    else:
        slack = max(len(s) for s in shows)  # the crossing letters are not subtracted
    dlen = min(len(s) for s in shows)
    dvow = sum(int(sub[ord(ch) - 97]) for ch in VOWELS)
    held = np.flatnonzero(supply).tolist()
    supply26 = supply.astype(np.int16)
    if generic:
        x_supply = supply.astype(np.int16)
        for ch in shows[0] if len(shows) == 1 else "":
            x_supply[ord(ch) - 97] -= 1  # the shared card, changed, shows no letter of its own
        mudfree = (shows, wilds, x_supply, wilds - 1)  # ghosts: the wilds but MUD's
    values = _card_values(prep)
    figures = {
        "eligible": int(elig.sum()),
        "expanded": 0,
        "bounded": 0,
        "evaluated": 0,
        "complete": True,
    }

    def out_of_time() -> bool:
        if deadline is not None and time.perf_counter() > deadline:
            figures["complete"] = False
            return True
        return False

    sel = np.flatnonzero(elig)
    if len(sel) == 0:
        return figures
    wid = ids[sel].astype(np.int64)
    full = counts[sel]
    cnt = np.ascontiguousarray(full[:, held])  # held letters only
    sub26, sub = sub, sub[held]
    supply_h = supply26[held]
    outside = lengths[sel].astype(np.int64) - cnt.sum(axis=1)  # letters only wilds play
    ln = lengths[sel].astype(np.int64)
    vw = np.take(index.vowels, wid).astype(np.int64)
    masks = np.take(index.masks, wid)
    # a cheap necessary condition for a pair to fit, on letter sets: each letter the
    # first word alone already takes from every card of it (``spent``) costs the pair
    # a wild if the second word holds it, as does each letter the hand lacks
    bits = np.left_shift(np.int64(1), np.arange(len(held), dtype=np.int64))
    letter_sets = (cnt > 0).astype(np.int64) @ bits
    spent = (cnt - sub >= supply_h).astype(np.int64) @ bits
    spare = wilds + slack - (np.maximum(cnt - sub - supply_h, 0).sum(axis=1) + outside)
    h1 = _halves(top, cnt, held)
    h2 = _halves(top, np.maximum(cnt - sub, 0), held)
    order = np.lexsort((wid, -h1))
    wid, full, cnt, outside, ln, vw, masks, h1, h2 = (
        a[order] for a in (wid, full, cnt, outside, ln, vw, masks, h1, h2)
    )
    letter_sets, spent, spare = letter_sets[order], spent[order], spare[order]
    n = len(wid)
    # suffix maxima: the most any later second word can bring
    rev = slice(None, None, -1)
    smc = np.maximum.accumulate(cnt[rev], axis=0)[rev]
    sml = np.maximum.accumulate(ln[rev])[rev]
    smv = np.maximum.accumulate(vw[rev])[rev]
    smh = np.maximum.accumulate(h2[rev])[rev]
    outer = _text_bound(
        prep,
        tables,
        held,
        np.maximum(cnt + smc - sub, 0),
        ln + sml - dlen,
        vw + smv - dvow,
        h1 + smh,
        values,
    )

    # a separable bound, cheap enough to screen second words before their letter counts:
    # the most the multiplier, the symbol rows and every ability can give any string
    from solver.composition.search import _upper_bound

    _, _, _, wild_value, extra, pv, by_len, _ = tables
    doubles = sum(d for _, d in extra["doublers"])
    pm_max = 1 if doubles == 0 else min(doubles + 1, prep.cap)
    most = np.minimum(supply_h + wilds, max_len)[None, :]
    vowel_max = min(max_len, int(sum(supply[ord(ch) - 97] for ch in VOWELS)) + wilds)
    extra_max = int(
        _upper_bound(
            prep,
            {li: most[:, col] for col, li in enumerate(held)},
            np.array([max_len]),
            np.array([vowel_max]),
            np.zeros(1, dtype=np.int64),
            extra,
        )[0]
        + by_len[max_len]
        + pv * vowel_max
    )
    outer = np.minimum(outer, pm_max * ((h1 + smh + 1) // 2 + wild_value) + extra_max)
    partner = _best_fitting(letter_sets, outside, h2, spent, spare, len(held))
    if partner is not None:
        fits = partner >= 0  # no second word fits at all: the first word pairs with none
        quick_outer = pm_max * ((h1 + np.maximum(partner, 0) + 1) // 2 + wild_value) + extra_max
        outer = np.where(fits, np.minimum(outer, quick_outer), -(1 << 40))

    def threshold() -> float:
        return heap[0][0][0] if len(heap) == k else -np.inf

    # best bound first; on equal bounds, pairs in the order of their reported word
    # ("u v", alphabetical, as ties rank: words are sorted, so word ids order them),
    # then first words to expand (a found tie may spare them: see the tie mode below).
    # Entries: (-bound, first id, second id, i, js, bounds, next)
    last = len(words)
    queue: list = [(-int(b), last, last, i, None, None, 0) for i, b in enumerate(outer.tolist())]
    heapq.heapify(queue)
    seen: set[str] = set()
    expanded = np.zeros(n, dtype=bool)
    tie_mode = False

    def expand(i: int, later: np.ndarray | None) -> None:
        """Bound the pairs (i, j) for j in ``later`` (None: every j from i on); queue
        those that may still enter."""
        figures["expanded"] += 1
        # the separable bound reaches the k-th net iff h2[j] >= need (as
        # pm_max * ((h1 + h2 + 1) // 2 + wild_value) + extra_max >= thr)
        thr = threshold()
        need = -1 if thr == -np.inf else 2 * (-((extra_max - int(thr)) // pm_max) - wild_value) - 1
        need -= int(h1[i])
        if later is None:  # slices of the arrays: no gather before the screens
            ok = h2[i:] >= need
            ok &= np.bitwise_count(letter_sets[i:] & spent[i]) + outside[i:] <= spare[i]
            later = i + np.flatnonzero(ok)
        else:
            ok = h2[later] >= need
            ok &= np.bitwise_count(letter_sets[later] & spent[i]) + outside[later] <= spare[i]
            later = later[ok]
        joint = cnt[i] + cnt[later] - sub
        deficit = np.maximum(joint - supply_h, 0).sum(axis=1) + outside[i] + outside[later]
        jl = ln[i] + ln[later] - dlen
        pos = np.flatnonzero((jl <= max_len) & (deficit - slack <= wilds))
        if generic and len(pos):
            cv = full[later[pos]]
            fit = _generic_fit(full[i], cv, full[i] + cv - sub26, supply26, mudfree)
            pos = pos[fit]
        if len(pos) == 0:
            return
        joint = np.maximum(joint[pos], 0)
        ub = _text_bound(
            prep,
            tables,
            held,
            joint,
            jl[pos],
            vw[i] + vw[later[pos]] - dvow,
            _halves(top, joint, held),
            values,
        )
        figures["bounded"] += len(pos)
        keep = ub >= threshold()
        pos, ub = later[pos[keep]], ub[keep]
        if len(pos) == 0:
            return
        lo, hi = np.minimum(wid[i], wid[pos]), np.maximum(wid[i], wid[pos])
        srt = np.lexsort((hi, lo, -ub))
        js = list(zip(pos[srt].tolist(), lo[srt].tolist(), hi[srt].tolist()))
        bs = ub[srt].tolist()
        heapq.heappush(queue, (-bs[0], js[0][1], js[0][2], i, js, bs, 0))

    while queue:
        negb, _, _, i, js, bs, at = heapq.heappop(queue)
        if -negb < threshold():
            break
        if out_of_time():
            break
        if js is None:
            if tie_mode:
                continue  # its pairs were queued when the ties began
            if -negb == threshold():
                # every entry left is a tie at best: only a pair whose alphabetically first
                # word is at or before the k-th entry's first word can still enter, so one
                # of its words is such a word: pair those few with every word instead of
                # expanding the remaining first words one by one
                lim = _last_first_word(heap, words)
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
                lim = _last_first_word(heap, words)
                if wid[i] > lim:  # a tie at best: the other word must come early enough
                    later = i + np.flatnonzero(wid[i:] <= lim)
            expand(i, later)
            continue
        j = js[at][0]
        if at + 1 < len(js):
            nxt = js[at + 1]
            heapq.heappush(queue, (-bs[at + 1], nxt[1], nxt[2], i, js, bs, at + 1))
        u, v = words[int(wid[i])], words[int(wid[j])]
        if len(heap) == k and (-negb, _neg_word(" ".join(sorted((u, v))))) <= heap[0][0]:
            continue  # even at its bound it would rank below the k-th (ties: alphabetical)
        play = best_pair(prep, u, v)
        figures["evaluated"] += 1
        if play is None or play.word in seen:
            continue
        seen.add(play.word)
        key = (play.net, _neg_word(play.word))
        if len(heap) < k:
            heapq.heappush(heap, (key, play))
        elif key > heap[0][0]:
            heapq.heapreplace(heap, (key, play))
    return figures
