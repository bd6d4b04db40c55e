"""The job path with real worker processes: API -> RQ -> worker -> solver -> API."""

from __future__ import annotations

import contextlib
import os
import signal
import time
import uuid
from pathlib import Path

import pytest
import redis
from live_stack import start_worker, stop_worker
from rq import Queue

from api.config import Settings
from solver.registry import HINTS

HINT_CONFIGS = {
    "tour": (1, {"mode": "solo"}),
    "tempo-muse": (2, {}),
    "overdrive": (3, {}),
    "beat": (3, {"venue": "garage"}),
    "composition": (2, {}),
}


def wait_for(client, location: str, seconds: int = 20) -> dict:
    r = client.get(location, headers={"Prefer": f"wait={seconds}"})
    assert r.status_code == 200
    return r.get_json()


@pytest.mark.parametrize("game", sorted(HINT_CONFIGS))
def test_hint_job_finishes_and_its_actions_are_legal(client, bearer, worker, game):
    players, options = HINT_CONFIGS[game]
    created = client.post(
        "/v1/games", json={"game": game, "players": players, "seed": 11, "options": options}
    ).get_json()
    gid = created["id"]
    seat = client.get(f"/v1/games/{gid}/actions", headers=bearer(created["host_token"]))
    seat = seat.get_json()["actions"][0]["seat"]
    token = created["seat_tokens"][seat]
    r = client.post(f"/v1/games/{gid}/hints", json={}, headers=bearer(token))
    assert r.status_code == 202
    location = r.headers["Location"]
    assert location == f"/v1/jobs/{r.get_json()['id']}"
    job = wait_for(client, location)
    assert job["status"] == "finished", job
    result = job["result"]
    assert result["actions"], result
    for step in result["actions"]:
        assert step["seat"] == seat
        r = client.post(f"/v1/games/{gid}/actions", json=step, headers=bearer(token))
        assert r.status_code == 200, r.get_json()


def test_every_hinted_game_is_covered():
    assert set(HINT_CONFIGS) <= set(HINTS)


def test_hint_needs_the_seats_token(client, bearer):
    created = client.post(
        "/v1/games", json={"game": "tour", "players": 2, "options": {"mode": "versus"}}
    ).get_json()
    gid = created["id"]
    assert client.post(f"/v1/games/{gid}/hints", json={}).status_code == 401
    r = client.post(
        f"/v1/games/{gid}/hints", json={"seat": 1}, headers=bearer(created["seat_tokens"][0])
    )
    assert r.status_code == 403


def test_hint_budget_cannot_be_raised_past_the_cap(client, bearer):
    created = client.post("/v1/games", json={"game": "tour", "players": 1}).get_json()
    r = client.post(
        f"/v1/games/{created['id']}/hints",
        json={"budget_s": 500},
        headers=bearer(created["seat_tokens"][0]),
    )
    assert r.status_code == 422
    assert r.get_json()["code"] == "budget_too_large"


@pytest.fixture
def private_queue(settings, app):
    """A queue and worker of the test's own, so killing it disturbs no other test."""
    own = Settings(
        redis_url=settings.redis_url,
        prefix=settings.prefix,
        queue=f"{settings.queue}-{uuid.uuid4().hex[:6]}",
    )
    proc = start_worker(own, "--no-preload")  # these jobs need no solver data
    queue = Queue(own.queue, connection=redis.Redis.from_url(own.redis_url))
    yield queue, proc
    stop_worker(proc)
    queue.delete(delete_jobs=True)


def test_job_exceeding_its_timeout_ends_failed_with_reason(client, private_queue):
    queue, _ = private_queue
    job = queue.enqueue("time.sleep", args=(30,), job_timeout=1, result_ttl=300, failure_ttl=300)
    body = wait_for(client, f"/v1/jobs/{job.id}")
    assert body["status"] == "failed"
    assert "timeout" in body["error"].lower()


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def test_job_whose_worker_process_is_killed_ends_failed(client, private_queue):
    queue, proc = private_queue
    job = queue.enqueue("time.sleep", args=(30,), job_timeout=60, result_ttl=300, failure_ttl=300)
    deadline = time.monotonic() + 20
    while job.get_status() != "started" or not _children(proc.pid):
        assert time.monotonic() < deadline, "the job never started"
        time.sleep(0.05)
    # the work horse running the job dies the hardest way
    for child in _children(proc.pid):
        os.kill(child, signal.SIGKILL)
    body = wait_for(client, f"/v1/jobs/{job.id}")
    assert body["status"] == "failed"
    assert "terminated" in body["error"].lower()


def test_job_whose_whole_worker_is_killed_ends_failed_soon_after_its_timeout(client, private_queue):
    queue, proc = private_queue
    job = queue.enqueue("time.sleep", args=(30,), job_timeout=2, result_ttl=300, failure_ttl=300)
    deadline = time.monotonic() + 20
    while job.get_status() != "started":
        assert time.monotonic() < deadline, "the job never started"
        time.sleep(0.05)
    horses = _children(proc.pid)
    proc.kill()  # the worker itself, so nobody is left to report the job
    proc.wait()
    for child in horses:
        with contextlib.suppress(ProcessLookupError):
            os.kill(child, signal.SIGKILL)
    started = time.monotonic()
    body = wait_for(client, f"/v1/jobs/{job.id}", seconds=20)
    assert body["status"] == "failed"
    assert "lost" in body["error"]
    assert time.monotonic() - started < 15
