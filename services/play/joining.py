"""Taking and leaving seats: a claim by name (or invite), minting an invite, seating a
bot, a player leaving (to a bot or an open seat).

Each is a read, a check against the seating, and one compare-and-set
(``SeatStore.apply``); a concurrent change makes it re-read and check
again, so a seat taken meanwhile is a 409, never a double claim.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from services.play.ports import SeatRepository
from services.play.records import GameRecord, SeatChange, hash_token, token_matches
from services.play.seating import SeatError, clean_name, require_open, seating_of, with_seat


@dataclass(frozen=True)
class SeatResult:
    record: GameRecord
    seat: int
    #: the secret handed out once: a seat token (claim) or an invite; None for a bot
    secret: str | None


def _open_seating(record: GameRecord, seat: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The running game's seating and ``seat``'s entry, which must be open."""
    if record.status != "running":
        raise SeatError(409, "game_over", "the game has ended")
    seating = seating_of(record.seating, record.players)
    return seating, require_open(seating, seat)


def claim_seat(
    seats: SeatRepository,
    game_id: str,
    seat: int,
    name: str,
    invite: str | None = None,
    record: GameRecord | None = None,
) -> SeatResult:
    """Take open ``seat`` as ``name``; returns its new token (shown once)."""
    name = clean_name(name)
    token = secrets.token_urlsafe(32)

    def plan(record: GameRecord) -> SeatChange:
        seating, entry = _open_seating(record, seat)
        if entry.get("invite"):
            if invite is None:
                raise SeatError(403, "invite_required", f"seat {seat} is kept for an invite")
            if not token_matches(invite, entry["invite"]):
                raise SeatError(403, "invalid_invite", "this invite is not for this seat")
        elif invite is not None:
            raise SeatError(403, "invalid_invite", "this invite is not for this seat")
        hashes = list(record.seat_hashes)
        hashes[seat] = hash_token(token)
        new = with_seat(seating, seat, {"kind": "human", "name": name})
        event = {"type": "seat_taken", "seat": seat, "name": name, "kind": "human"}
        return SeatChange(hashes, new, event)

    return SeatResult(seats.apply(game_id, plan, record), seat, token)


def mint_invite(
    seats: SeatRepository, game_id: str, seat: int, record: GameRecord | None = None
) -> SeatResult:
    """A secret that claims open ``seat`` (once); a newer invite replaces the older."""
    invite = secrets.token_urlsafe(24)

    def plan(record: GameRecord) -> SeatChange:
        seating, _ = _open_seating(record, seat)
        new = with_seat(seating, seat, {"kind": "open", "name": None, "invite": hash_token(invite)})
        return SeatChange(list(record.seat_hashes), new, {"type": "seat_invited", "seat": seat})

    return SeatResult(seats.apply(game_id, plan, record), seat, invite)


def seat_bot(
    seats: SeatRepository,
    game_id: str,
    seat: int,
    name: str | None = None,
    record: GameRecord | None = None,
) -> SeatResult:
    """Hand open ``seat`` to the hint engine (played on a worker)."""
    label = clean_name(name) if name is not None else f"Bot {seat}"

    def plan(record: GameRecord) -> SeatChange:
        seating, _ = _open_seating(record, seat)
        new = with_seat(seating, seat, {"kind": "bot", "name": label})
        event = {"type": "seat_taken", "seat": seat, "name": label, "kind": "bot"}
        return SeatChange(list(record.seat_hashes), new, event)

    return SeatResult(seats.apply(game_id, plan, record), seat, None)


#: what a seat becomes when its player leaves
LEAVE_TO = ("bot", "open")


def leave_seat(
    seats: SeatRepository, game_id: str, seat: int, then: str, record: GameRecord | None = None
) -> SeatResult:
    """The player of ``seat`` leaves a running game: the seat's token stops working, and a
    bot takes the seat (``then="bot"``: the game goes on) or it reopens for anyone to
    claim (``"open"``: no move until someone does)."""
    if then not in LEAVE_TO:
        raise SeatError(422, "invalid_leave", f"a left seat becomes one of {LEAVE_TO}")

    def plan(record: GameRecord) -> SeatChange:
        if record.status != "running":
            raise SeatError(409, "game_over", "the game has ended")
        seating = seating_of(record.seating, record.players)
        if not 0 <= seat < len(seating):
            raise SeatError(404, "no_such_seat", f"seats are 0 to {len(seating) - 1}")
        entry = seating[seat]
        if entry["kind"] != "human":
            raise SeatError(409, "seat_not_held", f"no player holds seat {seat}")
        if then == "bot":
            new = {"kind": "bot", "name": f"Bot {seat}"}
        else:
            new = {"kind": "open", "name": None, "invite": None}
        hashes = list(record.seat_hashes)
        hashes[seat] = ""
        event = {"type": "seat_left", "seat": seat, "name": entry.get("name"), "kind": new["kind"]}
        return SeatChange(hashes, with_seat(seating, seat, new), event)

    return SeatResult(seats.apply(game_id, plan, record), seat, None)


def take_over(
    seats: SeatRepository, game_id: str, taken: list[int], version: int, record: GameRecord
) -> GameRecord | None:
    """Bots take the human ``taken`` seats of a game still at ``version`` (a competitive
    game's clock ran out for them); None when the game moved on meanwhile."""

    def plan(record: GameRecord) -> SeatChange | None:
        if record.version != version or record.status != "running":
            return None
        seating = seating_of(record.seating, record.players)
        hashes = list(record.seat_hashes)
        for seat in taken:
            if seating[seat]["kind"] == "human":
                seating = with_seat(seating, seat, {"kind": "bot", "name": f"Bot {seat}"})
                hashes[seat] = ""
        event = {"type": "timed_out", "seats": taken, "kind": "bot"}
        return SeatChange(hashes, seating, {**event, "seat": taken[0]})

    result = seats.apply(game_id, plan, record)
    return result if result.version != version else None
