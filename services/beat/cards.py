"""The Beat card model: 15 Beat cards per seat with stable ids.

A card id is ``"s{seat}-{value}{copy}"`` with ``copy`` in ``a``, ``b``, ``c``:
``s2-4a`` is seat 2's first 4.  Cards with the same value are "the same card"
for the events; the id tells "this card" apart.  Icons are fixed by the copy:

* every 1 carries the Encore icon;
* copy ``a`` of the 2, 3 and 4 carries Face Up;
* copy ``b`` of the 2, 3 and 4 carries Cue.
"""

from __future__ import annotations

VALUES = (1, 2, 3, 4, 5)
COPIES = ("a", "b", "c")
DECK_SIZE = 15


def card_id(seat: int, value: int, copy: str) -> str:
    return f"s{seat}-{value}{copy}"


def deck_ids(seat: int) -> list[str]:
    """The seat's 15 card ids in a canonical (unshuffled) order."""
    return [card_id(seat, v, c) for v in VALUES for c in COPIES]


def parse(card: str) -> tuple[int, int, str]:
    """(seat, value, copy) of a card id; ValueError when it is not one."""
    if not isinstance(card, str) or not card.startswith("s") or "-" not in card:
        raise ValueError(f"not a card id: {card!r}")
    head, tail = card[1:].split("-", 1)
    if not head.isdigit() or len(tail) != 2 or not tail[0].isdigit() or tail[1] not in COPIES:
        raise ValueError(f"not a card id: {card!r}")
    value = int(tail[0])
    if value not in VALUES:
        raise ValueError(f"not a card id: {card!r}")
    return int(head), value, tail[1]


def is_card(card: object) -> bool:
    try:
        parse(card)  # type: ignore[arg-type]
    except ValueError:
        return False
    return True


def value(card: str) -> int:
    """The printed value (events and venues always read the printed value)."""
    return parse(card)[1]


def owner(card: str) -> int:
    return parse(card)[0]


def has_face_up(card: str) -> bool:
    _, v, c = parse(card)
    return c == "a" and v in (2, 3, 4)


def has_cue(card: str) -> bool:
    _, v, c = parse(card)
    return c == "b" and v in (2, 3, 4)


def has_encore(card: str) -> bool:
    return value(card) == 1


def icons(card: str) -> list[str]:
    out = []
    if has_face_up(card):
        out.append("face_up")
    if has_cue(card):
        out.append("cue")
    if has_encore(card):
        out.append("encore")
    return out


def ids_from_values(seat: int, values: list[int]) -> list[str]:
    """Card ids for a deck given by values in draw order.

    The k-th occurrence of a value gets copy ``a``, ``b``, ``c`` in turn, so the
    first 2 listed is the Face Up 2 and the second the Cue 2.  Raises ValueError
    unless the values are exactly three of each of 1..5.
    """
    if sorted(values) != sorted(list(VALUES) * 3):
        raise ValueError("a deck must hold exactly three cards of each value 1-5")
    seen: dict[int, int] = {}
    out = []
    for v in values:
        k = seen.get(v, 0)
        seen[v] = k + 1
        out.append(card_id(seat, v, COPIES[k]))
    return out


def catalog_cards() -> list[dict]:
    """One seat's deck described for the catalog (seat 0's ids)."""
    return [{"id": c, "value": value(c), "icons": icons(c)} for c in deck_ids(0)]
