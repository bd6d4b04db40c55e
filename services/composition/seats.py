"""Facts about seats every phase reads: a seat's usable cards, Maestro abilities, badges."""

from __future__ import annotations

from typing import Any

from services.composition.content import card, content

State = dict[str, Any]
Action = dict[str, Any]
Events = list[dict[str, Any]]


def rules() -> dict[str, Any]:
    return content()["rules"]


def public_card(cid: str) -> dict[str, Any]:
    """A card as clients see it (static facts only)."""
    c = card(cid)
    keys = ("id", "kind", "name", "letters", "rose", "symbol", "abilities", "locked", "effect")
    return {k: c[k] for k in keys if k in c}


def maestro_abilities(state: State, seat: int) -> list[dict[str, Any]]:
    return content()["maestros"][state["seats"][seat]["maestro"]]["abilities"]


def has_ability(state: State, seat: int, kind: str) -> dict[str, Any] | None:
    for ab in maestro_abilities(state, seat):
        if ab["type"] == kind:
            return ab
    return None


def usable_cards(state: State, seat: int) -> list[str]:
    """Ids of every card ``seat`` may use in this round's Performance."""
    s = state["seats"][seat]
    locked = list(s["locked"])
    rex = state.get("rex")
    if rex and rex["seat"] == seat:
        locked = [c for c in locked if c != rex["x"]]
    ids = locked + s["chorus"] + s["drafted"]
    if s["ghost"]:
        ids.append("ghost")
    return ids


def seat_hand(state: State, seat: int) -> dict[str, Any]:
    """What the solver needs for ``seat``: its cards, Maestro abilities and Roses."""
    return {
        "cards": [public_card(c) for c in usable_cards(state, seat)],
        "maestro": state["seats"][seat]["maestro"],
        "maestro_abilities": maestro_abilities(state, seat),
        "roses": state["seats"][seat]["roses"],
        "min_word_length": rules()["min_word_length"],
    }


def badges(seat_state: dict[str, Any]) -> int:
    """Applause Badges a seat holds (its Awards' and Ovations' badges)."""
    data = content()
    return sum(data["awards"][a]["badges"] for a in seat_state["awards"]) + sum(
        data["ovations"][o]["badges"] for o in seat_state["ovations"]
    )
