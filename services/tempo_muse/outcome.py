"""The result of a finished game: who won, and the tie-breaks that decided it."""

from __future__ import annotations

from typing import Any

State = dict[str, Any]


def rank_key(s: State, seat: int) -> tuple[int, int, int]:
    """Longer Studio, then more cards in hand, then fewer Tempo Tokens."""
    tokens = sum(slot["tokens"] for slot in s["studios"][seat])
    return (len(s["studios"][seat]), len(s["hands"][seat]), -tokens)


def outcome(s: State) -> dict[str, Any] | None:
    if s["phase"] != "over":
        return None
    keys = [rank_key(s, seat) for seat in (0, 1)]
    best = max(keys)
    return {
        "winners": [seat for seat in (0, 1) if keys[seat] == best],
        "scores": {str(seat): keys[seat][0] for seat in (0, 1)},
        "hand_counts": {str(seat): keys[seat][1] for seat in (0, 1)},
        "tempo_tokens": {str(seat): -keys[seat][2] for seat in (0, 1)},
        "reason": s["end"]["reason"],
        "rounds": s["end"]["round"],
    }
