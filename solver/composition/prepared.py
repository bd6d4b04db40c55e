"""Per-hand tables and the scored Play: what every part of the solver shares.

``Prepared`` groups a hand's interchangeable cards into types and caches their
scoring facts; ``score_cover`` scores one cover exactly as the engine does.
Lowest layer of the solver: it imports only the hand and the rules' scoring.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from services.composition.content import VOWELS, content
from services.composition.scoring import PAY_TYPES, is_vowel_card, multiplier
from solver.composition.hand import Hand, SCard


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
        self.bonus_list = [symbol_roses(j, self.table) for j in range(longest + 2)]

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


def symbol_roses(count: int, table: list[dict[str, int]]) -> int:
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
        roses += symbol_roses(s, prep.table)
    total = base * multiplier(wd, prep.cap) + roses + prep.maestro_roses(word)
    return total - paid, total, paid


#: a card pinned to a position: (position, card type, letters shown, changed by MUD)
Fixed = tuple[int, int, str, bool]


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
