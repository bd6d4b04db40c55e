"""Who sits where: open seats, names, invites, bots and seats awaiting a rematch pick-up.

Pure data, no I/O.  A game's seating is a list with one entry per seat,
stored beside the game (``services.store.seats`` writes it atomically):

- ``{"kind": "human", "name": str | None}``: a seat whose token someone holds;
  ``"pending": True`` while a rematch seat waits for its player to pick it up;
- ``{"kind": "open", "name": None, "invite": hash | None}``: nobody sits there yet;
  with an invite hash, only the holder of that invite may claim it;
- ``{"kind": "bot", "name": str}``: played by the hint engine on a worker.

Games created before seating existed have none; they read as all-human.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

Seating = list[dict[str, Any]]

MAX_NAME = 40


class SeatError(Exception):
    """A seat request that conflicts with the seating (the API maps ``status``)."""

    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


class SeatsOpen(SeatError):
    """A move was tried before every seat is taken."""

    def __init__(self, seats: list[int]):
        super().__init__(409, "seats_open", f"seats {seats} are still open; no move until all are")
        self.seats = seats


def initial_seating(players: int, open_seats: Iterable[int], names: list[str | None]) -> Seating:
    """The seating of a new game: ``open_seats`` empty, the others held by the creator."""
    if len(names) > players:
        raise SeatError(422, "too_many_names", f"name at most {players} seats")
    opened = set(open_seats)
    seating: Seating = []
    for seat in range(players):
        if seat in opened:
            seating.append({"kind": "open", "name": None, "invite": None})
        else:
            name = names[seat] if seat < len(names) else None
            name = clean_name(name) if name is not None else None
            seating.append({"kind": "human", "name": name})
    return seating


def normalise_open_seats(value: bool | list[int] | None, players: int) -> list[int]:
    """``true`` opens every seat, a list opens those; raises SeatError on a bad list."""
    if value is None or value is False:
        return []
    if value is True:
        return list(range(players))
    bad = [s for s in value if not 0 <= s < players]
    if bad:
        raise SeatError(422, "no_such_seat", f"seats are 0 to {players - 1}, not {bad}")
    if len(set(value)) != len(value):
        raise SeatError(422, "duplicate_seat", "each open seat may be named once")
    return sorted(value)


def clean_name(name: str) -> str:
    """A display name: trimmed, 1 to 40 printable characters."""
    name = " ".join(name.split())
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise SeatError(422, "invalid_name", f"a name has 1 to {MAX_NAME} printable characters")
    return name


def seating_of(stored: Seating | None, players: int) -> Seating:
    """The stored seating, or all-human for a game that has none."""
    if stored is None:
        return [{"kind": "human", "name": None} for _ in range(players)]
    return stored


def open_seats(seating: Seating) -> list[int]:
    """Seats nobody holds yet (invited ones included)."""
    return [i for i, s in enumerate(seating) if s["kind"] == "open"]


def public_open_seats(seating: Seating) -> list[int]:
    """Open seats anyone may claim: no invite outstanding."""
    return [i for i, s in enumerate(seating) if s["kind"] == "open" and not s.get("invite")]


def bot_seats(seating: Seating) -> list[int]:
    return [i for i, s in enumerate(seating) if s["kind"] == "bot"]


def require_seated(seating: Seating | None) -> None:
    """Raise SeatsOpen while any seat is open."""
    if seating is not None:
        missing = open_seats(seating)
        if missing:
            raise SeatsOpen(missing)


def public_view(seating: Seating) -> list[dict[str, Any]]:
    """What every viewer may see of the seating: no invite secrets, no token hashes."""
    return [
        {
            "seat": i,
            "name": s.get("name"),
            "kind": s["kind"],
            "open": s["kind"] == "open",
            "invited": bool(s.get("invite")),
            "joined": s["kind"] == "bot" or (s["kind"] == "human" and not s.get("pending")),
        }
        for i, s in enumerate(seating)
    ]


def with_seat(seating: Seating, seat: int, entry: dict[str, Any]) -> Seating:
    """A copy of ``seating`` with ``seat`` replaced (the stored lists are never mutated)."""
    out = [dict(s) for s in seating]
    out[seat] = entry
    return out


def require_open(seating: Seating, seat: int) -> dict[str, Any]:
    if not 0 <= seat < len(seating):
        raise SeatError(404, "no_such_seat", f"seats are 0 to {len(seating) - 1}")
    entry = seating[seat]
    if entry["kind"] != "open":
        raise SeatError(409, "seat_taken", f"seat {seat} is taken")
    return entry
