"""The best way to spell one word with a hand: which card plays which letter.

A depth-first search over the word's positions, with interchangeable cards
merged into types so symmetric covers are not repeated; each cover is scored
with every affordable choice of pay-cost abilities.  When a word has too many
covers (many duplicate letters plus wilds) the choice goes to CP-SAT
(``solver.composition.cpsat``), which solves the same problem as a model.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from services.composition.content import VOWELS
from services.composition.scoring import is_vowel_card, score_performance
from solver.composition.cpsat import best_play_cpsat
from solver.composition.prepared import Fixed, Play, Prepared, make_play, score_cover

#: covers enumerated per word before the word is handed to CP-SAT
COVER_LIMIT = 3000


def _best_pay(prep: Prepared, word: str, cover: list[tuple[int, str]]):
    payable = [i for i, _ in cover if prep.facts[i]["pay"] is not None]
    best = None
    for r in range(len(payable) + 1):
        for sub in combinations(payable, r):
            if sum(prep.facts[i]["pay"][1] for i in sub) > prep.hand.roses:
                continue
            net, total, paid = score_cover(prep, word, cover, sub)
            if best is None or net > best[0] or (net == best[0] and paid < best[2]):
                best = (net, total, paid, sub)
    return best


def _options(
    prep: Prepared, word: str, cuts: frozenset[int] = frozenset(), fixed: Fixed | None = None
) -> list[list[tuple[int, int, str, bool]]] | None:
    """Per position: (type, span, letters shown, changed-by-MUD) that may start there.

    The Ghost Note is offered only on letters the word holds more often than the
    hand has single cards for them: on any other letter some real card of that
    letter would sit unused, and playing it instead never scores less (every
    card adds a Rose value >= 0, symbols and abilities only add).

    ``cuts``: positions q no card may span (no two-letter card on q-1 and q), as
    between the two words of a two-word Performance.  ``fixed`` pins one card
    (the shared card of two words) to a position; it takes no part in the Ghost
    Note rule, since it cannot move.
    """
    n = len(word)
    opts = []
    ghost_ok = set()
    if prep.ghost_types:
        rest = word
        singles = prep.single_count
        if fixed is not None:
            p, t, shown, _ = fixed
            rest = word[:p] + word[p + len(shown) :]
            printed = prep.type_letters[t]
            if len(printed) == 1:
                singles = dict(singles)
                singles[printed] -= 1
        # with MUD and vowel doubling a card of ch may be changed to a vowel (doubled)
        # while the Ghost Note plays ch: counting cards of ch proves nothing there
        every = prep.mud and any(f["dv"] for f in prep.facts)
        for ch in set(rest):
            if every or rest.count(ch) > singles.get(ch, 0):
                ghost_ok.add(ch)
    for pos in range(n):
        if fixed is not None and pos == fixed[0]:
            _, t, shown, mud = fixed
            opts.append([(t, len(shown), shown, mud)])
            continue
        ch = word[pos]
        dom = prep.dominated_by
        o = [(t, 1, ch, False) for t in prep.singles.get(ch, ()) if word.count(ch) > dom[t]]
        if pos + 1 < n and pos + 1 not in cuts:
            pair = word[pos : pos + 2]
            o.extend((t, 2, pair, False) for t in prep.doubles.get(pair, ()))
        if ch in ghost_ok:
            o.extend((t, 1, ch, False) for t in prep.ghost_types)
        if prep.mud:
            o.extend((t, 1, ch, True) for t in prep.mud_types if prep.type_letters[t] != ch)
        if not o and (pos == 0 or not any(sp == 2 for _, sp, _, _ in opts[pos - 1])):
            return None
        opts.append(o)
    return opts


def _countable(prep: Prepared, word: str) -> bool:
    """Letter counts check counting only the two-letter cards whose pair the word holds."""
    missing = 0
    for ch in set(word):
        have = prep.single_count.get(ch, 0)
        for pair, n in prep.pair_count.items():
            if ch in pair and pair in word:
                have += n * pair.count(ch)
        if word.count(ch) > have:
            missing += word.count(ch) - have
    return missing <= prep.wilds


def covers(
    prep: Prepared,
    word: str,
    limit: int,
    cuts: frozenset[int] = frozenset(),
    fixed: Fixed | None = None,
) -> list[list[tuple[int, str, bool]]]:
    """Every cover of ``word`` (one per symmetry class) as (type, letters, mud) lists.

    Raises OverflowError when there are more than ``limit``.  ``cuts`` and
    ``fixed`` as for ``_options``.  MUD's change is placed first, at one position
    and card type at a time (or nowhere), each placement kept only when the
    letters left can still be counted: searching with the change offered at every
    position met the same covers but spent most of its time on dead ends.
    """
    if not _countable(prep, word):
        return []
    opts = _options(prep, word, cuts, fixed)
    if opts is None:
        return []
    n = len(word)
    remaining = [len(m) for m in prep.types]
    path: list[tuple[int, str, bool]] = []
    out: list[list[tuple[int, str, bool]]] = []
    pinned = fixed[0] if fixed is not None else -1
    plain = [o if pos == pinned else [x for x in o if not x[3]] for pos, o in enumerate(opts)]

    # a cover's score does not depend on where its cards sit: single cards showing their
    # own letter are taken in type order along the positions of each letter, so covers
    # that only swap them between those positions are met once
    own = [
        len(prep.type_letters[t]) == 1 and not prep.cards[m[0]].wild
        for t, m in enumerate(prep.types)
    ]
    last: dict[str, int] = {}

    def rec(pos: int, at: list) -> None:
        if pos == n:
            out.append(path.copy())
            if len(out) > limit:
                raise OverflowError
            return
        for t, span, letters, mud in at[pos]:
            if not remaining[t]:
                continue
            if own[t] and not mud and pos != pinned:
                before = last.get(letters, -1)
                if t < before:
                    continue
                last[letters] = t
            remaining[t] -= 1
            path.append((t, letters, mud))
            rec(pos + span, at)
            path.pop()
            remaining[t] += 1
            if own[t] and not mud and pos != pinned:
                last[letters] = before

    ghosts = sum(len(prep.types[t]) for t in prep.ghost_types)
    missing, short = _missing(prep, word)

    def change(t: int, ch: str) -> int:
        """The letters no card plays once type t's card is changed to play ch: one
        less if ch was short, one more if t's own letter was short or exactly met."""
        return missing - (short.get(ch, 0) > 0) + (short.get(prep.type_letters[t], -1) >= 0)

    if fixed is not None and fixed[3]:  # the shared card is the changed one
        if change(fixed[1], fixed[2]) <= ghosts:
            rec(0, plain)
        return out
    if missing <= ghosts:
        rec(0, plain)
    if not prep.mud:
        return out
    for pos in range(n):
        if pos == pinned:
            continue
        ch = word[pos]
        for option in opts[pos]:
            t, _, _, mud = option
            if not mud:
                continue
            if change(t, ch) > ghosts:
                continue
            at = plain.copy()
            at[pos] = [option]
            rec(0, at)
    return out


def _missing(prep: Prepared, word: str) -> tuple[int, dict[str, int]]:
    """(letters no card plays, per letter its need less its cards) as in ``_countable``."""
    missing, short = 0, {}
    for ch in set(word):
        have = prep.single_count.get(ch, 0)
        for pair, n in prep.pair_count.items():
            if ch in pair and pair in word:
                have += n * pair.count(ch)
        short[ch] = word.count(ch) - have
        missing += max(0, short[ch])
    return missing, short


def _concrete(prep: Prepared, cover) -> tuple[list[tuple[int, str]], list[bool]]:
    used = [0] * len(prep.types)
    out = []
    muds = []
    for t, letters, mud in cover:
        out.append((prep.types[t][used[t]], letters))
        muds.append(mud)
        used[t] += 1
    return out, muds


def best_play(
    prep: Prepared,
    word: str,
    limit: int = COVER_LIMIT,
    cuts: frozenset[int] = frozenset(),
    fixed: Fixed | None = None,
) -> Play | None:
    """The highest-net way to play ``word`` (None when the hand cannot spell it).

    ``cuts`` and ``fixed`` (see ``_options``) let the same search score the
    letters of a two-word Performance laid end to end.
    """
    try:
        found = covers(prep, word, limit, cuts, fixed)
    except OverflowError:
        return best_play_cpsat(prep, word, prep.cpsat_time_s, cuts, fixed)
    if not found:
        return None
    leaf = _LeafScorer(prep, word)
    best = None
    for cover in found:
        res = leaf.best(cover)
        if res is not None and (best is None or (res[0], -res[2]) > (best[0][0], -best[0][2])):
            best = (res, cover)
    if best is None:
        return None
    (net, total, paid, pay_types), cover = best
    concrete, muds = _concrete(prep, cover)
    pay_idx = []
    for t in pay_types:  # the first card of each paying type in the cover
        pay_idx.append(
            next(i for (i, _), (tt, _, _) in zip(concrete, cover) if tt == t and i not in pay_idx)
        )
    return make_play(prep, word, concrete, muds, tuple(pay_idx), net, total, paid, "search")


class _LeafScorer:
    """Scores covers of one word at type level (interchangeable cards share facts)."""

    def __init__(self, prep: Prepared, word: str):
        self.prep = prep
        self.word = word
        self.cap = prep.cap
        self.rose, self.ds, self.dw, self.dv = prep.t_rose, prep.t_ds, prep.t_dw, prep.t_dv
        self.sym, self.pay = prep.t_sym, prep.t_pay
        self.extra = [0] * len(prep.types)
        if prep.t_roses:
            vowels = sum(ch in VOWELS for ch in word)
            length = len(word)
            for t, (flat, pv, longs) in prep.t_roses.items():
                self.extra[t] = flat + pv * vowels + sum(n for mn, n in longs if length >= mn)
        self.maestro = prep.maestro_roses(word) if prep.maestro else 0
        self.bonus = prep.bonus_list

    def best(self, cover: list[tuple[int, str, bool]]):
        """(net, total, paid, paying types) of the cover's best pay choice; None if dominated."""
        prep = self.prep
        if prep.ghost_types:
            # a Ghost Note on a letter an unused real card could play never beats that card
            used: dict[int, int] = {}
            for t, _, _ in cover:
                used[t] = used.get(t, 0) + 1
            for t, letters, _ in cover:
                if t in prep.ghost_types:
                    for u in prep.singles.get(letters, ()):
                        if used.get(u, 0) < len(prep.types[u]):
                            return None
        ds, rose, cap = self.ds, self.rose, self.cap
        vd = any(self.dv[t] for t, _, _ in cover)
        base = 0
        wd = 0
        roses = self.maestro
        syms: dict[str, int] = {}
        payable = []
        for t, letters, _ in cover:
            d = ds[t] + (1 if vd and is_vowel_card(letters) else 0)
            base += rose[t] * (1 if d == 0 else min(d + 1, cap))
            wd += self.dw[t]
            roses += self.extra[t]
            sym = self.sym[t]
            if sym:
                syms[sym] = syms.get(sym, 0) + 1
            if self.pay[t] is not None:
                payable.append(t)
        for cnt in syms.values():
            roses += self.bonus[cnt]
        best = None
        for r in range(len(payable) + 1):
            for sub in combinations(payable, r):
                cost = 0
                w = wd
                gain = 0
                for t in sub:
                    kind, c, n = self.pay[t]
                    cost += c
                    if kind == "pay_double_word":
                        w += 1
                    else:
                        gain += n
                if cost > prep.hand.roses:
                    continue
                total = base * (1 if w == 0 else min(w + 1, cap)) + roses + gain
                net = total - cost
                if best is None or net > best[0] or (net == best[0] and cost < best[2]):
                    best = (net, total, cost, sub)
        return best


def breakdown(prep: Prepared, play: Play) -> dict[str, Any]:
    """The rules engine's own score breakdown of a play (the figure a seat receives)."""
    by_id = {c["id"]: c for c in prep.card_dicts}
    uses = [(by_id[cid], letters) for cid, letters in play.uses()]
    return score_performance(uses, prep.maestro, play.pay, {}, prep.rules)
