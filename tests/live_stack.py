"""Real API processes for the live-play tests: gunicorn with the production gevent worker.

``api_servers(settings, n)`` starts ``n`` separate gunicorn servers on free
loopback ports, all on the test session's Redis, key prefix and queue, so a
move through one and a stream from another cross processes only through
Redis, as they would across hosts.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from api.config import Settings
from api.embedded_redis import free_port
from api.serve import gunicorn_argv

ROOT = Path(__file__).resolve().parent.parent


def server_env(settings: Settings, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "REDIS_URL": settings.redis_url,
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
    procs = [
        subprocess.Popen(
            gunicorn_argv(port, 1, 1, "gevent"),
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for port in ports
    ]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        for base, proc in zip(bases, procs):
            _wait_up(base, proc)
        yield bases
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _wait_up(base: str, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("an API server exited at start-up")
        try:
            if httpx.get(f"{base}/v1/health", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise RuntimeError("an API server did not come up in time")


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
