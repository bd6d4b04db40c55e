"""The game store's Redis as a worker process sees it.

Jobs arrive on the queue's Redis; games, seats and the puzzle archive live on the game
store's, which is a different server when the environment says so (a Redis Cluster, or
``QUEUE_REDIS_URL`` giving the queue a Redis of its own)."""

from __future__ import annotations

import os
from typing import Any

import redis

from services.store.connections import connect, specs_from_env

_GAME_CLIENT: list[Any] = []


def game_connection(queue_connection: redis.Redis) -> Any:
    """The game store's Redis in a worker: the queue's own, unless the environment puts
    the games elsewhere; made once per process."""
    game_spec, _queue_spec = specs_from_env(os.environ)
    if not game_spec.clustered and "QUEUE_REDIS_URL" not in os.environ:
        return queue_connection
    if not _GAME_CLIENT or _GAME_CLIENT[0][0] != os.getpid():
        _GAME_CLIENT[:] = [(os.getpid(), connect(game_spec))]
    return _GAME_CLIENT[0][1]
