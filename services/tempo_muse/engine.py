"""Tempo Muse state transitions: the round's phases and what each validated action does.

Everything here mutates a state the caller has already copied; ``actions.py``
checks legality first.
"""

from __future__ import annotations

from typing import Any

from services.core import draw_rng
from services.tempo_muse.content import Content
from services.tempo_muse.piles import discard_from_hand, draw
from services.tempo_muse.studio import off_tempo, resolve_studio

State = dict[str, Any]
Event = dict[str, Any]


# -- the round -----------------------------------------------------------------


def order(s: State) -> list[int]:
    """This round's seat order: the first-player token holder, then the other."""
    return [s["first"], 1 - s["first"]]


def begin_round(c: Content, s: State, events: list[Event]) -> None:
    """Downbeat (draw one each, except in round 1), then open Composition."""
    s["cycled"] = [False, False]
    s["mix_done"] = [False, False]
    events.append({"type": "round", "round": s["round"], "first": s["first"]})
    if s["round"] > 1:
        for seat in order(s):
            got = draw(s, seat, 1, events)
            events.append({"type": "downbeat", "seat": seat, "drawn": len(got)})
    s["phase"] = "composition"
    s["turn"] = 0
    s["to_act"] = s["first"]
    settle(c, s, events)


def settle(c: Content, s: State, events: list[Event]) -> None:
    """Run every automatic step until a seat must decide or the game is over."""
    while s["phase"] != "over":
        seat = s["to_act"]
        if s["phase"] == "composition":
            if seat is not None and s["hands"][seat]:
                return  # play or discard
            events.append({"type": "pass", "seat": seat, "reason": "empty_hand"})
            next_turn(c, s, events)
        elif s["phase"] == "mix":
            if needs_mix_decision(c, s, seat):
                return
            resolve_studio(c, s, seat, {}, events)
            next_turn(c, s, events)
        elif s["phase"] == "drop":
            if len(s["hands"][seat]) > c.hand_limit:
                return  # must discard one
            next_turn(c, s, events)


def next_turn(c: Content, s: State, events: list[Event]) -> None:
    """Hand the phase to the second seat, or move on to the next phase."""
    if s["turn"] == 0:
        s["turn"] = 1
        s["to_act"] = order(s)[1]
        return
    s["turn"] = 0
    s["to_act"] = s["first"]
    if s["phase"] == "composition":
        s["phase"] = "mix"
    elif s["phase"] == "mix":
        s["phase"] = "drop"
        for studio in s["studios"]:
            for slot in studio:
                slot["tokens"] += 1
        events.append({"type": "tempo_tokens"})
    elif s["phase"] == "drop":
        end_round(c, s, events)


def end_round(c: Content, s: State, events: list[Event]) -> None:
    """Announce hand counts, check the end, or pass the first-player token on."""
    events.append(
        {"type": "announce", "hand_counts": {str(i): len(h) for i, h in enumerate(s["hands"])}}
    )
    final = s.get("final_round")
    if final is None and any(len(st) >= c.studio_goal for st in s["studios"]):
        final = s["final_round"] = s["round"] + c.final_rounds
        if c.final_rounds:
            events.append({"type": "final_round", "round": final})
    if final is not None and s["round"] >= final:
        finish(s, "studio_complete", events)
    elif s["round"] >= s["round_limit"]:
        finish(s, "studio_complete" if final is not None else "round_limit", events)
    else:
        s["round"] += 1
        s["first"] = 1 - s["first"]
        begin_round(c, s, events)


def finish(s: State, reason: str, events: list[Event]) -> None:
    s["phase"] = "over"
    s["to_act"] = None
    s["end"] = {"reason": reason, "round": s["round"]}
    events.append({"type": "game_over", "reason": reason})


def needs_mix_decision(c: Content, s: State, seat: int) -> bool:
    """A seat decides in Mix when it has a silent card and any card in hand.

    Only public facts decide (hand sizes are announced, totals are not): pausing
    only when the hand's total could pay an Offset would tell the rival that total.
    A seat that cannot pay simply posts ``{"type": "mix", "offsets": []}``.
    """
    return bool(s["hands"][seat]) and bool(off_tempo(c, s, seat))


# -- actions (already validated) ---------------------------------------------


def play(c: Content, s: State, seat: int, card: int, payment: list[int], ev: list[Event]) -> None:
    s["hands"][seat].remove(card)
    discard_from_hand(s, seat, payment)
    s["studios"][seat].append({"value": card, "tokens": 0})
    ev.append(
        {
            "type": "play",
            "seat": seat,
            "card": card,
            "name": c.cards[card].name,
            "position": len(s["studios"][seat]),
            "payment": list(payment),
        }
    )
    next_turn(c, s, ev)
    settle(c, s, ev)


def discard_one(c: Content, s: State, seat: int, card: int, ev: list[Event]) -> None:
    discard_from_hand(s, seat, [card])
    ev.append({"type": "discard", "seat": seat, "card": card, "phase": s["phase"]})
    next_turn(c, s, ev)
    settle(c, s, ev)


def cycle_draw(s: State, seat: int, count: int, ev: list[Event]) -> None:
    got = draw(s, seat, count, ev)
    s["cycled"][seat] = True
    s["pending_cycle"] = {"seat": seat, "drawn": sorted(got)}
    ev.append({"type": "cycle", "seat": seat, "drawn": len(got)})


def cycle_return(c: Content, s: State, seat: int, cards: list[int], ev: list[Event]) -> None:
    for v in cards:
        s["hands"][seat].remove(v)
        s["deck"].append(v)
    draw_rng(s).shuffle(s["deck"])
    s["pending_cycle"] = None
    ev.append({"type": "cycle_return", "seat": seat, "returned": len(cards)})
    settle(c, s, ev)


def mix(c: Content, s: State, seat: int, offsets: dict[int, list[int]], ev: list[Event]) -> None:
    """Pay the Offsets, resolve the seat's Studio, then discard the Offset cards.

    The paid cards leave the hand first but reach the discard pile only after
    the Studio resolved, so a salvage effect cannot hand back its own payment.
    """
    spent: list[int] = []
    for pos, payment in offsets.items():
        for v in payment:
            s["hands"][seat].remove(v)
        spent += payment
        ev.append({"type": "offset", "seat": seat, "position": pos, "payment": list(payment)})
    resolve_studio(c, s, seat, {p: sum(pay) for p, pay in offsets.items()}, ev)
    s["discard"].extend(spent)
    next_turn(c, s, ev)
    settle(c, s, ev)
