"""A puzzle a worker archives lands on the game store's Redis, where the API reads it,
also when the job queue has a Redis of its own (``QUEUE_REDIS_URL``)."""

from __future__ import annotations

import uuid
from dataclasses import replace

import pytest
import redis
from live_stack import app_with, start_worker, stop_worker

#: a date whose puzzle is quick to compute (2 seats at Garage, grade 1)
QUICK_DAY = "2026-11-09"


@pytest.fixture
def split_stack(settings, own_prefix):
    """An app and a worker whose queue lives in another database than the games."""
    kwargs = redis.Redis.from_url(settings.redis_url).connection_pool.connection_kwargs
    db = (int(kwargs.get("db", 0)) + 1) % 16
    queue_url = f"redis://{kwargs['host']}:{kwargs['port']}/{db}"
    own = replace(settings, prefix=own_prefix, queue=f"split-{uuid.uuid4().hex[:8]}",
                  queue_redis_url=queue_url)  # fmt: skip
    proc = start_worker(own)
    try:
        yield app_with(own).test_client()
    finally:
        stop_worker(proc)
        queue_redis = redis.Redis.from_url(queue_url)
        for pattern in (f"rq:*{own.queue}*", f"{own.queue}:*", f"{own_prefix}*"):
            keys = list(queue_redis.scan_iter(match=pattern, count=1000))
            if keys:
                queue_redis.delete(*keys)


def test_the_daily_puzzle_is_archived_where_the_api_reads_it(split_stack):
    client = split_stack
    r = client.get(f"/v1/puzzles/daily?date={QUICK_DAY}")
    assert r.status_code == 202, r.get_json()
    job = client.get(r.headers["Location"], headers={"Prefer": "wait=120"}).get_json()
    assert job["status"] == "finished", job
    r = client.get(f"/v1/puzzles/daily?date={QUICK_DAY}")
    assert r.status_code == 200, r.get_json()
    daily = r.get_json()
    listed = client.get("/v1/puzzles?venue=garage&players=2").get_json()["puzzles"]
    assert daily["code"] in [p["code"] for p in listed]
