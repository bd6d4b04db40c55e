"""Performance scoring: the one formula the engine applies and the solver optimises.

total = performance multiplier x sum(card Rose value x card multiplier)
        + symbol bonus Roses + ability Roses
Multipliers never touch symbol bonuses or ability Roses; one double gives x2,
two or more give x3 (the printed cap, ``multiplier_cap`` in rules.yaml).
Paid abilities cost Roses from the seat's supply: ``net = total - paid``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from services.composition.content import VOWELS

PAY_TYPES = frozenset({"pay_double_word", "pay_roses"})


def held_abilities(cards: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Hand-symbol abilities of every held card (used or not): they score like a Maestro's.

    Each keeps ``source`` = its card id; ``score_performance`` skips them on used cards
    so a held ability counts exactly once.
    """
    return [
        {**ab, "source": c["id"]} for c in cards for ab in c.get("abilities", ()) if ab.get("hand")
    ]


def multiplier(doubles: int, cap: int = 3) -> int:
    """x1 with no double, x2 with one, x3 (the cap) with two or more."""
    return 1 if doubles <= 0 else min(doubles + 1, cap)


def symbol_row(count: int, table: Sequence[dict[str, int]]) -> dict[str, int] | None:
    """The bonus row for ``count`` matching symbols (largest row not above it)."""
    best = None
    for row in table:
        if row["count"] <= count:
            best = row
    return best


def is_vowel_card(letters: str) -> bool:
    return bool(letters) and all(ch in VOWELS for ch in letters)


def score_performance(
    uses: Sequence[tuple[dict[str, Any], str]],
    maestro_abilities: Iterable[dict[str, Any]],
    paid: Iterable[str],
    choices: dict[str, str],
    rules: dict[str, Any],
) -> dict[str, Any]:
    """Score a Performance: ``uses`` is (card, letters it shows) in word order.

    ``paid`` lists card ids whose pay-cost ability the seat activates;
    ``choices`` maps a symbol to "roses" (default) or "cards".
    """
    cap = int(rules.get("multiplier_cap", 3))
    paid = set(paid)
    word = "".join(letters for _, letters in uses)
    types_used = [a for c, _ in uses for a in c.get("abilities", ())]
    vowel_doubling = any(a["type"] == "double_vowels" for a in types_used)
    cards = []
    base = 0
    word_doubles = 0
    ability_rows: list[dict[str, Any]] = []
    cost = 0
    vowels = sum(1 for ch in word if ch in VOWELS)
    for card, letters in uses:
        doubles = 0
        for ab in card.get("abilities", ()):
            t = ab["type"]
            if ab.get("hand"):
                continue  # counted once through held_abilities(), used or not
            if t == "double_self":
                doubles += 1
            elif t == "double_word":
                word_doubles += 1
            elif t == "pay_double_word" and card["id"] in paid:
                word_doubles += 1
                cost += ab["cost"]
            elif t == "pay_roses" and card["id"] in paid:
                cost += ab["cost"]
                ability_rows.append({"source": card["id"], "type": t, "roses": ab["n"]})
            elif t == "roses":
                ability_rows.append({"source": card["id"], "type": t, "roses": ab["n"]})
            elif t == "per_vowel":
                ability_rows.append({"source": card["id"], "type": t, "roses": ab["n"] * vowels})
            elif t == "long_word" and len(word) >= ab["min"]:
                ability_rows.append({"source": card["id"], "type": t, "roses": ab["n"]})
        if vowel_doubling and is_vowel_card(letters):
            doubles += 1
        mult = multiplier(doubles, cap)
        value = card["rose"] * mult
        base += value
        cards.append({"card": card["id"], "letters": letters, "rose": card["rose"], "mult": mult})
    for ab in maestro_abilities:
        t = ab["type"]
        src = ab.get("source", "maestro")
        if t == "per_vowel" and word:
            ability_rows.append({"source": src, "type": t, "roses": ab["n"] * vowels})
        elif t == "long_word" and len(word) >= ab["min"]:
            ability_rows.append({"source": src, "type": t, "roses": ab["n"]})
    perf_mult = multiplier(word_doubles, cap)
    symbols = Counter(c["symbol"] for c, _ in uses if c.get("symbol"))
    sym_rows = []
    sym_roses = 0
    drawn = 0
    for sym in sorted(symbols):
        row = symbol_row(symbols[sym], rules["symbol_bonus"])
        if row is None:
            continue
        choice = choices.get(sym, "roses")
        if choice == "cards":
            drawn += row["cards"]
        else:
            sym_roses += row["roses"]
        sym_rows.append(
            {
                "symbol": sym,
                "count": symbols[sym],
                "choice": choice,
                "roses": row["roses"] if choice != "cards" else 0,
                "cards": row["cards"] if choice == "cards" else 0,
            }
        )
    ability_roses = sum(r["roses"] for r in ability_rows)
    performance = base * perf_mult
    total = performance + sym_roses + ability_roses
    return {
        "word": word,
        "length": len(word),
        "cards": cards,
        "base": base,
        "performance_multiplier": perf_mult,
        "performance": performance,
        "symbols": sym_rows,
        "symbol_roses": sym_roses,
        "cards_drawn": drawn,
        "abilities": ability_rows,
        "ability_roses": ability_roses,
        "total": total,
        "paid": cost,
        "net": total - cost,
    }
