"""Tempo Muse state transitions: the round's phases, effects and the end of the game.

Everything here mutates a state the caller has already copied; ``game.py``
checks legality first.  Cards are their values (one named card per value), so
hands, deck and discard pile are lists of ints; the deck's top is its end.
"""

from __future__ import annotations

from typing import Any

from services.core import draw_rng, new_rng_state
from services.tempo_muse.content import Content

State = dict[str, Any]
Event = dict[str, Any]


def new_state(c: Content, seed: int, round_limit: int) -> State:
    """Shuffle, deal the starting hands, and open round 1 (no Downbeat draw)."""
    s: State = {
        "players": 2,
        "rng": new_rng_state(seed),
        "round": 1,
        "first": 0,
        "phase": "composition",
        "to_act": 0,
        "turn": 0,
        "deck": c.deck(),
        "discard": [],
        "hands": [[], []],
        "studios": [[], []],
        "cycled": [False, False],
        "pending_cycle": None,
        "mix_done": [False, False],
        "round_limit": round_limit,
        "final_round": None,
        "end": None,
    }
    draw_rng(s).shuffle(s["deck"])
    for _ in range(c.hand_size):
        for seat in (0, 1):
            s["hands"][seat].append(s["deck"].pop())
    for seat in (0, 1):
        s["hands"][seat].sort()
    events: list[Event] = []
    begin_round(c, s, events)
    return s


# -- small helpers -----------------------------------------------------------


def order(s: State) -> list[int]:
    """This round's seat order: the first-player token holder, then the other."""
    return [s["first"], 1 - s["first"]]


def current_value(c: Content, slot: dict[str, int]) -> int:
    """A Studio card's value now: printed value minus its Tempo Tokens."""
    return c.cards[slot["value"]].value - slot["tokens"]


def offsets_allowed(c: Content, s: State, seat: int) -> int:
    """Offsets per round: one, plus one per Duplex card in the seat's Studio."""
    return 1 + sum(1 for slot in s["studios"][seat] if c.cards[slot["value"]].duplex)


def off_tempo(c: Content, s: State, seat: int) -> list[int]:
    """1-based positions of the seat's Studio cards that would stay silent (value < 1)."""
    return [i + 1 for i, slot in enumerate(s["studios"][seat]) if current_value(c, slot) < 1]


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


# -- the round -----------------------------------------------------------------


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


# -- the result ---------------------------------------------------------------


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
