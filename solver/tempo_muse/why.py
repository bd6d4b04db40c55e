"""The ``why`` of a Tempo Muse hint: one plain sentence naming cards by their numbers."""

from __future__ import annotations

from typing import Any

from services.tempo_muse.content import content
from solver.plain import listing, percent, plural, sentence


def _cards(values: list[int]) -> str:
    return "the " + listing(str(v) for v in sorted(values))


def why(state: dict[str, Any], seat: int, result: dict[str, Any]) -> str:
    """What to do and why, agreeing with ``result``'s recommended action."""
    if not result.get("actions"):
        return sentence(result.get("explanation", "There is nothing to do now"))
    action = result["actions"][0]["action"]
    kind = action["type"]
    need = len(state["studios"][seat]) + 1
    if kind == "cycle":
        sizes = result.get("cycle_sizes", {})
        p, w = result["place_chance"], result["expected_worth"]
        p0 = sizes.get("0", {}).get("place_chance", p)
        w0 = sizes.get("0", {}).get("expected_worth", w)
        head = f"Cycle {plural(action['count'], 'card')}"
        if p > p0:
            return sentence(
                f"{head}: that gives a {percent(p)} chance to hold what you need to place "
                f"the {need} this round, against {percent(p0)} if you keep your hand"
            )
        if p == p0:
            return sentence(
                f"{head}: your chance to place the {need} this round is {percent(p)} either "
                f"way, and swapping is expected to raise your hand's worth from {w0:.1f} to "
                f"{w:.1f}"
            )
        return sentence(
            f"{head}: your chance to place the {need} this round drops from {percent(p0)} "
            f"to {percent(p)}, but your hand's expected worth rises from {w0:.1f} to {w:.1f}"
        )
    if kind == "cycle_return":
        head = f"Give back {_cards(action['cards'])}"
        if result.get("can_place"):
            return sentence(f"{head}: you keep what you need to place the {need} this round")
        return sentence(f"{head}: the {need} cannot be placed this round, so keep the best hand")
    if kind == "play":
        card = content().cards[action["card"]]
        pay = action.get("payment") or []
        paid = f"paying with {_cards(pay)}" if pay else "at no cost"
        return sentence(
            f"Place {card.name} (the {action['card']}) in your Studio, {paid}: the cheapest "
            f"payment that keeps your useful cards"
        )
    if kind == "discard":
        if state.get("phase") == "composition":
            return sentence(
                f"Discard the {action['card']}: you cannot place the {need} this round, and "
                f"it is your least useful card"
            )
        return sentence(f"Discard the {action['card']}: you are over the hand limit")
    if kind == "mix":
        offsets = action.get("offsets") or []
        if not offsets:
            return sentence("Make no Offset: none would be worth the cards it costs")
        where = listing(str(o["position"]) for o in offsets)
        pay = [v for o in offsets for v in o["payment"]]
        return sentence(
            f"Offset your silent {'card' if len(offsets) == 1 else 'cards'} at position "
            f"{where}, paying with {_cards(pay)}: each woken effect lands"
        )
    return sentence(result.get("explanation", kind))
