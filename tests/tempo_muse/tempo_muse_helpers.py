"""Helpers shared by the Tempo Muse tests: hand-built positions and card bookkeeping."""

from __future__ import annotations

from collections import Counter
from typing import Any

from services.tempo_muse import GAME


def studio(*cards: int | tuple[int, int]) -> list[dict[str, int]]:
    """Studio slots from values, or (value, tokens) pairs."""
    out = []
    for card in cards:
        value, tokens = card if isinstance(card, tuple) else (card, 0)
        out.append({"value": value, "tokens": tokens})
    return out


def position(
    *,
    hands: tuple[list[int], list[int]],
    studios: tuple[list, list] = ([], []),
    deck: list[int] | None = None,
    discard: list[int] | None = None,
    phase: str = "composition",
    first: int = 0,
    turn: int = 0,
    round_: int = 3,
    seed: int = 1,
    round_limit: int = 40,
) -> dict[str, Any]:
    """A running state with the given cards; deck defaults to a few known cards."""
    s = GAME.new(2, {"round_limit": round_limit}, seed)
    s.update(
        {
            "round": round_,
            "first": first,
            "turn": turn,
            "to_act": first if turn == 0 else 1 - first,
            "phase": phase,
            "hands": [sorted(hands[0]), sorted(hands[1])],
            "studios": [list(studios[0]), list(studios[1])],
            "deck": list(deck if deck is not None else [7, 8, 9, 10]),
            "discard": list(discard if discard is not None else []),
            "cycled": [False, False],
            "pending_cycle": None,
        }
    )
    return s


def all_cards(s: dict[str, Any]) -> Counter:
    """Every card in the game, wherever it is (the deck's composition is conserved)."""
    total = Counter(s["deck"]) + Counter(s["discard"])
    for hand in s["hands"]:
        total += Counter(hand)
    for st in s["studios"]:
        total += Counter(slot["value"] for slot in st)
    return total


def full_deck() -> Counter:
    c = GAME.content
    return Counter({v: card.copies for v, card in c.cards.items()})
