"""Cards moving between the deck, the discard pile and the hands.

Cards are their values (one named card per value), so hands, deck and discard
pile are lists of ints; the deck's top is its end.
"""

from __future__ import annotations

from typing import Any

from services.core import draw_rng

State = dict[str, Any]
Event = dict[str, Any]


def draw(s: State, seat: int, n: int, events: list[Event]) -> list[int]:
    """Draw up to ``n`` cards, reshuffling the discard pile into an empty deck."""
    got: list[int] = []
    for _ in range(n):
        if not s["deck"]:
            if not s["discard"]:
                break
            s["deck"] = s["discard"]
            s["discard"] = []
            draw_rng(s).shuffle(s["deck"])
            events.append({"type": "reshuffle", "deck": len(s["deck"])})
        got.append(s["deck"].pop())
    s["hands"][seat].extend(got)
    s["hands"][seat].sort()
    return got


def discard_from_hand(s: State, seat: int, cards: list[int]) -> None:
    """Discard ``cards`` in their order: the last one ends on top of the pile."""
    hand = s["hands"][seat]
    for v in cards:
        hand.remove(v)
        s["discard"].append(v)
