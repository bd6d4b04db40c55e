"""Real API processes for the live-play tests: gunicorn with the production gevent worker.

``api_servers(settings, n)`` starts ``n`` separate gunicorn servers on free
loopback ports, all on the test session's Redis, key prefix and queue, so a
move through one and a stream from another cross processes only through
Redis, as they would across hosts.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from api.config import Settings
from api.embedded_redis import free_port
from api.local_processes import ROOT, spawn_api, stop_all, wait_healthy

__all__ = ["ROOT", "Listener", "api_servers", "server_env"]


def server_env(settings: Settings, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "REDIS_URL": settings.redis_url,
        "REDIS_CLUSTER_NODES": settings.redis_cluster_nodes,
        "LIMITS_REDIS_URL": settings.limits_redis_url,
        "GREENROOM_PREFIX": settings.prefix,
        "GREENROOM_QUEUE": settings.queue,
        "RATE_LIMIT_ADDRESS": "",
        "RATE_LIMIT_TOKEN": "",
        "MAX_WAIT": str(settings.max_wait_s),
        "LOG_LEVEL": "WARNING",
        "API_WORKER_CLASS": "gevent",
        **extra,
    }


@contextmanager
def api_servers(settings: Settings, count: int = 2, **extra: str) -> Iterator[list[str]]:
    """Base URLs of ``count`` running API servers (one gevent process each)."""
    env = server_env(settings, **extra)
    ports = [free_port() for _ in range(count)]
    procs = [spawn_api(port, env, 1, 1, "gevent") for port in ports]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        for base, proc in zip(bases, procs):
            wait_healthy(base, [proc])
        yield bases
    finally:
        # the test is over: a stream it left open (or one the server has not yet seen
        # closed) would hold a graceful stop for gunicorn's whole graceful_timeout
        stop_all(procs, quick=True)


class Listener:
    """Reads one game stream in a thread; ``next()`` gives its events one by one."""

    def __init__(self, client, gid: str, token: str | None = None, **kw):
        import queue
        import threading

        self.events: queue.Queue = queue.Queue()
        self._thread = threading.Thread(
            target=self._run, args=(client, gid, token, kw), daemon=True
        )
        self._thread.start()

    def _run(self, client, gid, token, kw) -> None:
        try:
            for event in client.stream(gid, token, **kw):
                self.events.put(event)
        except BaseException as exc:  # surfaced to the test by next()
            self.events.put(exc)

    def next(self, timeout: float = 10):
        item = self.events.get(timeout=timeout)
        if isinstance(item, BaseException):
            raise item
        return item

    def until_version(self, version: int, timeout: float = 20) -> list:
        """Every event up to the first ``view`` of ``version`` (or an ``end``)."""
        out = []
        while True:
            event = self.next(timeout)
            out.append(event)
            if event.event == "end" or (event.event == "view" and event.id >= version):
                return out


# -- fixtures (a plugin of tests/conftest.py; a conftest.py in a subfolder would
# shadow the top one's module name, which tests import helpers from) ----------------
@pytest.fixture(scope="session")
def servers(settings, app):
    """Two API servers; ``app`` first so the session's key cleanup runs after they stop."""
    with api_servers(settings, 2, STREAM_HEARTBEAT="1") as bases:
        yield bases


@pytest.fixture
def clients(servers):
    from greenroom.client import Client

    made = [Client(base, timeout=20) for base in servers]
    yield made
    for c in made:
        c.close()
