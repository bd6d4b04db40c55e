"""A puzzle as a client sends it: a code, or a venue, a seat count and a (partial) deal.

Validation is cheap (no OR-Tools) and names what is wrong: the field
(``deal.decks[1]``, ``deal.songs``, ``code`` ...) and, in a deck, the card.  Parts a
deal leaves out are filled by the engine from ``seed`` (0 by default) as it always
does; the report then carries the code of the full deal.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from services.beat import cards as C
from services.core import RulesError
from solver.beat import deal as D
from solver.beat import puzzle_code as PC

_FIELD = re.compile(r"deal\.[a-z]+(?:\[\d+\])?")


def _bad(field: str, message: str) -> RulesError:
    return RulesError("invalid_deal", message, {field: [message]})


def _check_deck(seat: int, deck: Any) -> None:
    """Name the first card of a deck that is not the seat's, or a value miscounted."""
    field = f"deal.decks[{seat}]"
    if not isinstance(deck, list):
        raise _bad(field, f"{field} must be a list of 15 cards")
    if all(isinstance(x, str) for x in deck):
        mine = set(C.deck_ids(seat))
        seen: set[str] = set()
        for i, card in enumerate(deck):
            if card not in mine:
                raise _bad(f"{field}[{i}]", f"{card!r} is not one of seat {seat}'s cards")
            if card in seen:
                raise _bad(f"{field}[{i}]", f"{card!r} appears twice in seat {seat}'s deck")
            seen.add(card)
    elif all(isinstance(x, int) and not isinstance(x, bool) for x in deck):
        for i, v in enumerate(deck):
            if v not in C.VALUES:
                raise _bad(f"{field}[{i}]", f"{v} is not a card value (1-5)")
        counts = Counter(deck)
        for v in C.VALUES:
            if counts[v] != 3:
                raise _bad(field, f"{field} holds {counts[v]} cards of value {v}, not 3")
    else:
        raise _bad(field, f"{field} must list card ids or values, not a mixture")
    if len(deck) != C.DECK_SIZE:
        raise _bad(field, f"{field} must hold {C.DECK_SIZE} cards, not {len(deck)}")


def normalise(payload: Any, extra: set[str] = frozenset()) -> dict[str, Any]:
    """``{"venue", "players", "seed", "deal"}`` from a code or an explicit puzzle."""
    if not isinstance(payload, dict):
        raise RulesError("invalid_payload", "the body must be a JSON object")
    unknown = set(payload) - {"code", "venue", "players", "seed", "deal"} - set(extra)
    if unknown:
        raise RulesError("invalid_payload", f"unknown fields {sorted(unknown)}")
    if "code" in payload:
        clash = {"venue", "players", "seed", "deal"} & set(payload)
        if clash:
            field = sorted(clash)[0]
            raise RulesError(
                "invalid_payload", "give a code or a deal, not both", {field: ["not with a code"]}
            )
        decoded = PC.decode(payload["code"])
        return {**decoded, "seed": PC.CODE_SEED}
    deal = payload.get("deal")
    if isinstance(deal, dict) and isinstance(deal.get("decks"), list):
        for seat, deck in enumerate(deal["decks"]):
            _check_deck(seat, deck)
    core = {k: payload[k] for k in ("venue", "players", "seed", "deal") if k in payload}
    try:
        return D.normalise(core)
    except RulesError as e:
        m = _FIELD.search(e.message)
        field = (
            m.group(0)
            if m
            else {"unknown_venue": "venue", "invalid_players": "players"}.get(e.code, "deal")
        )
        raise RulesError(e.code, e.message, {field: [e.message]}) from None


def state_of(norm: dict[str, Any]) -> dict[str, Any]:
    return D.engine_state(norm)
