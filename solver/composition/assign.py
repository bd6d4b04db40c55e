"""The best way to spell one word with a hand: which card plays which letter.

A depth-first search over the word's positions, with interchangeable cards
merged into types so symmetric covers are not repeated; each cover is scored
with every affordable choice of pay-cost abilities.  When a word has too many
covers (many duplicate letters plus wilds) the choice goes to CP-SAT
(``solver.composition.cpsat``), which solves the same problem as a model.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from services.composition.content import VOWELS, content
from services.composition.scoring import PAY_TYPES, is_vowel_card, multiplier, score_performance
from solver.composition.hand import Hand, SCard

#: covers enumerated per word before the word is handed to CP-SAT
COVER_LIMIT = 3000


@dataclass
class Play:
    """One word spelled by concrete cards, with its score."""

    word: str
    net: int
    total: int
    paid: int
    cards: list[str]
    letters: list[str]
    assign: dict[str, str]
    pay: list[str]
    method: str = "search"
    breakdown: dict[str, Any] = field(default_factory=dict)
    #: a two-word Performance: the second word's cards and letters (the shared card in both)
    cards2: list[str] | None = None
    letters2: list[str] | None = None

    @property
    def words(self) -> list[str]:
        return self.word.split(" ")

    def uses(self) -> list[tuple[str, str]]:
        """(card id, letters shown) of every card the Performance uses, each once."""
        out = list(zip(self.cards, self.letters))
        if self.cards2:
            out += [(c, s) for c, s in zip(self.cards2, self.letters2) if c not in self.cards]
        return out

    def action(self) -> dict[str, Any]:
        act: dict[str, Any] = {"type": "perform", "cards": list(self.cards)}
        if self.cards2:
            act["cards2"] = list(self.cards2)
        if self.assign:
            act["assign"] = dict(self.assign)
        if self.pay:
            act["pay"] = list(self.pay)
        return act


class Prepared:
    """Per-hand tables shared by every word of a query."""

    def __init__(self, hand: Hand, cpsat_time_s: float = 5.0):
        self.hand = hand
        #: CP-SAT time limit per word handed over (a job's budget caps it)
        self.cpsat_time_s = cpsat_time_s
        rules = content()["rules"]
        self.rules = rules
        self.cap = int(rules.get("multiplier_cap", 3))
        self.table = rules["symbol_bonus"]
        self.cards = hand.cards
        self.card_dicts = [c.as_dict() for c in hand.cards]
        groups: dict[tuple, list[int]] = {}
        for i, c in enumerate(hand.cards):
            groups.setdefault(c.type_key(), []).append(i)
        self.types = list(groups.values())
        self.singles: dict[str, list[int]] = {}
        self.doubles: dict[str, list[int]] = {}
        self.ghost_types: list[int] = []
        self.mud_types: list[int] = []
        for t, members in enumerate(self.types):
            c = hand.cards[members[0]]
            if c.wild:
                self.ghost_types.append(t)
            elif len(c.letters) == 1:
                self.singles.setdefault(c.letters, []).append(t)
                self.mud_types.append(t)
            else:
                self.doubles.setdefault(c.letters, []).append(t)
        self.mud = hand.mud
        self.type_letters = [hand.cards[m[0]].letters for m in self.types]
        self.dominated_by = self._dominance()
        self.single_count: dict[str, int] = {}
        self.pair_count: dict[str, int] = {}
        for c in hand.cards:
            if len(c.letters) == 1:
                self.single_count[c.letters] = self.single_count.get(c.letters, 0) + 1
            elif len(c.letters) == 2:
                self.pair_count[c.letters] = self.pair_count.get(c.letters, 0) + 1
        self.wilds = sum(1 for c in hand.cards if c.wild) + (
            1 if self.mud and self.mud_types else 0
        )
        # per-card scoring facts
        self.facts = [_facts(c) for c in hand.cards]
        self.maestro = list(hand.maestro_abilities)
        # per-type facts for the leaf scorer
        firsts = [m[0] for m in self.types]
        self.t_rose = [hand.cards[i].rose for i in firsts]
        self.t_ds = [self.facts[i]["ds"] for i in firsts]
        self.t_dw = [self.facts[i]["dw"] for i in firsts]
        self.t_dv = [self.facts[i]["dv"] for i in firsts]
        self.t_sym = [hand.cards[i].symbol for i in firsts]
        self.t_pay = [self.facts[i]["pay"] for i in firsts]
        self.t_roses = {
            t: (self.facts[i]["flat"], self.facts[i]["pv"], self.facts[i]["long"])
            for t, i in enumerate(firsts)
            if self.facts[i]["flat"] or self.facts[i]["pv"] or self.facts[i]["long"]
        }
        longest = sum(max(1, len(c.letters)) for c in hand.cards)
        self.bonus_list = [_bonus(j, self.table) for j in range(longest + 2)]

    def _dominance(self) -> list[int]:
        """Per type: how many cards of types that dominate it (0: none or not applicable).

        A plain single-letter card (no ability) is dominated by a plain card of the
        same letter with a Rose value at least as high and the same symbol (or any
        symbol when it has none; equal plain cards already share a type).  Swapping the better
        card in never lowers a score (same letter shown, symbol rows only grow), so
        a word needs a dominated type only when it holds that letter more often than
        the dominating cards can cover.  Off with MUD, whose changed card may show
        another letter.
        """
        out = [0] * len(self.types)
        if self.mud:
            return out
        cards = self.hand.cards
        for tb, mb in enumerate(self.types):
            b = cards[mb[0]]
            if b.wild or len(b.letters) != 1 or b.abilities:
                continue
            for ta, ma in enumerate(self.types):
                a = cards[ma[0]]
                if ta == tb or a.wild or a.letters != b.letters or a.abilities:
                    continue
                if b.symbol is not None and a.symbol != b.symbol:
                    continue
                # distinct types differ in Rose value or symbol: a is strictly better
                if a.rose >= b.rose and (a.rose > b.rose or a.symbol != b.symbol):
                    out[tb] += len(ma)
        return out

    def maestro_roses(self, word: str) -> int:
        vowels = sum(ch in VOWELS for ch in word)
        out = 0
        for ab in self.maestro:
            if ab["type"] == "per_vowel":
                out += ab["n"] * vowels
            elif ab["type"] == "long_word" and len(word) >= ab["min"]:
                out += ab["n"]
        return out


def _facts(c: SCard) -> dict[str, Any]:
    f = {"ds": 0, "dw": 0, "dv": False, "flat": 0, "pv": 0, "long": [], "pay": None}
    for ab in c.abilities:
        t = ab["type"]
        if t == "double_self":
            f["ds"] += 1
        elif t == "double_word":
            f["dw"] += 1
        elif t == "double_vowels":
            f["dv"] = True
        elif t == "roses":
            f["flat"] += ab["n"]
        elif t == "per_vowel":
            f["pv"] += ab["n"]
        elif t == "long_word":
            f["long"].append((ab["min"], ab["n"]))
        elif t in PAY_TYPES and f["pay"] is None:
            f["pay"] = (t, ab["cost"], ab.get("n", 0))
    return f


def _bonus(count: int, table: list[dict[str, int]]) -> int:
    best = 0
    for row in table:
        if row["count"] <= count:
            best = row["roses"]
    return best


def score_cover(
    prep: Prepared, word: str, cover: list[tuple[int, str]], pay: tuple[int, ...]
) -> tuple[int, int, int]:
    """(net, total, paid) of a cover: (card index, letters shown) per card, word order."""
    facts = prep.facts
    cards = prep.cards
    vd = any(facts[i]["dv"] for i, _ in cover)
    vowels = sum(ch in VOWELS for ch in word)
    length = len(word)
    base = 0
    wd = 0
    roses = 0
    paid = 0
    syms: Counter = Counter()
    for i, letters in cover:
        f = facts[i]
        d = f["ds"] + (1 if vd and is_vowel_card(letters) else 0)
        base += cards[i].rose * multiplier(d, prep.cap)
        wd += f["dw"]
        roses += f["flat"] + f["pv"] * vowels
        for mn, n in f["long"]:
            if length >= mn:
                roses += n
        if cards[i].symbol:
            syms[cards[i].symbol] += 1
    for i in pay:
        kind, cost, n = facts[i]["pay"]
        paid += cost
        if kind == "pay_double_word":
            wd += 1
        else:
            roses += n
    for s in syms.values():
        roses += _bonus(s, prep.table)
    total = base * multiplier(wd, prep.cap) + roses + prep.maestro_roses(word)
    return total - paid, total, paid


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


#: a card pinned to a position: (position, card type, letters shown, changed by MUD)
Fixed = tuple[int, int, str, bool]


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
    ``fixed`` as for ``_options``.
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

    def rec(pos: int, mud_used: bool) -> None:
        if pos == n:
            out.append(path.copy())
            if len(out) > limit:
                raise OverflowError
            return
        for t, span, letters, mud in opts[pos]:
            if remaining[t] and not (mud and mud_used):
                remaining[t] -= 1
                path.append((t, letters, mud))
                rec(pos + span, mud_used or mud)
                path.pop()
                remaining[t] += 1

    rec(0, False)
    return out


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
        from solver.composition.cpsat import best_play_cpsat

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


def make_play(prep, word, concrete, muds, pay_idx, net, total, paid, method) -> Play:
    ids = [prep.cards[i].id for i, _ in concrete]
    assign = {}
    for (i, letters), mud in zip(concrete, muds):
        if prep.cards[i].wild or mud:
            assign[prep.cards[i].id] = letters
    return Play(
        word=word,
        net=net,
        total=total,
        paid=paid,
        cards=ids,
        letters=[letters for _, letters in concrete],
        assign=assign,
        pay=sorted(prep.cards[i].id for i in pay_idx),
        method=method,
    )


def breakdown(prep: Prepared, play: Play) -> dict[str, Any]:
    """The rules engine's own score breakdown of a play (the figure a seat receives)."""
    by_id = {c["id"]: c for c in prep.card_dicts}
    uses = [(by_id[cid], letters) for cid, letters in play.uses()]
    return score_performance(uses, prep.maestro, play.pay, {}, prep.rules)
