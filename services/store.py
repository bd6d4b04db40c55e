"""The game store on Redis: one versioned record per game plus an append-only log.

Keys (``prefix`` keeps tenants and tests apart; ``<id>`` is the game's id).  Every key
of one game carries the hash tag ``{<id>}``, so on a Redis Cluster they share one slot
and every script below touches that slot only:

- ``<prefix>game:{<id>}``        hash: game, players, seed, options, state, version,
                                 status, created, updated, host, seats (``ended`` once
                                 the service ended it: ``services.endings``)
- ``<prefix>game:{<id>}:log``    list of JSON entries ``{"v", "seat", "action", "at"}``
- ``<prefix>game:{<id>}:events`` stream, one entry per version (id ``<version>-0``) with
                                 the mover's seat and the events of its move; capped length
- channel ``<prefix>live:{<id>}`` gets the new version after every commit (fan-out to
                                 streams in any API process: services/fanout.py); on a
                                 cluster it is a sharded channel (``SPUBLISH``)

Seating (names, open seats, bots; ``services.seating``) is the hash's
``seating`` field, written with the seat token hashes by ``services.seat_store``;
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
from services.records import (
    GameNotFound,
    GameRecord,
    LimitGate,
    LimitRefused,
    NewGame,
    VersionConflict,
    hash_token,
    token_matches,
)
from services.redis_calls import is_cluster, run_script

# Every write of a game hash (a move, a seat change) opens with this compare-and-set
# on KEYS[1]'s version against ARGV[1]; the last argument is the write's id, which the
# write stores as ``commit`` in the same HSET as its new version ``nv`` (set here).  The
# id makes a resend harmless: when a reply is lost on a dropped connection, the client
# sends the script again, and finding its own id one version on means the first send
# was applied -- it answers that version instead of -2 (which would have the move
# re-applied to the state it had already made, or a claimed seat reported taken with
# its one-time token lost).
CAS_LUA = """
local v = redis.call('HGET', KEYS[1], 'version')
if not v then return -1 end
if tonumber(v) ~= tonumber(ARGV[1]) then
  local mine = redis.call('HGET', KEYS[1], 'commit') == ARGV[#ARGV]
  if mine and tonumber(v) == tonumber(ARGV[1]) + 1 then return tonumber(v) end
  return -2
end
local nv = tonumber(v) + 1
"""

# KEYS: game hash, log list, events stream.  ARGV: expected version, state json,
# log entry json, status, ttl seconds (0 = keep), now, events json, events cap,
# live channel, write id.  Returns the new version, -1 when the game is gone, -2 when
# the version moved on.  The events entry and the notification are part of the same
# atomic step, so a stream never sees a version whose events are missing.
COMMIT_LUA = (
    CAS_LUA
    + """
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'version', nv, 'status', ARGV[4], 'updated', ARGV[6],
  'commit', ARGV[#ARGV])
redis.call('RPUSH', KEYS[2], ARGV[3])
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[8], nv .. '-0', 'events', ARGV[7])
local ttl = tonumber(ARGV[5])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
  redis.call('EXPIRE', KEYS[3], ttl)
end
redis.call('PUBLISH', ARGV[9], nv .. ' ' .. ARGV[4])
return nv
"""
)


def sharded(script: str) -> str:
    """``script`` with its notification on a sharded channel (``SPUBLISH``, Redis 7): on a
    cluster the message then stays on the shard that owns the game instead of reaching
    every node; a single Redis keeps the classic ``PUBLISH``."""
    return script.replace("redis.call('PUBLISH',", "redis.call('SPUBLISH',")


# KEYS: a game hash.  ARGV: the version and creation time of a copy of it the caller
# holds (none: no copy).  Returns 1 when that copy is still the stored hash, else the
# whole hash (empty for a missing game).  Every change to a game bumps its version (each
# write is a compare-and-set on it), and a game made again under the same id has another
# creation time, so an equal pair means equal contents.  The rate limiter's script reads
# a game the same way (``api.ratelimit``).
READ_IF_CHANGED_LUA = """
if ARGV[1] then
  local vc = redis.call('HMGET', KEYS[1], 'version', 'created')
  if vc[1] == ARGV[1] and vc[2] == ARGV[2] then return 1 end
end
return redis.call('HGETALL', KEYS[1])
"""


# KEYS: one list per limit, then optionally a game's hash to read.  ARGV: now (ms), the
# number of limits, then per limit its allowance and window (ms), then optionally the
# version and created time of the caller's copy of that hash.
# Each list holds the admitted requests' times in the window, newest first, and stays
# sorted: callers' clocks (and the order their calls reach Redis in) may disagree by a
# little, so a time below the newest one is recorded as that newest time (its request
# counts a little longer: stricter, never looser).  A newest time more than a window
# ahead comes from a clock that jumped; the window then starts afresh rather than pin
# every new time to it.  Times that have left the window are popped from the old end, a
# few at a time; a longer run of them (a client back after a pause) is found by
# bisection and cut with one LTRIM, so no call walks it in Lua.
# The request is admitted (and recorded in every window, in memory only: ``redis.set_repl``,
# as ``api.ratelimit`` explains) only when each window has room.  Returns {admitted,
# limit, remaining, reset_ms, retry_ms} for the tightest limit (the refusing one when
# refused), plus, when admitted and a hash is named, its fields, or 1 when the caller's
# copy is still the stored one (same version, same game), read as
# ``READ_IF_CHANGED_LUA`` reads it.
MOVING_WINDOW_LUA = (
    "local function read(KEYS, ARGV)"
    + READ_IF_CHANGED_LUA
    + """end
local now = tonumber(ARGV[1])
local n = tonumber(ARGV[2])
redis.set_repl(redis.REPL_NONE)
local admitted = 1
local best_limit, best_left, best_reset, retry = -1, -1, 0, 0
local stamps = {}
for i = 1, n do
  local key = KEYS[i]
  local limit = tonumber(ARGV[1 + 2 * i])
  local window = tonumber(ARGV[2 + 2 * i])
  local edge = now - window
  local oldest = redis.call('LINDEX', key, -1)
  local pops = 0
  while oldest and tonumber(oldest) <= edge and pops < 8 do
    redis.call('RPOP', key)
    oldest = redis.call('LINDEX', key, -1)
    pops = pops + 1
  end
  if oldest and tonumber(oldest) <= edge then
    -- the first (newest-side) index whose time has left: all from there on go
    local lo, hi = 0, redis.call('LLEN', key) - 1
    while lo < hi do
      local mid = math.floor((lo + hi) / 2)
      if tonumber(redis.call('LINDEX', key, mid)) <= edge then hi = mid else lo = mid + 1 end
    end
    if lo == 0 then redis.call('DEL', key) else redis.call('LTRIM', key, 0, lo - 1) end
    oldest = redis.call('LINDEX', key, -1)
  end
  local count = 0
  local reset = now + window
  stamps[i] = now
  if oldest then
    local newest = tonumber(redis.call('LINDEX', key, 0))
    if newest > now + window then
      -- written by a clock more than a window ahead (one that jumped back since): the
      -- clamp would pin every new time to it, so the window starts afresh instead
      redis.call('DEL', key)
    else
      count = redis.call('LLEN', key)
      reset = tonumber(oldest) + window
      if newest > now then stamps[i] = newest end
    end
  end
  if count >= limit then
    admitted = 0
    -- room comes back when the entry that keeps the window full ages out
    local wait = tonumber(redis.call('LINDEX', key, limit - 1)) + window - now
    if wait > retry then retry = wait end
    best_limit, best_left, best_reset = limit, 0, reset
  elseif admitted == 1 and (best_left < 0 or limit - count - 1 < best_left) then
    best_limit, best_left, best_reset = limit, limit - count - 1, reset
  end
end
local out = {admitted, best_limit, best_left, best_reset, retry}
if admitted == 1 then
  for i = 1, n do
    redis.call('LPUSH', KEYS[i], stamps[i])
    redis.call('PEXPIRE', KEYS[i], tonumber(ARGV[2 + 2 * i]))
  end
  if #KEYS > n then out[6] = read({KEYS[n + 1]}, {ARGV[3 + 2 * n], ARGV[4 + 2 * n]}) end
end
-- what a caller's script writes after this (a move's commit) is persisted as ever
redis.set_repl(redis.REPL_ALL)
return out
"""
)


# KEYS: the limits' windows, then the game hash, log list and events stream.  ARGV: how
# many of KEYS and of ARGV are the limits' (0 and 0: no limits), the limits' arguments
# (as MOVING_WINDOW_LUA takes them), then the write's (as COMMIT_LUA takes them).
# Returns the limits' five items ({1, -1, -1, 0, 0} without limits); once admitted, a
# sixth: the commit's reply (the new version, -1, -2) and, on -2, a seventh: the game's
# hash as the write found it.  Each rule stays written once: the two scripts are
# wrapped as functions of their own keys and arguments.
LIMITS_AND_COMMIT_LUA = f"""
local function limits(KEYS, ARGV)
{MOVING_WINDOW_LUA}
end
local function commit(KEYS, ARGV)
{COMMIT_LUA}
end
local nk, na = tonumber(ARGV[1]), tonumber(ARGV[2])
local lk, la, ck, ca = {{}}, {{}}, {{}}, {{}}
for i = 1, #KEYS do
  if i <= nk then lk[i] = KEYS[i] else ck[i - nk] = KEYS[i] end
end
for i = 3, #ARGV do
  if i - 2 <= na then la[i - 2] = ARGV[i] else ca[i - 2 - na] = ARGV[i] end
end
local out = {{1, -1, -1, 0, 0}}
if nk > 0 then
  out = limits(lk, la)
  if out[1] == 0 then return out end
end
local r = commit(ck, ca)
out[6] = r
if r == -2 then out[7] = redis.call('HGETALL', ck[1]) end
return out
"""


def hash_unless_current(reply: Any) -> dict[bytes, bytes] | None:
    """A reply of ``READ_IF_CHANGED_LUA``: None when the caller's copy is current, else
    the hash (empty for a missing game)."""
    if reply == 1:
        return None
    return dict(zip(reply[::2], reply[1::2], strict=True))


def write_id() -> str:
    """A fresh id for one write of a game hash (see ``CAS_LUA``)."""
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
        return f"{self.prefix}game:{{{game_id}}}"

    def _log_key(self, game_id: str) -> str:
        return f"{self._key(game_id)}:log"

    def events_key(self, game_id: str) -> str:
        return f"{self._key(game_id)}:events"

    def live_channel(self, game_id: str) -> str:
        return f"{self.prefix}live:{{{game_id}}}"

    def game_id_of_channel(self, channel: str) -> str:
        """The game id a :meth:`live_channel` name carries."""
        return channel[len(self.prefix) + len("live:{") : -1]

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
