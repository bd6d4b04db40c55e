"""Seat changes and the lobby index on Redis, beside the game store.

Every seat change (a claim, a bot, an invite, a rematch pick-up) is one Lua
compare-and-set on the game's version, like a move: it rewrites the seat
token hashes and the seating together, bumps the version (every view shows
the seating, so its ETag must move), appends a public ``seat`` event for
streams and notifies them, and keeps the lobby index in step.  Two claims
of one seat can therefore never both win: the second sees a newer version,
re-reads, and finds the seat taken.

Lobby: ``{prefix}lobby`` and ``{prefix}lobby:{game}`` are sorted sets of the
listed games that have a seat anyone may claim, scored by the time the game
expires (its idle TTL from its last change).  A listing reads scores above
now, so an expired game drops out with its data; stale members are trimmed
on the way.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from services.records import SeatChange
from services.registry import UnknownGame, get_game
from services.seating import Seating, public_open_seats, public_view
from services.store import CAS_LUA, GameNotFound, GameRecord, GameStore, VersionConflict, write_id

# KEYS: game hash, log list, events stream, lobby (all games), lobby (this game's kind).
# ARGV: expected version, seats json, seating json, host hash ("" keeps it), ttl,
# now, has a seat anyone may claim (1/0; indexed only if the game asked to be listed),
# events json, events cap, live channel, game id, write id.
# Returns the new version, -1 when the game is gone, -2 when the version moved on.
_SEAT_LUA = (
    CAS_LUA
    + """
redis.call('HSET', KEYS[1], 'seats', ARGV[2], 'seating', ARGV[3], 'version', nv, 'updated', ARGV[6],
  'commit', ARGV[#ARGV])
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'host', ARGV[4]) end
local ttl = tonumber(ARGV[5])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
end
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[9], nv .. '-0', 'events', ARGV[8])
if ttl > 0 then redis.call('EXPIRE', KEYS[3], ttl) end
local id = ARGV[11]
if ARGV[7] == '1' and redis.call('HGET', KEYS[1], 'listed') == '1' then
  local score = 1e18
  if ttl > 0 then score = tonumber(ARGV[6]) + ttl end
  redis.call('ZADD', KEYS[4], score, id)
  redis.call('ZADD', KEYS[5], score, id)
  if ttl > 0 then
    redis.call('EXPIRE', KEYS[4], ttl)
    redis.call('EXPIRE', KEYS[5], ttl)
  end
else
  redis.call('ZREM', KEYS[4], id)
  redis.call('ZREM', KEYS[5], id)
end
local status = redis.call('HGET', KEYS[1], 'status')
redis.call('PUBLISH', ARGV[10], nv .. ' ' .. status)
return nv
"""
)

# KEYS: old game hash, its events stream.  ARGV: new game id, events json, events cap,
# live channel, now.  Sets ``rematch`` once (bumping the version so every viewer of
# the old game learns of it) and returns the id that holds: the new one or the earlier.
_REMATCH_LUA = """
local v = redis.call('HGET', KEYS[1], 'version')
if not v then return false end
local known = redis.call('HGET', KEYS[1], 'rematch')
if known then return known end
local nv = tonumber(v) + 1
redis.call('HSET', KEYS[1], 'rematch', ARGV[1], 'version', nv, 'updated', ARGV[5])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], nv .. '-0', 'events', ARGV[2])
local ttl = redis.call('TTL', KEYS[1])
if ttl > 0 then redis.call('EXPIRE', KEYS[2], ttl) end
redis.call('PUBLISH', ARGV[4], nv .. ' ' .. redis.call('HGET', KEYS[1], 'status'))
return ARGV[1]
"""


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
        self._change = self.redis.register_script(_SEAT_LUA)
        self._rematch = self.redis.register_script(_REMATCH_LUA)

    def lobby_key(self, game: str | None = None) -> str:
        return f"{self.prefix}lobby" if game is None else f"{self.prefix}lobby:{game}"

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
        key = f"{self.prefix}game:{gid}"
        list_it = bool(public_open_seats(seating))
        result = self._change(
            keys=[
                key,
                f"{key}:log",
                self.store.events_key(gid),
                self.lobby_key(),
                self.lobby_key(record.game),
            ],
            args=[
                record.version,
                json.dumps(seat_hashes),
                json.dumps(seating),
                host_hash,
                self.store.ttl_for(record.status),
                time.time(),
                "1" if list_it else "0",
                # seat changes are public (every view shows the seating): every stream gets them
                json.dumps({"seat": event.get("seat", -1), "events": [event], "public": True}),
                self.store.events_cap,
                self.store.live_channel(gid),
                gid,
                write_id(),
            ],
        )
        if result == -1:
            raise GameNotFound(gid)
        if result == -2:
            current = self.redis.hget(key, "version")
            raise VersionConflict(int(current) if current is not None else None)
        return int(result)

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
        key = f"{self.prefix}game:{old.id}"
        event = {"type": "rematch", "id": new_id}
        result = self._rematch(
            keys=[key, self.store.events_key(old.id)],
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
        ttl = self.store.ttl_for(record.status)
        score = time.time() + ttl if ttl > 0 else 1e18
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(f"{self.prefix}game:{record.id}", "listed", "1")
            if record.seating is None or not public_open_seats(record.seating):
                pipe.execute()
                return
            for key in (self.lobby_key(), self.lobby_key(record.game)):
                pipe.zadd(key, {record.id: score})
                if ttl > 0:
                    pipe.expire(key, ttl)
            pipe.execute()

    def set_on_leave(self, record: GameRecord, then: str) -> None:
        """What a seat becomes when its player leaves (``services.joining.leave_seat``),
        as the host chose at creation; unset means a bot takes it."""
        self.redis.hset(f"{self.prefix}game:{record.id}", "on_leave", then)

    # -- reads ----------------------------------------------------------------
    def on_leave(self, game_id: str) -> str:
        then = self.redis.hget(f"{self.prefix}game:{game_id}", "on_leave")
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
        fields = ("game", "players", "options", "seating", "created", "updated", "status")
        with self.redis.pipeline(transaction=False) as pipe:
            for gid in ids:
                pipe.hmget(f"{self.prefix}game:{gid}", fields)
            rows = pipe.execute()
        games, gone = [], []
        for gid, row in zip(ids, rows):
            if row[0] is None:
                gone.append(gid)  # deleted: the index forgets it
                continue
            f = dict(zip(fields, (v.decode() if v is not None else None for v in row)))
            if self.store.idle_end(f["status"], float(f["updated"]), now) is not None:
                gone.append(gid)  # ended for idleness: nobody can join it any more
                continue
            seating = json.loads(f["seating"]) if f["seating"] else []
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
            if game is not None:
                self.redis.zrem(key, *gone)
        return LobbyPage(games, max(0, total - len(gone)))
