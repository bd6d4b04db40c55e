"""Under gevent one process serves many requests at once: long waits on jobs must not
run out of Redis connections (each ``Prefer: wait`` holds one for its whole wait)."""

from __future__ import annotations

import dataclasses
from concurrent.futures import ThreadPoolExecutor

import httpx
from live_stack import api_servers

from api.backend import REDIS_POOL_SIZE


def test_more_job_waits_than_the_request_pool_all_answer(settings, app):
    # a queue nobody works on, so every job stays queued through the waits
    idle = dataclasses.replace(settings, queue=f"{settings.queue}-idle")
    with api_servers(idle, 1) as (base,):
        created = httpx.post(
            f"{base}/v1/games", json={"game": "tour", "players": 1, "options": {"mode": "solo"}}
        ).json()
        r = httpx.post(
            f"{base}/v1/games/{created['id']}/hints",
            json={},
            headers={"Authorization": f"Bearer {created['seat_tokens'][0]}"},
        )
        location = f"{base}{r.headers['Location']}"
        waiters = 2 * REDIS_POOL_SIZE
        # one client with a connection per waiter (a client each spent seconds of CPU on
        # its own set-up); the wait outlasts the pool's 5 s, so a waiter left without a
        # Redis connection would fail
        limits = httpx.Limits(max_connections=waiters, max_keepalive_connections=waiters)
        http = httpx.Client(timeout=30, limits=limits)

        def wait(_: int) -> int:
            r = http.get(location, headers={"Prefer": "wait=6"})
            return r.status_code if r.status_code == 200 else (r.status_code, r.text[:300])

        with http, ThreadPoolExecutor(waiters) as pool:
            statuses = list(pool.map(wait, range(waiters)))
    assert statuses == [200] * waiters
