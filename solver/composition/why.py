"""The ``why`` of a Composition hint: one plain sentence naming cards by their letters."""

from __future__ import annotations

from typing import Any

from services.composition.content import content
from solver.plain import plural, sentence

#: the solo flip rule that fired (its explanation) -> the reason in plain words
FLIP_REASONS = (
    ("cannot afford", "you cannot afford an Ovation soon"),
    ("does not meet", "your best word does not meet it"),
    ("meets them all", "your best word meets every Award, so any one will do"),
    ("only kind left", "it is the only kind left"),
)


def card_name(cid: str) -> str:
    """A card as players see it: "the N", "the Ghost Note", "the TH Crescendo"."""
    if cid == "ghost":
        return "the Ghost Note"
    card = content()["cards"].get(cid)
    if card is None:
        return "a card"
    letters = (card.get("letters") or "").upper()
    if card.get("kind") == "tomato":
        return "the Tomato"
    if card.get("kind") == "crescendo":
        return f"the {letters} Crescendo" if letters else "the Crescendo"
    return f"the {letters}" if letters else f"the {card.get('name', 'card')}"


def _spelled(row: dict[str, Any]) -> str:
    """The word and how its letters are made: "ALMOST (the Ghost Note as S)"."""
    wild = [c for c in row.get("cards", []) if c["card"] == "ghost"]
    word = row["word"].upper()
    if wild:
        return f"{word} (the Ghost Note as {wild[0]['letters'].upper()})"
    return word


def _goal_name(cid: str) -> str:
    data = content()
    for kind, label in (("awards", "Award"), ("ovations", "Ovation")):
        if cid in data[kind]:
            return f"the {label} {data[kind][cid]['name']}"
    return card_name(cid)


def why(state: dict[str, Any], seat: int, result: dict[str, Any]) -> str:
    """What to do and why, agreeing with ``result``'s recommended action."""
    if not result.get("actions"):
        return sentence(result.get("explanation", "There is nothing to do now"))
    action = result["actions"][0]["action"]
    kind = action["type"]
    if kind == "perform":
        if not action.get("cards"):
            return sentence("Pass: no word can be spelled with these cards")
        words = result.get("words") or []
        pick = next((r for r in words if r["action"] == action), None)
        if pick is None:
            return sentence("Spell the word the solver found")
        best = result.get("best_net", pick["net"])
        roses = plural(pick["net"], "Rose")
        if pick["net"] < best:
            top = words[0]
            return sentence(
                f"Spell {_spelled(pick)} for {roses} net: a far more familiar word than "
                f"{top['word'].upper()}, which scores the best, {plural(best, 'Rose')}"
            )
        ties = [r for r in words if r["net"] == best]
        quality = "the best score" if result.get("exact") else "the best score found in time"
        first = "the first " if len(ties) == len(words) else ""
        more = f", the most familiar of {first}{len(ties)} words with it" if len(ties) > 1 else ""
        return sentence(f"Spell {_spelled(pick)} for {roses} net, {quality}{more}")
    if kind == "take":
        name = card_name(action["card"])
        row = next((f for f in result.get("figures", []) if f.get("card") == action["card"]), None)
        if row is None:
            return sentence(f"Take {name}")
        word = row["best_word"].upper()
        if row["gain"] > 0:
            return sentence(
                f"Take {name}: your best word becomes {word}, "
                f"{plural(row['gain'], 'Rose')} more than your best now"
            )
        return sentence(
            f"Take {name}: no card on offer improves your best word, and with it you can "
            f"still spell {word}"
        )
    if kind == "buy_crescendo":
        return sentence(
            "Buy a face-down Crescendo: averaged over the ones you have not seen, it adds "
            "Roses to your best word after its cost"
        )
    if kind == "buy_ovation":
        return sentence("Buy an Ovation: badges decide the game")
    if kind == "stop":
        return sentence("Stop drafting: nothing left is worth taking")
    if kind == "flip":
        told = result.get("explanation", "")
        reason = next(
            (r for key, r in FLIP_REASONS if key in told), "you are least likely to earn it"
        )
        return sentence(f"Flip {_goal_name(action['card'])} face down: {reason}")
    return sentence(result.get("explanation", kind))
