"""Taking seats: a claim by name (or invite), minting an invite, seating a bot.

Each is a read, a check against the seating, and one compare-and-set
(``SeatStore.change``); a concurrent change makes it re-read and check
again, so a seat taken meanwhile is a 409, never a double claim.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from services.seat_store import SeatStore
from services.seating import SeatError, clean_name, require_open, seating_of, with_seat
from services.store import GameRecord, VersionConflict, hash_token, token_matches

ATTEMPTS = 20


@dataclass(frozen=True)
class SeatResult:
    record: GameRecord
    seat: int
    #: the secret handed out once: a seat token (claim) or an invite; None for a bot
    secret: str | None


#: a planned change: new seat hashes, seating, the public event, and the secret to return
Plan = tuple[list[str], list[dict[str, Any]], dict[str, Any], str | None]


def _apply(
    seats: SeatStore,
    game_id: str,
    seat: int,
    plan: Callable[[GameRecord], Plan],
    record: GameRecord | None = None,
) -> SeatResult:
    """Plan against the game and store the change; ``record`` (a fresh read) serves the
    first attempt, a conflict re-reads."""
    for _ in range(ATTEMPTS):
        record = record or seats.store.get(game_id)
        if record.status != "running":
            raise SeatError(409, "game_over", "the game has ended")
        hashes, seating, event, secret = plan(record)
        try:
            version = seats.change(record, hashes, seating, event)
        except VersionConflict:
            record = None
            continue
        changed = replace(record, seat_hashes=hashes, seating=seating, version=version)
        return SeatResult(changed, seat, secret)
    raise VersionConflict(None)


def _seating(record: GameRecord) -> list[dict[str, Any]]:
    return seating_of(record.seating, record.players)


def claim_seat(
    seats: SeatStore,
    game_id: str,
    seat: int,
    name: str,
    invite: str | None = None,
    record: GameRecord | None = None,
) -> SeatResult:
    """Take open ``seat`` as ``name``; returns its new token (shown once)."""
    name = clean_name(name)
    token = secrets.token_urlsafe(32)

    def plan(record: GameRecord) -> Plan:
        seating = _seating(record)
        entry = require_open(seating, seat)
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
        return hashes, new, event, token

    return _apply(seats, game_id, seat, plan, record)


def mint_invite(
    seats: SeatStore, game_id: str, seat: int, record: GameRecord | None = None
) -> SeatResult:
    """A secret that claims open ``seat`` (once); a newer invite replaces the older."""
    invite = secrets.token_urlsafe(24)

    def plan(record: GameRecord) -> Plan:
        seating = _seating(record)
        require_open(seating, seat)
        new = with_seat(seating, seat, {"kind": "open", "name": None, "invite": hash_token(invite)})
        return list(record.seat_hashes), new, {"type": "seat_invited", "seat": seat}, invite

    return _apply(seats, game_id, seat, plan, record)


def seat_bot(
    seats: SeatStore,
    game_id: str,
    seat: int,
    name: str | None = None,
    record: GameRecord | None = None,
) -> SeatResult:
    """Hand open ``seat`` to the hint engine (played on a worker)."""
    label = clean_name(name) if name is not None else f"Bot {seat}"

    def plan(record: GameRecord) -> Plan:
        seating = _seating(record)
        require_open(seating, seat)
        new = with_seat(seating, seat, {"kind": "bot", "name": label})
        event = {"type": "seat_taken", "seat": seat, "name": label, "kind": "bot"}
        return list(record.seat_hashes), new, event, None

    return _apply(seats, game_id, seat, plan, record)
