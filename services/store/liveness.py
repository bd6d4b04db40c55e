"""Worker liveness that a killed worker cannot fake: a beat every second, per queue (the
workers beat, the API reads).

RQ's own worker registrations outlive a killed worker by minutes (their TTL), so
``/v1/health`` counts the workers whose beat is recent instead.
"""

from __future__ import annotations

import os
import socket
import time

import redis

from services.store import keys

#: a worker whose last beat is older than this is counted as down
ALIVE_S = 3.0


def liveness_key(queue_name: str) -> str:
    return keys.workers_alive(queue_name)


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def beat(client: redis.Redis, queue_name: str, name: str) -> None:
    key = liveness_key(queue_name)
    now = time.time()
    with client.pipeline(transaction=False) as pipe:
        pipe.zadd(key, {name: now})
        pipe.zremrangebyscore(key, "-inf", now - 10 * ALIVE_S)
        pipe.expire(key, int(10 * ALIVE_S))
        pipe.execute()


def alive(client: redis.Redis, queue_name: str) -> int:
    """How many workers of the queue beat within ``ALIVE_S``."""
    return int(client.zcount(liveness_key(queue_name), time.time() - ALIVE_S, "+inf"))
