"""Seat changes and the lobby index on Redis, beside the game store.

Every seat change (a claim, a bot, an invite, a rematch pick-up) is one Lua
compare-and-set on the game's version, like a move: it rewrites the seat
token hashes and the seating together, bumps the version (every view shows
the seating, so its ETag must move), appends a public ``seat`` event for
streams and notifies them.  Two claims of one seat can therefore never both
win: the second sees a newer version, re-reads, and finds the seat taken.
The script touches the game's own keys only (one slot on a Redis Cluster).

Lobby: ``<prefix>lobby`` and ``<prefix>lobby:<game>`` are sorted sets of the
listed games that have a seat anyone may claim, scored by the time the game
expires (its idle TTL from its last change).  They live in other slots than
the games, so each seat change brings them in step as a follow-up step after
its script: the game's hash is the truth, the index is derived from it.  A
process that dies between the two leaves the index one change behind: a
listing checks every game it shows against the game's own hash (listed, a seat
anyone may claim) and drops the ones that no longer qualify, and the game's
next change (which re-indexes it either way) restores a missing entry.  A
listing reads scores above now, so an expired game drops out with its data;
stale members are trimmed on the way.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from services.play.records import SeatChange
from services.play.seating import Seating, public_open_seats, public_view
from services.registry import UnknownGame, get_game
from services.store import keys
from services.store.games import (
    GameNotFound,
    GameRecord,
    GameStore,
    VersionConflict,
    write_id,
)
from services.store.scripts import REMATCH_LUA, SEAT_CHANGE_LUA


def _title(game: str) -> str:
    try:
        return get_game(game).title
    except UnknownGame:
        return game


#: compare-and-set attempts of one seat change before giving up (409 version_conflict)
ATTEMPTS = 20


@dataclass(frozen=True)
class LobbyPage:
    games: list[dict[str, Any]]
    total: int


class SeatStore:
    """Seat changes and the lobby, over the same Redis and prefix as ``store``."""

    def __init__(self, store: GameStore):
        self.store = store
        self.redis = store.redis
        self.prefix = store.prefix
        self._change = self.redis.register_script(store.script_text(SEAT_CHANGE_LUA))
        self._rematch = self.redis.register_script(store.script_text(REMATCH_LUA))

    def lobby_key(self, game: str | None = None) -> str:
        return keys.lobby(self.prefix, game)

    # -- writes ---------------------------------------------------------------
    def change(
        self,
        record: GameRecord,
        seat_hashes: list[str],
        seating: Seating,
        event: dict[str, Any],
        host_hash: str = "",
    ) -> int:
        """Store new seating for ``record`` (at its version); returns the new version.

        Raises GameNotFound, or VersionConflict when the game changed since it was read.
        """
        gid = record.id
        ttl = self.store.ttl_for(record.status)
        now = time.time()
        result = self._change(
            keys=[self.store.record_key(gid), self.store.log_key(gid), self.store.events_key(gid)],
            args=[
                record.version,
                json.dumps(seat_hashes),
                json.dumps(seating),
                host_hash,
                ttl,
                now,
                "1" if public_open_seats(seating) else "0",
                # seat changes are public (every view shows the seating): every stream gets them
                json.dumps({"seat": event.get("seat", -1), "events": [event], "public": True}),
                self.store.events_cap,
                self.store.live_channel(gid),
                write_id(),
            ],
        )
        if result == -1:
            raise GameNotFound(gid)
        if result == -2:
            current = self.redis.hget(self.store.record_key(gid), "version")
            raise VersionConflict(int(current) if current is not None else None)
        if isinstance(result, list):
            version, indexed = int(result[0]), bool(result[1])
        else:  # a resend found its own write applied (CAS_LUA): the lobby step is still due
            version = int(result)
            listed = self.redis.hget(self.store.record_key(gid), "listed") in (b"1", "1")
            indexed = listed and bool(public_open_seats(seating))
        self.index(gid, record.game, indexed, ttl, now)
        return version

    def index(self, game_id: str, game: str, indexed: bool, ttl: int, now: float) -> None:
        """Bring the lobby index in step with one game (the follow-up of a seat change):
        in both sorted sets, scored by its expiry, or out of both."""
        keys = (self.lobby_key(), self.lobby_key(game))
        with self.redis.pipeline(transaction=False) as pipe:
            for key in keys:
                if indexed:
                    pipe.zadd(key, {game_id: now + ttl if ttl > 0 else 1e18})
                    if ttl > 0:
                        pipe.expire(key, ttl)
                else:
                    pipe.zrem(key, game_id)
            pipe.execute()

    def apply(
        self,
        game_id: str,
        plan: Callable[[GameRecord], SeatChange | None],
        record: GameRecord | None = None,
    ) -> GameRecord:
        """Plan a change against the game and store it; on a conflict re-read and re-plan.

        ``record`` (a fresh read) serves the first attempt.  ``plan`` raises to refuse,
        or returns None when there is nothing to write (the record is returned as read).
        """
        for _ in range(ATTEMPTS):
            record = record or self.store.get(game_id)
            change = plan(record)
            if change is None:
                return record
            try:
                version = self.change(
                    record, change.seat_hashes, change.seating, change.event, change.host_hash
                )
            except VersionConflict:
                record = None
                continue
            return replace(
                record,
                seat_hashes=change.seat_hashes,
                seating=change.seating,
                version=version,
                host_hash=change.host_hash or record.host_hash,
                updated=time.time(),  # within a moment of the stored one
            )
        raise VersionConflict(None)

    def mark_rematch(self, old: GameRecord, new_id: str) -> str:
        """Name ``new_id`` as the rematch of ``old`` unless one is named; returns the one named."""
        event = {"type": "rematch", "id": new_id}
        result = self._rematch(
            keys=[self.store.record_key(old.id), self.store.events_key(old.id)],
            args=[
                new_id,
                json.dumps({"seat": -1, "events": [event], "public": True}),
                self.store.events_cap,
                self.store.live_channel(old.id),
                time.time(),
            ],
        )
        if result is None:
            raise GameNotFound(old.id)
        return result.decode() if isinstance(result, bytes) else str(result)

    def list_new(self, record: GameRecord) -> None:
        """Mark a just-created game as listed and index it while a seat is free to claim."""
        self.redis.hset(self.store.record_key(record.id), "listed", "1")
        open_seats = record.seating is not None and bool(public_open_seats(record.seating))
        if open_seats:
            self.index(record.id, record.game, True, self.store.ttl_for(record.status), time.time())

    def set_on_leave(self, record: GameRecord, then: str) -> None:
        """What a seat becomes when its player leaves (``services.play.joining.leave_seat``),
        as the host chose at creation; unset means a bot takes it."""
        self.redis.hset(self.store.record_key(record.id), "on_leave", then)

    # -- reads ----------------------------------------------------------------
    def on_leave(self, game_id: str) -> str:
        then = self.redis.hget(self.store.record_key(game_id), "on_leave")
        return then.decode() if then else "bot"

    def lobby(self, game: str | None, offset: int, limit: int) -> LobbyPage:
        """Listed games with a seat anyone may claim, the most recently changed first."""
        key = self.lobby_key(game)
        now = time.time()
        self.redis.zremrangebyscore(key, "-inf", now)
        total = self.redis.zcount(key, now, "+inf")
        ids = [
            m.decode()
            for m in self.redis.zrevrangebyscore(key, "+inf", now, start=offset, num=limit)
        ]
        fields = ("game", "players", "options", "seating", "created", "updated", "listed",
                  "status")  # fmt: skip
        with self.redis.pipeline(transaction=False) as pipe:
            for gid in ids:
                pipe.hmget(self.store.record_key(gid), fields)
            rows = pipe.execute()
        games: list[dict[str, Any]] = []
        gone: list[str] = []
        kinds = {game} if game is not None else set()
        for gid, row in zip(ids, rows):
            f = dict(zip(fields, (v.decode() if v is not None else None for v in row)))
            seating = json.loads(f["seating"]) if f["seating"] else []
            if (
                f["game"] is None
                or f["listed"] != "1"
                or not public_open_seats(seating)
                or self.store.idle_end(f["status"], float(f["updated"]), now) is not None
            ):
                # deleted, ended for idleness (nobody can join it any more), or the index
                # is behind its game (a follow-up step that never ran): the index forgets it
                gone.append(gid)
                if f["game"] is not None:
                    kinds.add(f["game"])
                continue
            games.append(
                {
                    "id": gid,
                    "game": f["game"],
                    "title": _title(f["game"]),
                    "players": int(f["players"]),
                    "options": json.loads(f["options"]),
                    "seats": public_view(seating),
                    "open_seats": public_open_seats(seating),
                    "taken": sum(1 for s in seating if s["kind"] != "open"),
                    "created": float(f["created"]),
                    "updated": float(f["updated"]),
                }
            )
        if gone:
            self.redis.zrem(self.lobby_key(), *gone)
            for kind in kinds:
                self.redis.zrem(self.lobby_key(kind), *gone)
        return LobbyPage(games, max(0, total - len(gone)))
