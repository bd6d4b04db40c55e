"""A seat's recommended action, from what that seat may see.

The card to place is forced by the position rule (the next position's value),
so the choices are: place it (with the exact best payment), Cycle to dig for
it, or discard.  Only the seat's own hand and public facts are used: the deck
order and the rival's hand are never read.
"""

from __future__ import annotations

from collections import Counter
from math import comb
from typing import Any

from services.tempo_muse import engine
from services.tempo_muse.content import Content, content
from services.tempo_muse.payment import contains, remove
from solver.tempo_muse.payment import best_payment, keepers

State = dict[str, Any]

#: how many upcoming Studio positions the policy saves a card for
HORIZON = 3

#: effects worth paying an Offset for, and the most cards to spend on each
OFFSET_WORTH = {"draw": 1, "salvage": 1, "strip": 1, "detune": 1, "retune": 1, "nuke": 2}


def unseen(c: Content, s: State, seat: int) -> Counter:
    """Cards the seat cannot see: the deck and the rival's hand, as a multiset of values."""
    seen = Counter(s["hands"][seat]) + Counter(s["discard"])
    for studio in s["studios"]:
        seen += Counter(slot["value"] for slot in studio)
    return Counter({v: c.cards[v].copies - seen[v] for v in c.cards if c.cards[v].copies > seen[v]})


def hit_chance(pool: Counter, value: int, draws: int) -> float:
    """Exact chance that ``draws`` cards taken from ``pool`` include one of ``value``."""
    total = sum(pool.values())
    draws = min(draws, total)
    if draws <= 0 or pool[value] == 0:
        return 0.0
    return 1.0 - comb(total - pool[value], draws) / comb(total, draws)


def spare_order(hand: list[int], keep: Counter) -> list[int]:
    """Hand cards from least to most useful: non-keepers low to high, then far keepers."""
    held = Counter(hand) & keep
    rest = remove(hand, list(held.elements()))
    return sorted(rest) + sorted(held.elements(), reverse=True)


def recommend(s: State, seat: int) -> dict[str, Any]:
    """``{"action": ..., "explanation": ..., **figures}`` for the seat to act."""
    c = content()
    hand = s["hands"][seat]
    studio_len = len(s["studios"][seat])
    need = studio_len + 1
    keep = keepers(hand, studio_len, c.studio_goal, HORIZON)
    pending = s["pending_cycle"]
    if pending is not None:
        return _cycle_return(c, s, seat, need, keep)
    if s["phase"] == "composition":
        return _composition(c, s, seat, need, keep)
    if s["phase"] == "mix":
        return _mix(c, s, seat, keep)
    card = spare_order(hand, keep)[0]
    return {
        "action": {"type": "discard", "card": card},
        "explanation": f"Over the hand limit: discard a {card}, the least useful card.",
    }


def _composition(c: Content, s: State, seat: int, need: int, keep: Counter) -> dict[str, Any]:
    hand = s["hands"][seat]
    if need <= c.studio_goal and need in hand:
        rest = remove(hand, [need])
        pay = best_payment(rest, need, keep - Counter({need: 1}))
        if pay is not None:
            return {
                "action": {"type": "play", "card": need, "payment": pay},
                "explanation": (
                    f"Place {c.cards[need].name} at position {need}; the cheapest exact "
                    f"payment is {pay} (total {sum(pay)})."
                ),
                "payment_total": sum(pay),
            }
    if need <= c.studio_goal and not s["cycled"][seat]:
        n = min(len(spare_cards(hand, need, keep)), len(s["deck"]) + len(s["discard"]))
        pool = unseen(c, s, seat)
        chance = hit_chance(pool, need, n) if need not in hand else 0.0
        if n >= 1 and (chance > 0 or need in hand):
            why = (
                f"chance {chance:.2f} to draw a {need}"
                if need not in hand
                else f"to find enough value to pay for the {need}"
            )
            return {
                "action": {"type": "cycle", "count": n},
                "explanation": f"Cycle {n} spare card(s): {why}.",
                "cycle_hit_chance": round(chance, 4),
            }
    card = spare_order(hand, keep)[0]
    return {
        "action": {"type": "discard", "card": card},
        "explanation": f"No {need} to place (or no payment): discard a {card}.",
    }


def spare_cards(hand: list[int], need: int, keep: Counter) -> list[int]:
    """Cards a Cycle may give back: not keepers, not the card to place, not its payment."""
    protected = keep + (Counter({need: 1}) if need in hand else Counter())
    if need in hand:
        pay = best_payment(remove(hand, [need]), need, keep - Counter({need: 1}))
        if pay:
            protected += Counter(pay)
    return remove(hand, list((Counter(hand) & protected).elements()))


def _cycle_return(c: Content, s: State, seat: int, need: int, keep: Counter) -> dict[str, Any]:
    hand = s["hands"][seat]
    drawn = s["pending_cycle"]["drawn"]
    old = remove(hand, drawn)
    protected = keep + (Counter({need: 1}) if need in hand else Counter())
    if need in hand:
        pay = best_payment(remove(hand, [need]), need, keep - Counter({need: 1}))
        if pay:
            protected += Counter(pay)
    free = remove(old, list((Counter(old) & protected).elements()))
    order = sorted(free) + spare_order(remove(old, free), keep)
    give = sorted(order[: len(drawn)])
    return {
        "action": {"type": "cycle_return", "cards": give},
        "explanation": f"Give back {give}: the least useful cards held before the Cycle.",
    }


def _mix(c: Content, s: State, seat: int, keep: Counter) -> dict[str, Any]:
    hand = list(s["hands"][seat])
    studio = s["studios"][seat]
    allowed = engine.offsets_allowed(c, s, seat)
    plans = []
    for pos in engine.off_tempo(c, s, seat):
        card = c.cards[studio[pos - 1]["value"]]
        deficit = 1 - engine.current_value(c, studio[pos - 1])
        plans.append((deficit, pos, card))
    offsets = []
    for deficit, pos, card in sorted(plans, key=lambda p: (p[0], p[1])):
        if len(offsets) >= allowed:
            break
        pay = best_payment(hand, deficit, keep)
        if pay is None or len(pay) > OFFSET_WORTH[card.kind]:
            continue
        if not contains(remove(hand, pay), list(keep.elements())):
            continue
        hand = remove(hand, pay)
        offsets.append({"position": pos, "payment": pay})
    text = (
        f"Offset {len(offsets)} silent card(s) with spare cards."
        if offsets
        else "No Offset is worth its cost: let silent cards rest."
    )
    return {"action": {"type": "mix", "offsets": offsets}, "explanation": text}
