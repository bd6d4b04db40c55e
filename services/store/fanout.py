"""Fan-out of new game versions to the streams of any API process, through Redis.

Every commit (services/store/games.py) appends the move's events to the game's
events stream and publishes ``"<version> <status>"`` on ``<prefix>live:{<id>}``
in the same Lua script.  On a single Redis each API process keeps one pattern
subscription (``<prefix>live:*``) in a background thread.  On a Redis Cluster
the commit publishes on a sharded channel (``SPUBLISH``), which stays on the
shard that owns the game; each process then ``SSUBSCRIBE``s, on that shard, to
the channel of each game it has a local watcher of, and drops it when the last
one leaves, so a move wakes only the processes that watch its game.  Either way
the listener wakes the local waiters of that game; a waiter then re-reads the
game from Redis.  Nothing here is the truth: a lost notification only delays a
stream until its next heartbeat, when it re-reads the version anyway.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import redis

from services.core.codec import loads
from services.store import keys
from services.store.connections import RedisSpec, connect
from services.store.games import GameRecord, GameStore


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
        self._pattern = keys.live_pattern(prefix)
        self._skip = len(keys.live_channel(prefix, "")) - 1  # the channel name before the id
        self._lock = threading.Lock()
        self._waiters: dict[str, set[_Waiter]] = {}
        self._records: dict[str, GameRecord] = {}
        #: the newest version announced per watched game
        self._announced: dict[str, int] = {}
        #: recent moves per watched game, shared by its local streams
        self._moves: dict[str, dict[int, Move]] = {}
        self._started = False
        self.ready = threading.Event()
        #: on a cluster: the sharded subscriptions, one connection per shard in use
        self._shards: Shards | None = None

    # -- the listener ---------------------------------------------------------
    def _ensure_started(self) -> None:
        with self._lock:
            if self._started:
                return
            self._started = True
        if self._spec.clustered:
            self._shards = Shards(self, connect(self._spec, socket_timeout=30.0, pool_size=4))
            self.ready.set()
            return
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
            first = game_id not in self._waiters
            self._waiters.setdefault(game_id, set()).add(waiter)
        if first and self._shards is not None:
            self._shards.sync(self._channel(game_id), lambda: self._is_watched(game_id))
        try:
            yield waiter
        finally:
            last = False
            with self._lock:
                ws = self._waiters.get(game_id)
                if ws is not None:
                    ws.discard(waiter)
                    if not ws:
                        last = True
                        del self._waiters[game_id]
                        self._records.pop(game_id, None)
                        self._announced.pop(game_id, None)
                        self._moves.pop(game_id, None)
            if last and self._shards is not None:
                self._shards.sync(self._channel(game_id), lambda: self._is_watched(game_id))

    def _channel(self, game_id: str) -> str:
        return f"{self._pattern[:-1]}{{{game_id}}}"

    def _is_watched(self, game_id: str) -> bool:
        with self._lock:
            return game_id in self._waiters

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


class _Shard:
    """One shard's sharded subscriptions, read by a thread of their own."""

    def __init__(self, shards: Shards, host: str, port: int):
        self.shards = shards
        self.address = (host, port)
        client = redis.Redis(host=host, port=port, socket_connect_timeout=2.0,
                             socket_timeout=30.0)  # fmt: skip
        self.pubsub = client.pubsub()
        self.lock = threading.Lock()
        #: channels whose subscription the shard has confirmed
        self.confirmed: dict[str, threading.Event] = {}
        self.broken = False
        threading.Thread(target=self._run, name="greenroom-fanout-shard", daemon=True).start()

    def subscribe(self, channel: str) -> None:
        done = threading.Event()
        with self.lock:
            self.confirmed[channel] = done
            self.pubsub.ssubscribe(channel)
        # a move between here and the shard's confirmation would go unheard: wait for it
        done.wait(timeout=2.0)

    def unsubscribe(self, channel: str) -> None:
        with self.lock:
            self.confirmed.pop(channel, None)
            if not self.broken:
                self.pubsub.sunsubscribe(channel)

    def _run(self) -> None:
        hub = self.shards.hub
        try:
            while True:
                message = self.pubsub.get_message(timeout=10.0)
                if message is None:
                    if self.pubsub.subscribed:
                        with self.lock:
                            self.pubsub.ping()  # a dead connection surfaces as an error here
                    continue
                kind, channel = message.get("type"), message.get("channel")
                if kind == "smessage":
                    hub._dispatch(channel, message["data"])
                elif kind == "ssubscribe":
                    done = self.confirmed.get(channel.decode())
                    if done is not None and done.is_set():
                        # redis-py reconnected a dropped connection by itself and subscribed
                        # again: what was published in between is lost, so all re-read
                        hub._wake_all()
                    elif done is not None:
                        done.set()
        except (redis.RedisError, OSError, ValueError):
            self.shards.lost(self)


class Shards:
    """A process's sharded subscriptions on a Redis Cluster: each watched game's channel
    on the shard that owns its slot, one connection per shard in use."""

    def __init__(self, hub: Hub, cluster: Any):
        self.hub = hub
        self.cluster = cluster
        self.lock = threading.RLock()
        self.shards: dict[tuple[str, int], _Shard] = {}
        self.placed: dict[str, _Shard] = {}
        #: channels to place again once their shard answers (see :meth:`lost`)
        self.pending: set[str] = set()
        self.repairing = False

    def sync(self, channel: str, wanted: Callable[[], bool]) -> None:
        """Subscribe ``channel`` or drop it, as ``wanted()`` says now: a watcher that
        arrives while the last one leaves cannot lose its subscription to the leaving."""
        with self.lock:
            want = wanted()
            if want and channel not in self.placed:
                self._place(channel)
            elif not want:
                self.pending.discard(channel)
                shard = self.placed.pop(channel, None)
                if shard is not None:
                    try:
                        shard.unsubscribe(channel)
                    except (redis.RedisError, OSError):
                        self.lost(shard)

    def _place(self, channel: str) -> None:
        node = self.cluster.get_node_from_key(channel)
        address = (node.host, int(node.port))
        shard = self.shards.get(address)
        if shard is None or shard.broken:
            shard = self.shards[address] = _Shard(self, *address)
        self.placed[channel] = shard
        try:
            shard.subscribe(channel)
        except (redis.RedisError, OSError):
            self.lost(shard)

    def lost(self, shard: _Shard) -> None:
        """A shard's connection failed (a node down, a failover): its channels wait to be
        placed again, where the slot map then puts them, by a thread that retries."""
        with self.lock:
            shard.broken = True
            if self.shards.get(shard.address) is shard:
                del self.shards[shard.address]
            for ch in [ch for ch, s in self.placed.items() if s is shard]:
                del self.placed[ch]
                self.pending.add(ch)
            if self.repairing:
                return
            self.repairing = True
        threading.Thread(target=self._repair, name="greenroom-fanout-repair", daemon=True).start()

    def _repair(self) -> None:
        while True:
            time.sleep(1.0)
            with contextlib.suppress(redis.RedisError, OSError):
                self.cluster.nodes_manager.initialize()
            with self.lock:
                for ch in list(self.pending):
                    self.pending.discard(ch)
                    self._place(ch)
                if not self.pending:
                    self.repairing = False
                    break
        self.hub._wake_all()  # anything may have moved while the shard was away


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
