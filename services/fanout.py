"""Fan-out of new game versions to the streams of any API process, through Redis.

Every commit (services/store.py) appends the move's events to the game's
events stream and publishes ``"<version> <status>"`` on ``{prefix}live:{id}``
in the same Lua script.  Each API process keeps one pattern subscription
(``{prefix}live:*``) in a background thread and wakes the local waiters of
that game; a waiter then re-reads the game from Redis.  Nothing here is the
truth: a lost notification only delays a stream until its next heartbeat,
when it re-reads the version anyway.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import redis

from services.connections import RedisSpec, connect
from services.core.codec import loads
from services.store import GameRecord, GameStore


@dataclass(frozen=True)
class Move:
    """What one version did: who moved and the events the rules reported to the mover."""

    version: int
    seat: int
    events: list[dict[str, Any]]
    #: events anyone may see (a seat change), not only the mover
    public: bool = False


def moves_between(store: GameStore, game_id: str, after: int, upto: int) -> tuple[list[Move], bool]:
    """The moves of versions ``after+1 .. upto`` and whether all of them were still kept.

    The events stream is capped (``store.events_cap``), so a very old resume
    point may have lost its oldest entries; the caller then says so.
    """
    if upto <= after:
        return [], True
    rows = store.redis.xrange(store.events_key(game_id), f"{after + 1}-0", f"{upto}-0")
    moves = []
    for entry_id, fields in rows:
        version = int(entry_id.decode().split("-")[0])
        body = loads(fields[b"events"])
        moves.append(Move(version, int(body["seat"]), body["events"], bool(body.get("public"))))
    complete = len(moves) == upto - after
    return moves, complete


class _Waiter:
    __slots__ = ("event", "deleted")

    def __init__(self) -> None:
        self.event = threading.Event()
        self.deleted = False


class Hub:
    """One per process: a Redis pattern subscription that wakes local stream waiters.

    Under gevent (gunicorn's gevent worker patches threading) the thread is a
    greenlet and the waits are cooperative; under threads they are real.
    """

    def __init__(self, spec: RedisSpec, prefix: str):
        self._spec = spec
        self._pattern = f"{prefix}live:*"
        self._skip = len(prefix) + len("live:{")  # channels are ``<prefix>live:{<id>}``
        self._lock = threading.Lock()
        self._waiters: dict[str, set[_Waiter]] = {}
        self._records: dict[str, GameRecord] = {}
        #: the newest version announced per watched game
        self._announced: dict[str, int] = {}
        #: recent moves per watched game, shared by its local streams
        self._moves: dict[str, dict[int, Move]] = {}
        self._started = False
        self.ready = threading.Event()

    # -- the listener ---------------------------------------------------------
    def _ensure_started(self) -> None:
        with self._lock:
            if self._started:
                return
            self._started = True
        threading.Thread(target=self._run, name="greenroom-fanout", daemon=True).start()
        # a stream that subscribed before the listener is up would miss the
        # first notification; waiting briefly here closes that window
        self.ready.wait(timeout=2.0)

    def _run(self) -> None:
        while True:
            try:
                client = connect(self._spec, socket_timeout=30.0, pool_size=2)
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                pubsub.psubscribe(self._pattern)
                self.ready.set()
                self._wake_all()  # anything may have moved while we were away
                while True:
                    message = pubsub.get_message(timeout=10.0)
                    if message is None:
                        pubsub.ping()  # a dead connection surfaces as an error here
                        continue
                    if message.get("type") == "pmessage":
                        self._dispatch(message["channel"], message["data"])
            except (redis.ConnectionError, redis.TimeoutError, OSError):
                self.ready.clear()
                time.sleep(1.0)

    def _dispatch(self, channel: bytes, data: bytes) -> None:
        game_id = channel.decode()[self._skip : -1]
        text = data.decode()
        deleted = text.endswith(" deleted")
        version = text.split(" ", 1)[0]
        with self._lock:
            waiters = list(self._waiters.get(game_id, ()))
            if deleted:
                self._records.pop(game_id, None)
            elif waiters and version.isdigit():
                known = self._announced.get(game_id, 0)
                self._announced[game_id] = max(known, int(version))
        for w in waiters:
            w.deleted = w.deleted or deleted
            w.event.set()

    def _wake_all(self) -> None:
        with self._lock:
            waiters = [w for ws in self._waiters.values() for w in ws]
            self._records.clear()  # notifications were missed: re-read everything
        for w in waiters:
            w.event.set()

    # -- for streams and long polls ----------------------------------------------
    @contextmanager
    def watch(self, game_id: str) -> Iterator[_Waiter]:
        """Register a waiter for ``game_id`` for the duration of the block."""
        self._ensure_started()
        waiter = _Waiter()
        with self._lock:
            self._waiters.setdefault(game_id, set()).add(waiter)
        try:
            yield waiter
        finally:
            with self._lock:
                ws = self._waiters.get(game_id)
                if ws is not None:
                    ws.discard(waiter)
                    if not ws:
                        del self._waiters[game_id]
                        self._records.pop(game_id, None)
                        self._announced.pop(game_id, None)
                        self._moves.pop(game_id, None)

    def record(self, store: GameStore, game_id: str, trust: bool = False) -> GameRecord:
        """The game's current record, read once per version for all local watchers.

        Records are immutable per version.  With ``trust`` (a wake-up by a
        notification) a cached record as new as the newest announced version
        is used as is; otherwise one HGET of the version confirms it first.
        """
        with self._lock:
            cached = self._records.get(game_id)
            announced = self._announced.get(game_id, 0)
        if cached is not None:
            if trust and cached.version >= announced:
                return cached
            if store.current_version(game_id) == cached.version:
                return cached
        fresh = store.get(game_id)
        with self._lock:
            if game_id in self._waiters:
                old = self._records.get(game_id)
                if old is None or old.version < fresh.version:
                    self._records[game_id] = fresh
        return fresh

    def moves(
        self, store: GameStore, game_id: str, after: int, upto: int
    ) -> tuple[list[Move], bool]:
        """``moves_between``, read from Redis once per version for all local watchers."""
        with self._lock:
            known = self._moves.get(game_id, {})
            have = [known.get(v) for v in range(after + 1, upto + 1)]
        if all(m is not None for m in have):
            return have, True  # type: ignore[return-value]
        moves, complete = moves_between(store, game_id, after, upto)
        with self._lock:
            if game_id in self._waiters:
                cache = self._moves.setdefault(game_id, {})
                cache.update((m.version, m) for m in moves)
                for v in [v for v in cache if v <= upto - KEEP_MOVES]:
                    del cache[v]
        return moves, complete


#: moves kept in each process's cache per watched game (older ones are re-read)
KEEP_MOVES = 64

_HUBS: dict[tuple[RedisSpec, str], Hub] = {}
_HUBS_LOCK = threading.Lock()


def hub_for(spec: RedisSpec, prefix: str) -> Hub:
    """The process's hub for one Redis and key prefix (created on first use)."""
    with _HUBS_LOCK:
        hub = _HUBS.get((spec, prefix))
        if hub is None:
            hub = _HUBS[(spec, prefix)] = Hub(spec, prefix)
        return hub
