"""The Studio: what its cards are worth now, how many Offsets it allows, and what
its cards do when it resolves in the Mix phase."""

from __future__ import annotations

from typing import Any

from services.core import draw_rng
from services.tempo_muse.content import Content
from services.tempo_muse.piles import discard_from_hand, draw

State = dict[str, Any]
Event = dict[str, Any]


def current_value(c: Content, slot: dict[str, int]) -> int:
    """A Studio card's value now: printed value minus its Tempo Tokens."""
    return c.cards[slot["value"]].value - slot["tokens"]


def offsets_allowed(c: Content, s: State, seat: int) -> int:
    """Offsets per round: one, plus one per Duplex card in the seat's Studio."""
    return 1 + sum(1 for slot in s["studios"][seat] if c.cards[slot["value"]].duplex)


def off_tempo(c: Content, s: State, seat: int) -> list[int]:
    """1-based positions of the seat's Studio cards that would stay silent (value < 1)."""
    return [i + 1 for i, slot in enumerate(s["studios"][seat]) if current_value(c, slot) < 1]


def resolve_studio(
    c: Content, s: State, seat: int, paid: dict[int, int], events: list[Event]
) -> None:
    """Left to right; a card acts when its value (after any Offset) is 1 or more."""
    s["mix_done"][seat] = True
    for i in range(len(s["studios"][seat])):
        slot = s["studios"][seat][i]
        offset = min(paid.get(i + 1, 0), slot["tokens"])
        if current_value(c, slot) + offset < 1:
            events.append({"type": "silent", "seat": seat, "position": i + 1})
            continue
        apply_effect(c, s, seat, i + 1, events)


def apply_effect(c: Content, s: State, seat: int, pos: int, events: list[Event]) -> None:
    card = c.cards[s["studios"][seat][pos - 1]["value"]]
    rival = 1 - seat
    n = card.amount
    ev: Event = {"type": "effect", "seat": seat, "position": pos, "kind": card.kind}
    if card.kind == "draw":
        ev["count"] = len(draw(s, seat, n, events))
    elif card.kind == "salvage":
        got = [s["discard"].pop() for _ in range(min(n, len(s["discard"])))]
        s["hands"][seat].extend(got)
        s["hands"][seat].sort()
        ev["cards"] = got
    elif card.kind in ("strip", "nuke"):
        hand = s["hands"][rival]
        k = min(n, len(hand)) if card.kind == "strip" else len(hand) // 2
        if c.attacks_need_richer_rival and len(hand) <= len(s["hands"][seat]):
            k = 0  # attacks only land on a rival holding more cards than the owner
        lost = draw_rng(s).sample(hand, k) if k else []
        discard_from_hand(s, rival, lost)
        ev["cards"] = sorted(lost)
    elif card.kind == "knockout":
        # the rival's rightmost Studio cards go to the discard pile: the rest keep
        # "value = position", and a rival that completed this round is complete no more
        studio = s["studios"][rival]
        gone = [studio.pop()["value"] for _ in range(min(n, len(studio)))]
        s["discard"].extend(gone)
        ev["knocked"] = gone
    elif card.kind == "detune":
        studio = s["studios"][rival]
        hit = list(range(max(0, len(studio) - n), len(studio)))
        for j in hit:
            studio[j]["tokens"] += 1
        ev["positions"] = [j + 1 for j in hit]
    elif card.kind == "retune":
        studio = s["studios"][seat]
        worn = sorted(
            (j for j in range(len(studio)) if studio[j]["tokens"] > 0),
            key=lambda j: (-studio[j]["tokens"], j),
        )[:n]
        for j in worn:
            studio[j]["tokens"] -= 1
        ev["positions"] = [j + 1 for j in sorted(worn)]
    events.append(ev)
