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

        def wait(_: int) -> int:
            r = httpx.get(location, headers={"Prefer": "wait=6"}, timeout=30)
            return r.status_code if r.status_code == 200 else (r.status_code, r.text[:300])

        with ThreadPoolExecutor(waiters) as pool:
            statuses = list(pool.map(wait, range(waiters)))
    assert statuses == [200] * waiters
