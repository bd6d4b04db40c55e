"""The app's handles on Redis: the game store and the job queue."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

import redis
from flask import current_app
from rq import Queue

from api.config import Settings
from api.read_cache import ReadCache
from services.play.ports import BotTurns
from services.store.connections import POOL_SIZE, RedisSpec, connect
from services.store.games import GameStore

#: Redis connections per client per process
REDIS_POOL_SIZE = POOL_SIZE
#: the blocking client's connections are each held for a whole ``Prefer: wait``
BLOCKING_POOL_SIZE = 1024


def redis_client(
    url: str, socket_timeout: float | None = 5.0, pool_size: int = REDIS_POOL_SIZE
) -> redis.Redis:
    """A client of one plain Redis (``services.store.connections.connect``)."""
    return connect(RedisSpec(url=url), socket_timeout, pool_size)


@dataclass
class Backend:
    settings: Settings
    #: the game store's Redis (a ``RedisCluster`` when REDIS_CLUSTER_NODES names one)
    redis: redis.Redis
    #: the job queue's Redis (plain or Sentinel-watched: RQ does not speak Cluster)
    queue_redis: redis.Redis
    #: the queue's, for blocking reads (``Prefer: wait``): its socket timeout exceeds the wait
    blocking_redis: redis.Redis
    store: GameStore
    queue: Queue
    #: this process's copies of recent game reads and rendered views
    read_cache: ReadCache = field(default_factory=ReadCache)
    #: schedules bot seats' turns after a change (``services.play.ports.BotTurns``)
    bot_turns: BotTurns | None = None
    #: the rate-limit windows' Redis (the game store's unless LIMITS_REDIS_URL names one)
    limits_redis: redis.Redis | None = None

    @classmethod
    def from_settings(cls, settings: Settings) -> Backend:
        game_spec, queue_spec = settings.game_redis(), settings.queue_redis()
        client = connect(game_spec)
        queue_client = client if queue_spec == game_spec else connect(queue_spec)
        blocking = connect(
            queue_spec, socket_timeout=settings.max_wait_s + 5, pool_size=BLOCKING_POOL_SIZE
        )
        limits_spec = settings.limits_redis()
        limits = client if limits_spec is None else connect(limits_spec)
        store = GameStore(
            client,
            prefix=settings.prefix,
            idle_ttl_s=settings.game_idle_ttl_s,
            finished_ttl_s=settings.game_finished_ttl_s,
            events_cap=settings.game_events_cap,
        )
        queue = Queue(settings.queue, connection=queue_client)
        bot_turns = named(settings.bot_turns)(queue, store, settings.bot_budget_s)
        return cls(
            settings, client, queue_client, blocking, store, queue, ReadCache(), bot_turns, limits
        )


def named(target: str) -> Any:
    """The attribute a "module:attribute" name refers to (a port's implementation)."""
    module, attr = target.split(":")
    return getattr(importlib.import_module(module), attr)


def backend() -> Backend:
    return current_app.extensions["greenroom"]
