"""The game store on Redis: one versioned record per game plus an append-only log.

Keys (``prefix`` keeps tenants and tests apart; ``<id>`` is the game's id).  Every key
of one game carries the hash tag ``{<id>}``, so on a Redis Cluster they share one slot
and every script below touches that slot only:

- ``<prefix>game:{<id>}``        hash: game, players, seed, options, state, version,
                                 status, created, updated, host, seats (``ended`` once
                                 the service ended it: ``services.store.endings``)
- ``<prefix>game:{<id>}:log``    list of JSON entries ``{"v", "seat", "action", "at"}``
- ``<prefix>game:{<id>}:events`` stream, one entry per version (id ``<version>-0``) with
                                 the mover's seat and the events of its move; capped length
- channel ``<prefix>live:{<id>}`` gets the new version after every commit (fan-out to
                                 streams in any API process: services/store/fanout.py); on a
                                 cluster it is a sharded channel (``SPUBLISH``)

Seating (names, open seats, bots; ``services.play.seating``) is the hash's
``seating`` field, written with the seat token hashes by ``services.store.seats``;
``rematch`` names the next game once one is made.

Every write is one Lua script that compares the version and, only if it
matches, replaces the state, bumps the version and appends to the log, so
concurrent writers can never lose an update or fork the log.  Tokens are
stored as SHA-256 hashes only (they are 256-bit random secrets, so a plain
hash is enough) and compared in constant time.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import replace
from typing import Any

import redis

from services.core.codec import dumps, loads
from services.play.records import (
    GameNotFound,
    GameRecord,
    LimitGate,
    LimitRefused,
    NewGame,
    VersionConflict,
    hash_token,
    token_matches,
)
from services.store import keys
from services.store.redis_calls import is_cluster, run_script
from services.store.scripts import LIMITS_AND_COMMIT_LUA, READ_IF_CHANGED_LUA


def sharded(script: str) -> str:
    """``script`` with its notification on a sharded channel (``SPUBLISH``, Redis 7): on a
    cluster the message then stays on the shard that owns the game instead of reaching
    every node; a single Redis keeps the classic ``PUBLISH``."""
    return script.replace("redis.call('PUBLISH',", "redis.call('SPUBLISH',")


def hash_unless_current(reply: Any) -> dict[bytes, bytes] | None:
    """A reply of ``READ_IF_CHANGED_LUA``: None when the caller's copy is current, else
    the hash (empty for a missing game)."""
    if reply == 1:
        return None
    return dict(zip(reply[::2], reply[1::2], strict=True))


def write_id() -> str:
    """A fresh id for one write of a game hash (see ``lua/cas.lua``)."""
    return secrets.token_hex(8)


class GameStore:
    """Persistence of games; knows nothing about any game's rules."""

    def __init__(
        self,
        client: redis.Redis,
        prefix: str = "greenroom:",
        idle_ttl_s: int = 7 * 24 * 3600,
        finished_ttl_s: int = 24 * 3600,
        events_cap: int = 10_000,
    ):
        self.redis = client
        #: a Redis Cluster client: notifications go on sharded channels
        self.clustered = is_cluster(client)
        self.prefix = prefix
        self.idle_ttl_s = idle_ttl_s
        self.finished_ttl_s = finished_ttl_s
        #: versions of events kept per game for stream resumes (approximate cap)
        self.events_cap = events_cap
        self._commit = client.register_script(self.script_text(LIMITS_AND_COMMIT_LUA))
        self._read_if_changed = client.register_script(READ_IF_CHANGED_LUA)

    def script_text(self, script: str) -> str:
        """A script that notifies a live channel, as this store's Redis takes it."""
        return sharded(script) if self.clustered else script

    def notify(self, game_id: str, message: str) -> None:
        """Publish ``message`` on the game's live channel (sharded on a cluster)."""
        if self.clustered:
            self.redis.spublish(self.live_channel(game_id), message)
        else:
            self.redis.publish(self.live_channel(game_id), message)

    def _key(self, game_id: str) -> str:
        return keys.game(self.prefix, game_id)

    def _log_key(self, game_id: str) -> str:
        return keys.game_log(self.prefix, game_id)

    def events_key(self, game_id: str) -> str:
        return keys.game_events(self.prefix, game_id)

    def live_channel(self, game_id: str) -> str:
        return keys.live_channel(self.prefix, game_id)

    def game_id_of_channel(self, channel: str) -> str:
        """The game id a :meth:`live_channel` name carries."""
        return keys.game_id_of_channel(self.prefix, channel)

    def ttl_for(self, status: str) -> int:
        """Seconds a game is kept after a change (0: for ever).  A running game left idle
        for ``idle_ttl_s`` reads as ended (:meth:`record_from`) and is then kept as long
        as any finished game."""
        if status == "finished":
            return self.finished_ttl_s
        if self.idle_ttl_s <= 0 or self.finished_ttl_s <= 0:
            return 0
        return self.idle_ttl_s + self.finished_ttl_s

    def idle_end(self, status: str, updated: float, now: float | None = None) -> float | None:
        """When a running game last changed at ``updated`` ended for idleness, if it has."""
        if status != "running" or self.idle_ttl_s <= 0:
            return None
        end = updated + self.idle_ttl_s
        return end if end <= (time.time() if now is None else now) else None

    # -- create / read --------------------------------------------------------
    def create(
        self,
        game: str,
        players: int,
        seed: int,
        options: dict[str, Any],
        state: dict[str, Any],
        status: str,
        *,
        seating: list[dict[str, Any]] | None = None,
        game_id: str | None = None,
        host_token: str | None = None,
        seat_tokens: list[str | None] | None = None,
    ) -> NewGame:
        """A new game.  By default every seat and the host get a fresh token; with
        ``seat_tokens`` given, a None entry leaves that seat without one (as does
        ``host_token=""`` for the host)."""
        game_id = game_id or secrets.token_urlsafe(9)
        if host_token is None:
            host_token = secrets.token_urlsafe(32)
        if seat_tokens is None:
            seat_tokens = [secrets.token_urlsafe(32) for _ in range(players)]
        now = time.time()
        fields = {
            "game": game,
            "players": players,
            "seed": seed,
            "options": dumps(options),
            "state": dumps(state),
            "version": 1,
            "status": status,
            "created": now,
            "updated": now,
            "host": hash_token(host_token) if host_token else "",
            "seats": dumps([hash_token(t) if t else "" for t in seat_tokens]),
        }
        if seating is not None:
            fields["seating"] = dumps(seating)
        key = self._key(game_id)
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(key, mapping=fields)
            ttl = self.ttl_for(status)
            if ttl > 0:
                pipe.expire(key, ttl)
            pipe.execute()
        return NewGame(self.get(game_id), host_token or None, seat_tokens)

    def get(self, game_id: str) -> GameRecord:
        return self.record_from(game_id, self.redis.hgetall(self._key(game_id)))

    def read_if_changed(
        self, game_id: str, known: tuple[bytes, bytes] | None
    ) -> dict[bytes, bytes] | None:
        """The game's hash as :meth:`get` reads it, or None when ``known`` (the version and
        creation time of a copy the caller holds) says that copy is still the stored one;
        one round trip either way, and only a few bytes back for a current copy."""
        return hash_unless_current(
            run_script(self._read_if_changed, [self._key(game_id)], list(known or ()))
        )

    def record_key(self, game_id: str) -> str:
        """The hash ``get`` reads; its HGETALL reply parses with ``record_from``."""
        return self._key(game_id)

    def record_from(self, game_id: str, raw: dict[bytes, bytes]) -> GameRecord:
        """The record of a game's hash; a running game idle past ``idle_ttl_s`` reads as
        finished, ``ended`` ``{"reason": "idle", "at": <time>}``, and takes no more moves."""
        if not raw:
            raise GameNotFound(game_id)
        record = GameRecord(
            id=game_id,
            game=raw[b"game"].decode(),
            players=int(raw[b"players"]),
            seed=int(raw[b"seed"]),
            options=loads(raw[b"options"]),
            state=loads(raw[b"state"]),
            version=int(raw[b"version"]),
            status=raw[b"status"].decode(),
            created=float(raw[b"created"]),
            updated=float(raw[b"updated"]),
            host_hash=raw[b"host"].decode(),
            seat_hashes=loads(raw[b"seats"]),
            seating=loads(raw[b"seating"]) if b"seating" in raw else None,
            rematch=raw[b"rematch"].decode() if b"rematch" in raw else None,
            ended=loads(raw[b"ended"]) if b"ended" in raw else None,
        )
        idle_end = self.idle_end(record.status, record.updated)
        if idle_end is None:
            return record
        return replace(record, status="finished", ended={"reason": "idle", "at": idle_end})

    def current_version(self, game_id: str) -> int:
        """Just the version (one HGET): enough to tell whether a cached record is stale."""
        version = self.redis.hget(self._key(game_id), "version")
        if version is None:
            raise GameNotFound(game_id)
        return int(version)

    def log_key(self, game_id: str) -> str:
        return self._log_key(game_id)

    def log(self, game_id: str) -> list[dict[str, Any]]:
        if not self.redis.exists(self._key(game_id)):
            raise GameNotFound(game_id)
        return [loads(e) for e in self.redis.lrange(self._log_key(game_id), 0, -1)]

    # -- write -------------------------------------------------------------
    def commit(
        self,
        game_id: str,
        expected_version: int,
        state: dict[str, Any],
        status: str,
        seat: int,
        action: dict[str, Any],
        events: list[dict[str, Any]] | None = None,
        written: dict[bytes, bytes] | None = None,
        gate: LimitGate | None = None,
    ) -> int:
        """Store ``state`` as version ``expected_version + 1``; atomic compare-and-set.

        ``events`` (what the move did, as the rules report it to the mover) are
        kept per version for streams; each stream filters them for its viewer.
        A ``written`` dict receives, once the write is done, the hash fields it set,
        byte for byte as Redis now holds them (so a copy of the hash can be kept current).
        With ``gate``, the write is first admitted through its rate-limit windows: in the
        same script when they share this Redis, else in a call of their own before it.

        Raises GameNotFound, VersionConflict (with the hash the write found) or
        LimitRefused (nothing written); returns the new version.
        """
        lkeys: list[str] = []
        largs: list[Any] = []
        if gate is not None and gate.fused:
            lkeys, largs = gate.keys, gate.args
        elif gate is not None:
            gate.reply = list(gate.check_apart())
            if not gate.reply[0]:
                raise LimitRefused()
        now = time.time()
        commit_id = write_id()
        entry = {"v": expected_version + 1, "seat": seat, "action": action, "at": now}
        state_json = dumps(state)
        keys = [self._key(game_id), self._log_key(game_id), self.events_key(game_id)]
        args = [
            expected_version,
            state_json,
            dumps(entry),
            status,
            self.ttl_for(status),
            now,
            dumps({"seat": seat, "events": events or []}),
            self.events_cap,
            self.live_channel(game_id),
            commit_id,
        ]
        reply = run_script(self._commit, lkeys + keys, [len(lkeys), len(largs), *largs, *args])
        if lkeys and gate is not None:
            gate.reply = list(reply[:5])
        if len(reply) < 6:
            raise LimitRefused()
        result = reply[5]
        if result == -1:
            raise GameNotFound(game_id)
        if result == -2:
            fresh = dict(zip(reply[6][::2], reply[6][1::2], strict=True))
            current = fresh.get(b"version")
            raise VersionConflict(int(current) if current is not None else None, fresh)
        if written is not None:
            # as the script's HSET stores them: the integer version in decimal, the
            # other arguments as redis-py encoded them (a float by its repr)
            written.update(
                {
                    b"state": state_json,
                    b"version": str(int(result)).encode(),
                    b"status": status.encode(),
                    b"updated": repr(now).encode(),
                    b"commit": commit_id.encode(),
                }
            )
        return int(result)

    def delete(self, game_id: str) -> None:
        keys = (self._key(game_id), self._log_key(game_id), self.events_key(game_id))
        if not self.redis.delete(*keys):
            raise GameNotFound(game_id)
        self.notify(game_id, "0 deleted")


__all__ = [
    "GameNotFound",
    "GameRecord",
    "GameStore",
    "NewGame",
    "VersionConflict",
    "hash_token",
    "token_matches",
]
