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

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import redis

from services.store import GameRecord, GameStore


@dataclass(frozen=True)
class Move:
    """What one version did: who moved and the events the rules reported to the mover."""

    version: int
    seat: int
    events: list[dict[str, Any]]


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
        body = json.loads(fields[b"events"])
        moves.append(Move(version, int(body["seat"]), body["events"]))
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

    def __init__(self, url: str, prefix: str):
        self._url = url
        self._pattern = f"{prefix}live:*"
        self._skip = len(prefix) + len("live:")
        self._lock = threading.Lock()
        self._waiters: dict[str, set[_Waiter]] = {}
        self._records: dict[str, GameRecord] = {}
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
                client = redis.Redis.from_url(
                    self._url, socket_connect_timeout=2.0, socket_timeout=30.0
                )
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
        game_id = channel.decode()[self._skip :]
        deleted = data.decode().endswith(" deleted")
        with self._lock:
            waiters = list(self._waiters.get(game_id, ()))
            if deleted:
                self._records.pop(game_id, None)
        for w in waiters:
            w.deleted = w.deleted or deleted
            w.event.set()

    def _wake_all(self) -> None:
        with self._lock:
            waiters = [w for ws in self._waiters.values() for w in ws]
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

    def record(self, store: GameStore, game_id: str) -> GameRecord:
        """The game's current record, read once per version for all local watchers.

        Records are immutable per version, so a cached one is reused only when
        Redis still reports that version (one cheap HGET instead of the state).
        """
        with self._lock:
            cached = self._records.get(game_id)
        if cached is not None and store.current_version(game_id) == cached.version:
            return cached
        fresh = store.get(game_id)
        with self._lock:
            if game_id in self._waiters:
                self._records[game_id] = fresh
        return fresh


_HUBS: dict[tuple[str, str], Hub] = {}
_HUBS_LOCK = threading.Lock()


def hub_for(url: str, prefix: str) -> Hub:
    """The process's hub for one Redis and key prefix (created on first use)."""
    with _HUBS_LOCK:
        hub = _HUBS.get((url, prefix))
        if hub is None:
            hub = _HUBS[(url, prefix)] = Hub(url, prefix)
        return hub
