"""The game store on Redis: one versioned record per game plus an append-only log.

Keys (``prefix`` keeps tenants and tests apart):

- ``{prefix}game:{id}``      hash: game, players, seed, options, state, version,
                             status, created, updated, host, seats
- ``{prefix}game:{id}:log``  list of JSON entries ``{"v", "seat", "action", "at"}``

Every write is one Lua script that compares the version and, only if it
matches, replaces the state, bumps the version and appends to the log, so
concurrent writers can never lose an update or fork the log.  Tokens are
stored as SHA-256 hashes only (they are 256-bit random secrets, so a plain
hash is enough) and compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass
from typing import Any

import redis

from services.core.codec import dumps, loads

# KEYS: game hash, log list.  ARGV: expected version, state json, log entry json,
# status, ttl seconds (0 = keep), now.  Returns the new version, -1 when the game
# is gone, -2 when the version moved on.
_COMMIT_LUA = """
local v = redis.call('HGET', KEYS[1], 'version')
if not v then return -1 end
if tonumber(v) ~= tonumber(ARGV[1]) then return -2 end
local nv = tonumber(v) + 1
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'version', nv, 'status', ARGV[4], 'updated', ARGV[6])
redis.call('RPUSH', KEYS[2], ARGV[3])
local ttl = tonumber(ARGV[5])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
end
return nv
"""


class GameNotFound(LookupError):
    """No game with that id (never created, deleted or expired)."""


class VersionConflict(Exception):
    """The game moved on since the version the writer read."""

    def __init__(self, current: int | None):
        super().__init__(f"game is at version {current}")
        self.current = current


@dataclass(frozen=True)
class GameRecord:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    state: dict[str, Any]
    version: int
    status: str
    created: float
    updated: float
    host_hash: str
    seat_hashes: list[str]


@dataclass(frozen=True)
class NewGame:
    record: GameRecord
    host_token: str
    seat_tokens: list[str]


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, stored_hash: str) -> bool:
    """Constant-time comparison of a presented token against a stored hash."""
    return hmac.compare_digest(hash_token(token), stored_hash)


class GameStore:
    """Persistence of games; knows nothing about any game's rules."""

    def __init__(
        self,
        client: redis.Redis,
        prefix: str = "greenroom:",
        idle_ttl_s: int = 7 * 24 * 3600,
        finished_ttl_s: int = 24 * 3600,
    ):
        self.redis = client
        self.prefix = prefix
        self.idle_ttl_s = idle_ttl_s
        self.finished_ttl_s = finished_ttl_s
        self._commit = client.register_script(_COMMIT_LUA)

    def _key(self, game_id: str) -> str:
        return f"{self.prefix}game:{game_id}"

    def _log_key(self, game_id: str) -> str:
        return f"{self.prefix}game:{game_id}:log"

    def ttl_for(self, status: str) -> int:
        return self.finished_ttl_s if status == "finished" else self.idle_ttl_s

    # -- create / read --------------------------------------------------------
    def create(
        self,
        game: str,
        players: int,
        seed: int,
        options: dict[str, Any],
        state: dict[str, Any],
        status: str,
    ) -> NewGame:
        game_id = secrets.token_urlsafe(9)
        host_token = secrets.token_urlsafe(32)
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
            "host": hash_token(host_token),
            "seats": dumps([hash_token(t) for t in seat_tokens]),
        }
        key = self._key(game_id)
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(key, mapping=fields)
            ttl = self.ttl_for(status)
            if ttl > 0:
                pipe.expire(key, ttl)
            pipe.execute()
        return NewGame(self.get(game_id), host_token, seat_tokens)

    def get(self, game_id: str) -> GameRecord:
        return self.record_from(game_id, self.redis.hgetall(self._key(game_id)))

    def record_key(self, game_id: str) -> str:
        """The hash ``get`` reads; its HGETALL reply parses with ``record_from``."""
        return self._key(game_id)

    def record_from(self, game_id: str, raw: dict[bytes, bytes]) -> GameRecord:
        if not raw:
            raise GameNotFound(game_id)
        return GameRecord(
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
        )

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
    ) -> int:
        """Store ``state`` as version ``expected_version + 1``; atomic compare-and-set.

        Raises GameNotFound or VersionConflict; returns the new version.
        """
        now = time.time()
        entry = {"v": expected_version + 1, "seat": seat, "action": action, "at": now}
        result = self._commit(
            keys=[self._key(game_id), self._log_key(game_id)],
            args=[
                expected_version,
                dumps(state),
                dumps(entry),
                status,
                self.ttl_for(status),
                now,
            ],
        )
        if result == -1:
            raise GameNotFound(game_id)
        if result == -2:
            current = self.redis.hget(self._key(game_id), "version")
            raise VersionConflict(int(current) if current is not None else None)
        return int(result)

    def delete(self, game_id: str) -> None:
        if not self.redis.delete(self._key(game_id), self._log_key(game_id)):
            raise GameNotFound(game_id)
