"""Which Studio effects would do something this Mix, from what the seat may see.

Every count a Studio's resolution depends on is public or the seat's own: its
hand, the rival's hand count (announced), the deck count, the discard pile and
both Studios.  Card values the seat cannot see change no count (a draw adds a
card whatever it is; a strip takes ``min(n, hand)`` whatever they are), so the
rules engine is run on a copy in which those cards are placeholders.  The
result is exact: whether an effect lands never depends on hidden values.
"""

from __future__ import annotations

from typing import Any

from services.core import new_rng_state
from services.tempo_muse.content import Content
from services.tempo_muse.studio import resolve_studio

State = dict[str, Any]

#: placeholder for a card the seat cannot see (its value changes no count)
HIDDEN = 1


def public_copy(s: State, seat: int) -> State:
    """The state with the rival's hand and the deck replaced by placeholders."""
    rival = 1 - seat
    copy: State = {
        **s,
        "rng": new_rng_state(0),
        "deck": [HIDDEN] * len(s["deck"]),
        "discard": list(s["discard"]),
        "hands": [list(h) for h in s["hands"]],
        "studios": [[dict(slot) for slot in st] for st in s["studios"]],
        "mix_done": list(s["mix_done"]),
    }
    copy["hands"][rival] = [HIDDEN] * len(s["hands"][rival])
    return copy


def landed(event: dict[str, Any]) -> bool:
    """True when an effect event changed something (drew, took, hit, retuned...)."""
    for key in ("count", "cards", "positions", "knocked"):
        if key in event:
            return bool(event[key])
    return True


def landing(c: Content, s: State, seat: int, offsets: dict[int, list[int]]) -> dict[int, bool]:
    """For each Studio position of ``seat`` that acts with these Offsets: does it land?

    Positions that stay silent are absent.  Runs the engine's own resolution
    (payments leave the hand first, as ``engine.mix`` does) on a public copy.
    """
    copy = public_copy(s, seat)
    for payment in offsets.values():
        for v in payment:
            copy["hands"][seat].remove(v)
    events: list[dict[str, Any]] = []
    resolve_studio(c, copy, seat, {p: sum(pay) for p, pay in offsets.items()}, events)
    return {e["position"]: landed(e) for e in events if e["type"] == "effect" and e["seat"] == seat}
