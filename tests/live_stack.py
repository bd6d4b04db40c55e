"""Real API processes for the live-play tests: gunicorn with the production gevent worker,
and the apps and RQ workers tests start of their own.

``api_servers(settings, n)`` starts ``n`` separate gunicorn servers on free
loopback ports, all on the test session's Redis, key prefix and queue, so a
move through one and a stream from another cross processes only through
Redis, as they would across hosts.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import pytest
import redis
from rq import Queue, Worker
from werkzeug.serving import make_server

from api.app import create_app
from api.config import Settings
from api.embedded_redis import free_port
from api.local_processes import ROOT, spawn_api, stop_all, wait_healthy

__all__ = [
    "ROOT",
    "Listener",
    "api_servers",
    "app_with",
    "server_env",
    "start_worker",
    "stop_worker",
]


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


# -- apps and workers of the test's own (``conftest`` re-exports them) -------------
@contextmanager
def served(app, name: str) -> Iterator[str]:
    """``app`` over real HTTP on a free loopback port (threaded), for as long as it is held."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name=name, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)


def app_with(settings: Settings, **changes):
    """An app of its own on the session's settings with ``changes``, in testing mode
    (several on one prefix stand for several API processes)."""
    app = create_app(replace(settings, **changes))
    app.config["TESTING"] = True
    return app


def worker_env(settings: Settings) -> dict[str, str]:
    """The environment that points a worker at the session's game store and queue."""
    env = {**os.environ, "REDIS_URL": settings.redis_url,
           "REDIS_CLUSTER_NODES": settings.redis_cluster_nodes}  # fmt: skip
    if settings.queue_redis_url:
        env["QUEUE_REDIS_URL"] = settings.queue_redis_url
    return env


def start_worker(settings: Settings, *extra: str) -> subprocess.Popen:
    """A real worker process on the session's queue; waits until it has registered."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "workers.main", "--queue", settings.queue,
         "--redis-url", settings.queue_redis_url or settings.redis_url, *extra],
        cwd=ROOT,
        env=worker_env(settings),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    connection = redis.Redis.from_url(settings.queue_redis_url or settings.redis_url)
    queue = Queue(settings.queue, connection=connection)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if any(w.pid == proc.pid for w in Worker.all(queue=queue)):
            return proc
        if proc.poll() is not None:
            raise RuntimeError("the worker exited at start-up")
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the worker did not register in time")


def stop_worker(proc: subprocess.Popen, grace_s: float = 2.0) -> None:
    """Stop a test's worker: RQ's warm shutdown first, which waits for the job running;
    after ``grace_s`` a second SIGTERM, RQ's cold shutdown, which kills that job's work
    horse (a test may leave a long job behind: warm shutdown alone waited 15 s for one
    and was then killed, leaving the horse running).  RQ ignores a second signal that
    comes within a second of the first, hence at least 1.1 s between the two."""
    for wait_s in (max(grace_s, 1.1), 10.0):
        if proc.poll() is not None:
            return
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=wait_s)
            return
        except subprocess.TimeoutExpired:
            pass
    proc.kill()
    proc.wait()


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


def finish_at_random(client, created: dict, seed: int, limit: int = 600) -> str:
    """Play a created game to its end over HTTP with the host's token, a random listed
    action each time; its id."""
    gid = created["id"]
    host = {"Authorization": f"Bearer {created['host_token']}"}
    rng = random.Random(seed)
    for _ in range(limit):
        listed = client.get(f"/v1/games/{gid}/actions", headers=host).get_json()["actions"]
        if not listed:
            break
        moved = client.post(f"/v1/games/{gid}/actions", json=rng.choice(listed), headers=host)
        assert moved.status_code == 200, moved.get_json()
    assert client.get(f"/v1/games/{gid}").get_json()["status"] == "finished"
    return gid
