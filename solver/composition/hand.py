"""The solver's view of a seat's cards, built from a request payload or a game state.

Cheap to import (no OR-Tools, no word index): the API validates payloads with it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from services.composition.content import CARD_ABILITIES, MAESTRO_ABILITIES, _check_effect, content
from services.core import RulesError

MAX_CARDS = 20
MAX_K = 50
#: wild letters a query may hold: a seat holds at most the Ghost Note and MUD's change
MAX_WILDS = 2


@dataclass(frozen=True)
class SCard:
    """A usable card: ``letters`` is "" for the Ghost Note (a wild)."""

    id: str
    letters: str
    rose: int
    symbol: str | None
    abilities: tuple[dict[str, Any], ...] = ()
    kind: str = "note"

    @property
    def wild(self) -> bool:
        return self.kind == "ghost"

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "letters": self.letters,
            "rose": self.rose,
            "symbol": self.symbol,
            "abilities": [dict(a) for a in self.abilities],
            "kind": self.kind,
        }

    def type_key(self) -> tuple:
        """Cards with equal keys are interchangeable for scoring (symmetry breaking)."""
        return (
            self.letters,
            self.rose,
            self.symbol,
            json.dumps(self.abilities, sort_keys=True),
            self.kind == "ghost",
        )


@dataclass(frozen=True)
class Hand:
    cards: tuple[SCard, ...]
    maestro_abilities: tuple[dict[str, Any], ...] = ()
    roses: int = 10**6
    min_len: int = 2
    k: int = 5
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        # hand-symbol abilities act while the card is held, used or not: they score like
        # Maestro abilities (the engine's held_abilities), so move them off the cards
        held = [{**a, "source": c.id} for c in self.cards for a in c.abilities if a.get("hand")]
        if held:
            cards = tuple(
                SCard(
                    c.id,
                    c.letters,
                    c.rose,
                    c.symbol,
                    tuple(a for a in c.abilities if not a.get("hand")),
                    c.kind,
                )
                for c in self.cards
            )
            object.__setattr__(self, "cards", cards)
            object.__setattr__(
                self, "maestro_abilities", tuple(self.maestro_abilities) + tuple(held)
            )

    @property
    def mud(self) -> bool:
        return any(a["type"] == "change_letter" for a in self.maestro_abilities)


def _bad(msg: str) -> RulesError:
    return RulesError("invalid_payload", msg)


def _card_from(raw: Any, i: int) -> SCard:
    cards = content()["cards"]
    if isinstance(raw, str):
        if raw not in cards or cards[raw]["kind"] == "tomato":
            raise _bad(f"cards[{i}]: unknown card id {raw!r}")
        c = cards[raw]
        return SCard(raw, c["letters"], c["rose"], c["symbol"], tuple(c["abilities"]), c["kind"])
    if not isinstance(raw, dict):
        raise _bad(f"cards[{i}] must be a card id or an object")
    if raw.get("wild") or raw.get("id") == "ghost" or raw.get("kind") == "ghost":
        return SCard(str(raw.get("id", f"ghost{i}")), "", 0, None, (), "ghost")
    letters = raw.get("letters")
    if not (
        isinstance(letters, str)
        and 1 <= len(letters) <= 2
        and letters.isascii()
        and letters.isalpha()
        and letters.islower()
    ):
        raise _bad(f"cards[{i}].letters must be one or two lowercase letters")
    rose = raw.get("rose", 0)
    if not isinstance(rose, int) or isinstance(rose, bool) or not 0 <= rose <= 100:
        raise _bad(f"cards[{i}].rose must be an integer 0..100")
    symbol = raw.get("symbol")
    if symbol is not None and not isinstance(symbol, str):
        raise _bad(f"cards[{i}].symbol must be a string or null")
    abilities = raw.get("abilities", []) or []
    if not isinstance(abilities, list):
        raise _bad(f"cards[{i}].abilities must be a list")
    try:
        abil = tuple(_check_effect(f"cards[{i}]", a, CARD_ABILITIES) for a in abilities)
    except ValueError as exc:
        raise _bad(str(exc)) from None
    if any(a["type"] == "on_take_roses" for a in abil):
        abil = tuple(a for a in abil if a["type"] != "on_take_roses")
    cid = raw.get("id", f"x{i}")
    if not isinstance(cid, str) or not cid:
        raise _bad(f"cards[{i}].id must be a non-empty string")
    return SCard(cid, letters, rose, symbol, abil, str(raw.get("kind", "note")))


def validate(payload: Any) -> dict[str, Any]:
    """Normalise a ``composition/best-words`` request; raise RulesError on bad input."""
    if not isinstance(payload, dict):
        raise _bad("the payload is a JSON object")
    unknown = set(payload) - {"cards", "ghost", "maestro", "maestro_abilities", "roses", "k"}
    if unknown:
        raise _bad(f"unknown fields {sorted(unknown)}")
    raw_cards = payload.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise _bad("cards must be a non-empty list")
    cards = [_card_from(c, i) for i, c in enumerate(raw_cards)]
    if payload.get("ghost") is True:
        cards.append(SCard("ghost", "", 0, None, (), "ghost"))
    elif payload.get("ghost") not in (None, False):
        raise _bad("ghost must be true or false")
    if len(cards) > MAX_CARDS:
        raise _bad(f"at most {MAX_CARDS} cards")
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise _bad("card ids must be distinct")
    abilities: list[dict[str, Any]] = []
    maestro = payload.get("maestro")
    if maestro is not None:
        ms = content()["maestros"]
        if maestro not in ms:
            raise _bad(f"maestro must be one of {sorted(ms)}")
        abilities = [dict(a) for a in ms[maestro]["abilities"]]
    extra = payload.get("maestro_abilities")
    if extra is not None:
        if not isinstance(extra, list):
            raise _bad("maestro_abilities must be a list")
        try:
            abilities += [_check_effect("maestro_abilities", a, MAESTRO_ABILITIES) for a in extra]
        except ValueError as exc:
            raise _bad(str(exc)) from None
    # the index answers words with at most two letters outside the hand (Ghost Note and
    # MUD's change, the most a seat can hold): more wilds would miss words silently
    wilds = sum(c.kind == "ghost" for c in cards)
    singles = any(c.kind != "ghost" and len(c.letters) == 1 for c in cards)
    wilds += singles and any(a["type"] == "change_letter" for a in abilities)
    if wilds > MAX_WILDS:
        raise RulesError(
            "too_many_wilds",
            f"at most {MAX_WILDS} wild letters (Ghost Notes, plus one for MUD's change); "
            f"this hand has {wilds}",
        )
    roses = payload.get("roses", 10**6)
    if not isinstance(roses, int) or isinstance(roses, bool) or roses < 0:
        raise _bad("roses must be a non-negative integer")
    k = payload.get("k", 5)
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= MAX_K:
        raise _bad(f"k must be an integer 1..{MAX_K}")
    return {
        "cards": [c.as_dict() for c in cards],
        "maestro_abilities": abilities,
        "roses": roses,
        "k": k,
    }


def hand_from_payload(payload: dict[str, Any]) -> Hand:
    """A Hand from a *validated* payload."""
    cards = tuple(
        SCard(c["id"], c["letters"], c["rose"], c["symbol"], tuple(c["abilities"]), c["kind"])
        for c in payload["cards"]
    )
    return Hand(
        cards=cards,
        maestro_abilities=tuple(payload.get("maestro_abilities", ())),
        roses=int(payload.get("roses", 10**6)),
        min_len=int(content()["rules"]["min_word_length"]),
        k=int(payload.get("k", 5)),
    )


def hand_from_state(
    state: dict[str, Any], seat: int, k: int = 5, extra: list[dict[str, Any]] | None = None
) -> Hand:
    """The Hand of ``seat`` in a live game: its own usable cards only, plus ``extra``
    (cards it is thinking of taking, in the same public form)."""
    from services.composition.seats import seat_hand

    info = seat_hand(state, seat)
    cards = tuple(
        SCard(
            c["id"],
            c["letters"],
            c["rose"],
            c["symbol"],
            tuple(a for a in c["abilities"] if a["type"] != "on_take_roses"),
            c["kind"],
        )
        for c in [*info["cards"], *(extra or [])]
    )
    return Hand(cards, tuple(info["maestro_abilities"]), info["roses"], info["min_word_length"], k)
