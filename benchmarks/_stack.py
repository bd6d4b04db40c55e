"""Start a private stack for a benchmark: embedded Redis, the API under gunicorn, optional workers.

Everything listens on loopback ports of its own and is stopped at the end.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from api.embedded_redis import EmbeddedRedis, free_port  # noqa: E402
from api.serve import gunicorn_argv  # noqa: E402


@contextmanager
def stack(
    processes: int = 2,
    threads: int = 8,
    workers: int = 0,
    env_extra: dict[str, str] | None = None,
    worker_class: str | None = None,
):
    with tempfile.TemporaryDirectory() as tmp:
        redis_server = EmbeddedRedis(tmp, aof=True).start()
        env = {
            **os.environ,
            "REDIS_URL": redis_server.url,
            "GREENROOM_PREFIX": "bench:",
            "RATE_LIMIT_ADDRESS": "",
            "RATE_LIMIT_TOKEN": "",
            "LOG_LEVEL": "WARNING",
            **(env_extra or {}),
        }
        port = free_port()
        argv = gunicorn_argv(port, processes, threads, worker_class)
        # BENCH_VERBOSE=1 shows the servers' logs (errors are otherwise silent)
        quiet = None if os.environ.get("BENCH_VERBOSE") else subprocess.DEVNULL
        procs = [subprocess.Popen(argv, env=env, cwd=ROOT, stderr=quiet)]
        procs += [
            subprocess.Popen(
                [sys.executable, "-m", "workers.main"], env=env, cwd=ROOT, stderr=subprocess.DEVNULL
            )
            for _ in range(workers)
        ]
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    if requests.get(f"{base}/v1/health", timeout=5).status_code == 200:
                        break
                except (requests.ConnectionError, requests.Timeout):
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError("the API did not come up")
                time.sleep(0.1)
            yield base, redis_server
        finally:
            for p in procs:
                p.terminate()
            for p in procs:
                try:
                    p.wait(timeout=15)
                except subprocess.TimeoutExpired:  # open streams hold a graceful stop
                    p.kill()
                    p.wait()
            redis_server.stop()


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def hit_health(base: str, stop: float, latencies: list[float], errors: list[int], seed: int):
    session = requests.Session()
    while time.monotonic() < stop:
        t0 = time.perf_counter()
        r = session.get(f"{base}/v1/health")
        latencies.append(time.perf_counter() - t0)
        if r.status_code != 200:
            errors.append(r.status_code)


def measure(target, base: str, clients: int, seconds: float) -> dict[str, float]:
    """Run ``target(base, stop, latencies, errors, i)`` in ``clients`` threads for ``seconds``."""
    latencies: list[float] = []
    errors: list[int] = []
    stop = time.monotonic() + seconds
    threads = [
        threading.Thread(target=target, args=(base, stop, latencies, errors, i))
        for i in range(clients)
    ]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - start
    return {
        "per_s": len(latencies) / elapsed,
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "n": len(latencies),
        "errors": len(errors),
    }


def play_games(configs, base, stop, latencies, errors, seed):
    """Create games from ``configs`` ((game, players, options)) and play random legal moves
    with the host token until ``stop``; times each move."""
    session = requests.Session()
    rng = random.Random(seed)
    while time.monotonic() < stop:
        game, players, options = configs[rng.randrange(len(configs))]
        r = session.post(
            f"{base}/v1/games", json={"game": game, "players": players, "options": options}
        )
        if r.status_code != 201:
            errors.append(r.status_code)
            continue
        created = r.json()
        headers = {"Authorization": f"Bearer {created['host_token']}"}
        gid = created["id"]
        while time.monotonic() < stop:
            listing = session.get(f"{base}/v1/games/{gid}/actions", headers=headers).json()
            if not listing.get("actions"):
                break
            t0 = time.perf_counter()
            r = session.post(
                f"{base}/v1/games/{gid}/actions",
                json=rng.choice(listing["actions"]),
                headers=headers,
            )
            latencies.append(time.perf_counter() - t0)
            if r.status_code >= 500:
                errors.append(r.status_code)
