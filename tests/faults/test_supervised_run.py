"""``make run`` (``python -m api.run``) with its embedded Redis and its worker killed:
both come back, the exits are logged, and ``/v1/health`` says what is down meanwhile."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import httpx
import pytest

from api.embedded_redis import free_port

ROOT = Path(__file__).resolve().parents[2]


def wait_for(predicate, timeout_s: float, what: str):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.TransportError):
            value = predicate()
            if value:
                return value
        time.sleep(0.1)
    raise AssertionError(f"{what}: not within {timeout_s} s")


class Run:
    """``python -m api.run`` in a process group of its own, its output in a file."""

    def __init__(self, tmp_path: Path):
        self.port = free_port()
        self.log = tmp_path / "run.log"
        tag = uuid.uuid4().hex[:8]
        env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        env.update(PORT=str(self.port), GREENROOM_DATA_DIR=str(tmp_path / "data"), WORKERS="1",
                   API_PROCESSES="1", GREENROOM_PREFIX=f"run-{tag}:",
                   GREENROOM_QUEUE=f"run-{tag}", LOG_LEVEL="WARNING",
                   WORKER_PRELOAD="0")  # fmt: skip
        self.queue = env["GREENROOM_QUEUE"]
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "api.run"], cwd=ROOT, env=env, stdout=out,
                stderr=subprocess.STDOUT, start_new_session=True,
            )  # fmt: skip
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=10)

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def pid(self, command: str) -> int | None:
        """The pid of the supervisor's child whose command line contains ``command``."""
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            with contextlib.suppress(OSError):
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                argv = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
                if ppid == self.proc.pid and command in argv:
                    return int(entry.name)
        return None

    def health(self) -> httpx.Response:
        return self.http.get("/v1/health")

    def close(self) -> None:
        self.http.close()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


@pytest.fixture
def run(tmp_path):
    started = Run(tmp_path)
    yield started
    started.close()


def test_make_run_restarts_a_killed_redis_and_worker(run):
    wait_for(lambda: run.health().json().get("down") == [], 90, "the stack up with a worker")
    created = run.http.post("/v1/games", json={"game": "tour", "players": 1, "seed": 4}).json()
    gid, auth = created["id"], {"Authorization": f"Bearer {created['seat_tokens'][0]}"}
    action = run.http.get(f"/v1/games/{gid}/actions", headers=auth).json()["actions"][0]
    moved = run.http.post(f"/v1/games/{gid}/actions", json=action, headers=auth).json()
    time.sleep(1.5)  # the append-only file syncs every second

    os.kill(run.pid("redis-server"), signal.SIGKILL)
    r = run.health()
    assert r.status_code == 503 and r.json()["errors"]["down"] == ["redis"], r.text
    wait_for(lambda: run.health().status_code == 200, 30, "Redis restarted")
    assert run.http.get(f"/v1/games/{gid}").json()["version"] == moved["version"]
    assert re.search(r"redis exited \(code -9\); restarting in", run.text())

    worker = run.pid("workers.main")
    os.kill(run.proc.pid, signal.SIGSTOP)  # the supervisor waits while health is read
    try:
        os.kill(worker, signal.SIGKILL)
        wait_for(lambda: run.health().json().get("down") == ["workers"], 10, "workers down")
    finally:
        os.kill(run.proc.pid, signal.SIGCONT)
    wait_for(lambda: run.pid("workers.main") not in (None, worker), 30, "a new worker")
    assert re.search(r"worker-1 exited \(code -9\); restarting in", run.text())
    wait_for(lambda: run.health().json().get("down") == [], 90, "the new worker beating")
    # and the new worker takes jobs
    job = run.http.post(f"/v1/games/{gid}/hints", json={"budget_s": 0.2}, headers=auth)
    assert job.status_code == 202, job.text
    done = wait_for(
        lambda: run.http.get(job.json()["location"]).json().get("status") == "finished",
        60, "the hint answered",
    )  # fmt: skip
    assert done
