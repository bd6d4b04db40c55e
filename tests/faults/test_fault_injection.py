"""Faults against real processes the test starts and kills itself (never the shared Redis)."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest
import redis
import requests

from api.embedded_redis import EmbeddedRedis, free_port
from api.serve import gunicorn_argv
from services.play.moves import replay
from services.store.games import GameStore

ROOT = Path(__file__).resolve().parents[2]
PREFIX = "faults:"


def start_api(redis_url: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {
        **os.environ,
        "REDIS_URL": redis_url,
        "GREENROOM_PREFIX": PREFIX,
        "RATE_LIMIT_ADDRESS": "",
        "RATE_LIMIT_TOKEN": "",
        "LOG_LEVEL": "WARNING",
    }
    proc = subprocess.Popen(
        gunicorn_argv(port, 1, 8),
        env=env,
        cwd=ROOT,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if requests.get(f"{base}/v1/health", timeout=2).status_code == 200:
                return proc, base
        except requests.RequestException:
            time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGKILL)
    raise RuntimeError("the API did not start")


def kill_group(proc: subprocess.Popen) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def play_some(
    base: str, gid: str, token: str, n: int, rng: random.Random
) -> list[tuple[int, float]]:
    """Post ``n`` legal actions; returns (version, acknowledged_at) for each."""
    headers = {"Authorization": f"Bearer {token}"}
    acks = []
    for _ in range(n):
        actions = requests.get(f"{base}/v1/games/{gid}/actions", headers=headers).json()["actions"]
        if not actions:
            break
        r = requests.post(
            f"{base}/v1/games/{gid}/actions", json=rng.choice(actions), headers=headers
        )
        assert r.status_code == 200, r.text
        acks.append((r.json()["version"], time.monotonic()))
    return acks


@pytest.fixture
def own_redis(tmp_path):
    server = EmbeddedRedis(tmp_path / "redis", aof=True).start()
    yield server
    server.stop()


def test_redis_sigkill_keeps_every_move_acknowledged_a_second_before(own_redis):
    api, base = start_api(own_redis.url)
    try:
        created = requests.post(
            f"{base}/v1/games", json={"game": "tour", "players": 1, "seed": 9}
        ).json()
        gid, token = created["id"], created["seat_tokens"][0]
        rng = random.Random(4)
        acks = play_some(base, gid, token, 30, rng)
        time.sleep(1.5)  # appendfsync everysec: these are on disk now
        safe_version = acks[-1][0]
        acks += play_some(base, gid, token, 10, rng)  # may or may not survive
        own_redis.process.kill()
        own_redis.process.wait()
        killed_at = time.monotonic()

        # the API answers 503 at once, in the error format
        r = requests.get(f"{base}/v1/games/{gid}", timeout=10)
        assert r.status_code == 503 and r.json()["code"] == "backend_unavailable"
        assert time.monotonic() - killed_at < 5

        own_redis.start()
        store = GameStore(redis.Redis.from_url(own_redis.url), prefix=PREFIX)
        record = store.get(gid)
        durable = max(v for v, at in acks if at <= killed_at - 1.0)
        assert record.version >= max(durable, safe_version)
        log = store.log(gid)
        assert [e["v"] for e in log] == list(range(2, record.version + 1))
        assert replay(record, log) == record.state
        # and the API serves it again without a restart
        assert requests.get(f"{base}/v1/games/{gid}").json()["version"] == record.version
    finally:
        kill_group(api)


def test_api_killed_mid_write_leaves_old_or_new_version_never_between(own_redis):
    api, base = start_api(own_redis.url)
    created = requests.post(
        f"{base}/v1/games",
        json={"game": "tour", "players": 2, "seed": 2, "options": {"mode": "versus"}},
    ).json()
    gid, host = created["id"], created["host_token"]
    stop = threading.Event()

    def hammer(seed: int) -> None:
        rng = random.Random(seed)
        session = requests.Session()
        headers = {"Authorization": f"Bearer {host}"}
        while not stop.is_set():
            try:
                actions = session.get(
                    f"{base}/v1/games/{gid}/actions", headers=headers, timeout=2
                ).json()["actions"]
                if not actions:
                    return
                session.post(
                    f"{base}/v1/games/{gid}/actions",
                    json=rng.choice(actions),
                    headers=headers,
                    timeout=2,
                )
            except (requests.RequestException, ValueError):
                return

    threads = [threading.Thread(target=hammer, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    time.sleep(1.0)
    kill_group(api)  # SIGKILL the master and its workers while writes are in flight
    stop.set()
    for t in threads:
        t.join()

    store = GameStore(redis.Redis.from_url(own_redis.url), prefix=PREFIX)
    record = store.get(gid)
    log = store.log(gid)
    assert record.version > 1, "some writes should have landed before the kill"
    assert [e["v"] for e in log] == list(range(2, record.version + 1))
    assert replay(record, log) == record.state
