"""The app's handles on Redis: the game store and the job queue."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

import redis
from flask import current_app
from redis.backoff import ExponentialBackoff
from redis.retry import Retry
from rq import Queue

from api.config import Settings
from api.read_cache import ReadCache
from services.ports import BotTurns
from services.store import GameStore

#: Redis connections per client per process, and how long a request waits for a free one
REDIS_POOL_SIZE = 64
POOL_WAIT_S = 5.0
#: the blocking client's connections are each held for a whole ``Prefer: wait``
BLOCKING_POOL_SIZE = 1024


def redis_client(
    url: str, socket_timeout: float | None = 5.0, pool_size: int = REDIS_POOL_SIZE
) -> redis.Redis:
    """A client that retries briefly with backoff, then fails fast.

    A few quick retries ride over a blip; beyond that the request gets a 503
    at once instead of hanging, and the pool reconnects by itself once Redis
    is back, so no restart is needed.
    """
    pool = redis.BlockingConnectionPool.from_url(
        url,
        # under gevent hundreds of greenlets (streams, long polls) may call at once:
        # they queue for a connection instead of failing with "Too many connections"
        max_connections=pool_size,
        timeout=POOL_WAIT_S,
        socket_connect_timeout=1.0,
        socket_timeout=socket_timeout,
        retry=Retry(ExponentialBackoff(cap=0.25, base=0.02), 2),
        retry_on_error=[redis.ConnectionError, redis.TimeoutError],
        health_check_interval=15,
    )
    return redis.Redis(connection_pool=pool)


@dataclass
class Backend:
    settings: Settings
    redis: redis.Redis
    #: for blocking reads (``Prefer: wait``): its socket timeout exceeds the wait
    blocking_redis: redis.Redis
    store: GameStore
    queue: Queue
    #: this process's copies of recent game reads and rendered views
    read_cache: ReadCache = field(default_factory=ReadCache)
    #: schedules bot seats' turns after a change (``services.ports.BotTurns``)
    bot_turns: BotTurns | None = None

    @classmethod
    def from_settings(cls, settings: Settings) -> Backend:
        client = redis_client(settings.redis_url)
        blocking = redis_client(
            settings.redis_url, socket_timeout=settings.max_wait_s + 5, pool_size=BLOCKING_POOL_SIZE
        )
        store = GameStore(
            client,
            prefix=settings.prefix,
            idle_ttl_s=settings.game_idle_ttl_s,
            finished_ttl_s=settings.game_finished_ttl_s,
            events_cap=settings.game_events_cap,
        )
        queue = Queue(settings.queue, connection=client)
        bot_turns = named(settings.bot_turns)(queue, store, settings.bot_budget_s)
        return cls(settings, client, blocking, store, queue, ReadCache(), bot_turns)


def named(target: str) -> Any:
    """The attribute a "module:attribute" name refers to (a port's implementation)."""
    module, attr = target.split(":")
    return getattr(importlib.import_module(module), attr)


def backend() -> Backend:
    return current_app.extensions["greenroom"]
