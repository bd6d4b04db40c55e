"""A seat's recommended action, from what that seat may see.

The card to place is forced by the position rule (the next position's value),
so the choices are: place it (with the exact best payment), Cycle (size and
give-back decided exactly by ``solver.tempo_muse.cycle``), or discard.  Only
the seat's own hand and public facts are used: the deck order and the rival's
hand are never read.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from services.tempo_muse.content import Content, content
from services.tempo_muse.payment import contains, remove
from services.tempo_muse.studio import current_value, off_tempo, offsets_allowed
from solver.tempo_muse.cycle import CyclePlan, Goal, best_return, plan_cycle, score
from solver.tempo_muse.mix import landing
from solver.tempo_muse.payment import best_payment, discard_order, keepers

State = dict[str, Any]

#: how many upcoming Studio positions the policy saves a card for
HORIZON = 3

#: effects worth paying an Offset for, and the most cards to spend on each
OFFSET_WORTH = {
    "draw": 1,
    "salvage": 1,
    "strip": 1,
    "detune": 1,
    "retune": 1,
    "nuke": 2,
    "knockout": 2,
}


def unseen(c: Content, s: State, seat: int) -> Counter:
    """Cards the seat cannot see: the deck and the rival's hand, as a multiset of values."""
    seen = Counter(s["hands"][seat]) + Counter(s["discard"])
    for studio in s["studios"]:
        seen += Counter(slot["value"] for slot in studio)
    return Counter({v: c.cards[v].copies - seen[v] for v in c.cards if c.cards[v].copies > seen[v]})


def rival_salvages(c: Content, s: State, seat: int) -> int:
    """Cards the rival's in-tempo salvage effects take from the pile in its Mix."""
    return sum(
        c.cards[slot["value"]].amount
        for slot in s["studios"][1 - seat]
        if c.cards[slot["value"]].kind == "salvage" and current_value(c, slot) >= 1
    )


def spare_order(hand: list[int], keep: Counter) -> list[int]:
    """Hand cards from least to most useful: non-keepers low to high, then far keepers."""
    held = Counter(hand) & keep
    rest = remove(hand, list(held.elements()))
    return sorted(rest) + sorted(held.elements(), reverse=True)


def recommend(s: State, seat: int, budget_s: float = 1.0) -> dict[str, Any]:
    """``{"action": ..., "explanation": ..., **figures}`` for the seat to act.

    ``budget_s`` caps the exact Cycle search (see ``solver.tempo_muse.cycle``).
    """
    c = content()
    hand = s["hands"][seat]
    studio_len = len(s["studios"][seat])
    need = studio_len + 1
    keep = keepers(hand, studio_len, c.studio_goal, HORIZON)
    pending = s["pending_cycle"]
    if pending is not None:
        return _cycle_return(c, s, seat)
    if s["phase"] == "composition":
        return _composition(c, s, seat, need, keep, budget_s)
    if s["phase"] == "mix":
        return _mix(c, s, seat, keep)
    card = spare_order(hand, keep)[0]
    return {
        "action": {"type": "discard", "card": card},
        "explanation": f"Over the hand limit: discard a {card}, the least useful card.",
    }


def _composition(
    c: Content, s: State, seat: int, need: int, keep: Counter, budget_s: float
) -> dict[str, Any]:
    hand = s["hands"][seat]
    figures: dict[str, Any] = {}
    if need <= c.studio_goal and not s["cycled"][seat]:
        plan = plan_for(c, s, seat, budget_s)
        figures = plan_figures(plan)
        if plan.count > 0:
            return {
                "action": {"type": "cycle", "count": plan.count},
                "explanation": _cycle_explanation(plan, need),
                **figures,
            }
    if need <= c.studio_goal and need in hand:
        rest = remove(hand, [need])
        pay = best_payment(rest, need, keep - Counter({need: 1}))
        if pay is not None:
            # second in the round, the rival's Mix salvages from the top of this payment
            gifts = rival_salvages(c, s, seat) if s["first"] != seat else 0
            pay = discard_order(pay, gifts)
            return {
                "action": {"type": "play", "card": need, "payment": pay},
                "explanation": (
                    f"Place {c.cards[need].name} at position {need}; the cheapest exact "
                    f"payment is {pay} (total {sum(pay)})."
                ),
                "payment_total": sum(pay),
                **figures,
            }
    card = spare_order(hand, keep)[0]
    return {
        "action": {"type": "discard", "card": card},
        "explanation": f"No {need} to place (or no payment): discard a {card}.",
        **figures,
    }


def _cycle_explanation(plan: CyclePlan, need: int) -> str:
    """Why this Cycle: a better chance to place ``need`` when it gives one, else (the
    chance being the same without a Cycle) the better expected hand it gives."""
    p, p0 = float(plan.place_chance), float(plan.by_count[0][0])
    w, w0 = float(plan.expected_worth), float(plan.by_count[0][1])
    head = f"Cycle {plan.count} card(s): "
    tail = "; the give-back is chosen after the draw."
    if p > p0:
        return (
            f"{head}exact chance {p:.3f} to place the {need} this round, "
            f"against {p0:.3f} without a Cycle{tail}"
        )
    if p == p0:
        return (
            f"{head}the chance to place the {need} this round is {p:.3f} with or without it, "
            f"and it raises the hand's expected worth from {w0:.1f} to {w:.1f}{tail}"
        )
    return (
        f"{head}it lowers the chance to place the {need} this round from {p0:.3f} to {p:.3f} "
        f"but raises the hand's expected worth from {w0:.1f} to {w:.1f}{tail}"
    )


def plan_for(c: Content, s: State, seat: int, budget_s: float) -> CyclePlan:
    """The exact Cycle plan for the seat to act in Composition, from what it may see."""
    hand = s["hands"][seat]
    goal = Goal.of(len(s["studios"][seat]), c.studio_goal, placing=True)
    most = min(len(hand), len(s["deck"]) + len(s["discard"]))
    pool = unseen(c, s, seat)
    return plan_cycle(hand, pool, len(s["deck"]), Counter(s["discard"]), goal, most, budget_s)


def plan_figures(plan: CyclePlan) -> dict[str, Any]:
    """The plan's exact figures, JSON-ready (fractions as strings, floats rounded)."""
    return {
        "cycle_count": plan.count,
        "place_chance": round(float(plan.place_chance), 6),
        "place_chance_exact": str(plan.place_chance),
        "expected_worth": round(float(plan.expected_worth), 4),
        "cycle_exact": plan.exact,
        "cycle_sizes": {
            str(n): {"place_chance": round(float(p), 6), "expected_worth": round(float(w), 4)}
            for n, (p, w) in sorted(plan.by_count.items())
        },
    }


def _cycle_return(c: Content, s: State, seat: int) -> dict[str, Any]:
    hand = s["hands"][seat]
    drawn = s["pending_cycle"]["drawn"]
    old = remove(hand, drawn)
    placing = s["phase"] == "composition"
    goal = Goal.of(len(s["studios"][seat]), c.studio_goal, placing)
    give = best_return(old, drawn, goal)
    ok, value = score(remove(hand, give), goal)
    why = f"the {goal.need} can be placed this round" if ok else "keeps the most valuable hand"
    return {
        "action": {"type": "cycle_return", "cards": give},
        "explanation": f"Give back {give}: the exact best give-back for this draw ({why}).",
        "can_place": bool(ok),
        "hand_worth": value,
    }


def _mix(c: Content, s: State, seat: int, keep: Counter) -> dict[str, Any]:
    """Offset silent cards that one spare card wakes, cheapest first, up to the
    Offsets allowed -- and only those whose effect would then land.

    A woken Strip does nothing when the rival holds no more cards than the seat
    at that point of the resolution; ``solver.tempo_muse.mix`` replays the
    resolution on public counts, so the hint never pays for an effect that
    cannot land.  Dropping one Offset puts its payment back in the hand, which
    can stop another Strip from landing, so the check repeats until every
    remaining Offset lands.
    """
    hand = list(s["hands"][seat])
    studio = s["studios"][seat]
    allowed = offsets_allowed(c, s, seat)
    plans = []
    for pos in off_tempo(c, s, seat):
        card = c.cards[studio[pos - 1]["value"]]
        deficit = 1 - current_value(c, studio[pos - 1])
        plans.append((deficit, pos, card))
    chosen: dict[int, list[int]] = {}
    for deficit, pos, card in sorted(plans, key=lambda p: (p[0], p[1])):
        if len(chosen) >= allowed:
            break
        pay = best_payment(hand, deficit, keep)
        if pay is None or len(pay) > OFFSET_WORTH[card.kind]:
            continue
        if not contains(remove(hand, pay), list(keep.elements())):
            continue
        if not landing(c, s, seat, {**chosen, pos: pay}).get(pos, False):
            continue  # woken, it would do nothing (e.g. a Strip on a smaller hand)
        hand = remove(hand, pay)
        chosen[pos] = pay
    while chosen:
        lands = landing(c, s, seat, chosen)
        idle = [p for p in chosen if not lands.get(p, False)]
        if not idle:
            break
        del chosen[idle[0]]
    # Offset cards reach the pile after this Studio resolved: a rival resolving next
    # salvages from their top
    gifts = rival_salvages(c, s, seat) if s["first"] == seat else 0
    offsets = [
        {"position": p, "payment": discard_order(pay, gifts)} for p, pay in sorted(chosen.items())
    ]
    text = (
        f"Offset {len(offsets)} silent card(s) with spare cards; each woken effect lands."
        if offsets
        else "No Offset is worth its cost: let silent cards rest."
    )
    return {"action": {"type": "mix", "offsets": offsets}, "explanation": text}
