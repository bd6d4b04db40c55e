"""Rematch: the next game with the same seats (names, bots) and options, and a fresh seed.

Any seat (or the host) of a finished game may ask; the first request makes the
game, later ones find it (the old game's ``rematch`` field, set once).  Each
human seat of the new game gets a fresh token, derived from that player's old
token and the new game's id::

    new token = base64url(SHA-256("greenroom-rematch:" + new id + ":" + old token))

so only the holder of the old token can learn it, the server still stores
nothing but hashes, and asking again returns the same token (idempotent).
A player picks it up by calling rematch on the old game with the old token;
until then the seat is ``joined: false`` and nobody holds it, but it is not
open: no stranger can claim it.  The old host likewise gets the new host token.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from services.play.clock import rules_options
from services.play.moves import game_for, status_of
from services.play.ports import SeatRepository
from services.play.records import GameNotFound, GameRecord, SeatChange, hash_token
from services.play.seating import SeatError, seating_of, with_seat


@dataclass(frozen=True)
class RematchResult:
    record: GameRecord
    created: bool
    seat: int | None
    token: str | None
    host_token: str | None


def derive_token(old_token: str, new_id: str) -> str:
    digest = hashlib.sha256(f"greenroom-rematch:{new_id}:{old_token}".encode()).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def next_seating(old: GameRecord) -> list[dict[str, Any]]:
    """Bots stay bots; every human seat waits for its player to pick up the new token."""
    seating = []
    for entry in seating_of(old.seating, old.players):
        if entry["kind"] == "bot":
            seating.append({"kind": "bot", "name": entry["name"]})
        else:
            seating.append({"kind": "human", "name": entry.get("name"), "pending": True})
    return seating


def _create_next(seats: SeatRepository, old: GameRecord) -> GameRecord:
    game = game_for(old.game)
    seed = secrets.randbelow(2**31)
    state = game.new(old.players, rules_options(old.options), seed)
    new = seats.store.create(
        old.game, old.players, seed, old.options, state, status_of(game, state),
        seating=next_seating(old), host_token="", seat_tokens=[None] * old.players,
    )  # fmt: skip
    return new.record


def rematch(
    seats: SeatRepository, old: GameRecord, token: str, seat: int | None, host: bool
) -> RematchResult:
    """The next game after ``old`` (freshly read) for the caller (its ``seat``, or the host)."""
    store = seats.store
    if old.status != "finished":
        raise SeatError(409, "game_not_finished", "a rematch follows a finished game")
    created = False
    new_id = old.rematch
    if new_id is None:
        made = _create_next(seats, old)
        new_id = seats.mark_rematch(old, made.id)
        created = new_id == made.id
        if not created:  # another player's request won the race: use theirs
            store.delete(made.id)
    return _pick_up(seats, new_id, token, seat, host, created)


def _pick_up(
    seats: SeatRepository, new_id: str, old_token: str, seat: int | None, host: bool, created: bool
) -> RematchResult:
    """Set the caller's derived token on the new game (once) and return it."""
    fresh = derive_token(old_token, new_id)
    fresh_hash = hash_token(fresh)

    def plan(record: GameRecord) -> SeatChange | None:
        if host:
            if record.host_hash == fresh_hash:
                return None
            if record.host_hash:
                raise SeatError(409, "host_taken", "the rematch already has its host")
            return SeatChange(
                record.seat_hashes, record.seating, {"type": "host_joined"}, fresh_hash
            )
        assert seat is not None
        if record.seat_hashes[seat] == fresh_hash:
            return None
        if record.seat_hashes[seat]:
            raise SeatError(409, "seat_taken", f"seat {seat} of the rematch is taken")
        hashes = list(record.seat_hashes)
        hashes[seat] = fresh_hash
        entry = {k: v for k, v in (record.seating or [])[seat].items() if k != "pending"}
        seating = with_seat(seating_of(record.seating, record.players), seat, entry)
        event = {"type": "seat_joined", "seat": seat, "name": entry.get("name")}
        return SeatChange(hashes, seating, event)

    try:
        record = seats.apply(new_id, plan)
    except GameNotFound:
        raise SeatError(410, "rematch_gone", "the rematch game has expired") from None
    if host:
        return RematchResult(record, created, None, None, fresh)
    return RematchResult(record, created, seat, fresh, None)
