"""Bot turns lost or stalled with their worker: real worker processes, killed or stopped
mid-turn, on a queue of the test's own."""

from __future__ import annotations

import os
import signal
import time
import uuid
from dataclasses import replace

import pytest
import redis
from live_stack import app_with, start_worker, stop_worker
from rq.job import Job, JobStatus
from rq.registry import StartedJobRegistry

from services.play.moves import replay
from workers.bot_turns import BOT_JOB

#: a beat table opens with every seat to act, and its hint uses the whole budget: a bot
#: turn lasts this long, time enough to stop its worker in the middle of it
BUDGET_S = 2.0
RECOVERY_S = 10.0


@pytest.fixture
def table(settings):
    """An app and settings on a queue of this test alone (no other worker takes its jobs)."""
    own = replace(settings, queue=f"{settings.queue}-turns-{uuid.uuid4().hex[:6]}",
                  bot_budget_s=BUDGET_S)  # fmt: skip
    app = app_with(own)
    yield own, app
    client = redis.Redis.from_url(own.redis_url)
    for pattern in (f"rq:*{own.queue}*", f"{own.queue}:*"):
        keys = list(client.scan_iter(match=pattern, count=1000))
        if keys:
            client.delete(*keys)


def seat_bots(client, seats: list[int]) -> dict:
    body = {"game": "beat", "players": 3, "open_seats": seats, "names": ["Hu"], "seed": 5}
    created = client.post("/v1/games", json=body).get_json()
    host = {"Authorization": f"Bearer {created['host_token']}"}
    for seat in seats:
        r = client.post(f"/v1/games/{created['id']}/seats/{seat}/bot", json={}, headers=host)
        assert r.status_code == 200, r.get_json()
    return created


def turn_running(connection: redis.Redis, queue: str, timeout_s: float = 30) -> tuple[int, str]:
    """(seat, job id) of the first bot turn seen running, from RQ's own registry."""
    registry = StartedJobRegistry(queue, connection=connection)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for job_id in registry.get_job_ids():
            job = Job.fetch(job_id, connection=connection)
            if job.func_name == BOT_JOB:
                return job.args[2], job.id
        time.sleep(0.01)
    raise AssertionError("no bot turn started")


def wait_for_move(store, gid: str, seat: int, timeout_s: float) -> float:
    """Seconds until ``seat`` has a move in the game's log."""
    start = time.monotonic()
    while time.monotonic() - start < timeout_s:
        if any(e["seat"] == seat for e in store.log(gid)):
            return time.monotonic() - start
        time.sleep(0.05)
    raise AssertionError(f"seat {seat} did not move within {timeout_s} s")


def settled(store, gid: str):
    """The game and its log read at one version (a bot may still be moving)."""
    for _ in range(200):
        record, log, again = store.get(gid), store.log(gid), store.get(gid)
        if record.version == again.version:
            return record, log
        time.sleep(0.05)
    raise AssertionError("the game never held still long enough to read")


def assert_one_move_per_version(store, gid: str) -> None:
    record, log = settled(store, gid)
    versions = [e["v"] for e in log]  # seat changes take versions too, without a log entry
    assert versions == sorted(set(versions)) and versions[-1] == record.version
    assert replay(record, log) == record.state


def test_a_bot_turn_killed_with_its_worker_runs_again_within_seconds(table):
    own, app = table
    store = app.extensions["greenroom"].store
    first = start_worker(own, "--no-preload")
    try:
        created = seat_bots(app.test_client(), [1])  # the humans wait for it
        seat, _ = turn_running(store.redis, own.queue)
        time.sleep(0.3)  # well inside the turn's search
        first.send_signal(signal.SIGKILL)
        first.wait()
        assert not any(e["seat"] == seat for e in store.log(created["id"]))
        time.sleep(1.0)
    finally:
        if first.poll() is None:
            first.kill()
    second = start_worker(own, "--no-preload")  # returns once the worker has registered
    try:
        waited = wait_for_move(store, created["id"], seat, RECOVERY_S + BUDGET_S)
        # the search itself takes BUDGET_S once the turn runs again
        assert waited <= RECOVERY_S + BUDGET_S
        print(f"lost bot turn moved {waited:.1f} s after a worker was back")
        assert_one_move_per_version(store, created["id"])
    finally:
        stop_worker(second)


def test_a_stalled_turn_resumed_after_its_rerun_is_not_applied_twice(table):
    """A worker frozen mid-turn (SIGSTOP) loses its lease; another worker runs the turn;
    when the first resumes, its commit meets a moved version and nothing is applied twice."""
    own, app = table
    store = app.extensions["greenroom"].store
    first = start_worker(own, "--no-preload")
    second = None
    try:
        created = seat_bots(app.test_client(), [1])
        gid = created["id"]
        seat, stalled_job = turn_running(store.redis, own.queue)
        before = store.get(gid).version
        time.sleep(0.3)
        os.kill(first.pid, signal.SIGSTOP)
        second = start_worker(own, "--no-preload")
        wait_for_move(store, gid, seat, RECOVERY_S + BUDGET_S)
        os.kill(first.pid, signal.SIGCONT)
        job = Job.fetch(stalled_job, connection=store.redis)
        deadline = time.monotonic() + 30
        while job.get_status() == JobStatus.STARTED and time.monotonic() < deadline:
            time.sleep(0.1)
        assert job.get_status() == JobStatus.FINISHED
        # it read version ``before``; the rerun committed ``before + 1`` first, so its
        # commit there was refused, and any move it made is a later version's
        result = job.return_value()
        assert not result["moved"] or result["version"] >= before + 2, result
        assert sum(e["v"] == before + 1 for e in store.log(gid)) == 1
        assert_one_move_per_version(store, gid)
    finally:
        if first.poll() is None:
            os.kill(first.pid, signal.SIGCONT)
            stop_worker(first)
        if second is not None:
            stop_worker(second)
