"""Start a private stack for a benchmark: embedded Redis, the API under gunicorn, optional workers.

Everything listens on loopback ports of its own and is stopped at the end.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from api.embedded_redis import EmbeddedRedis, free_port  # noqa: E402
from api.serve import gunicorn_argv  # noqa: E402


@contextmanager
def stack(processes: int = 2, threads: int = 8, workers: int = 0):
    with tempfile.TemporaryDirectory() as tmp:
        redis_server = EmbeddedRedis(tmp, aof=True).start()
        env = {
            **os.environ,
            "REDIS_URL": redis_server.url,
            "GREENROOM_PREFIX": "bench:",
            "RATE_LIMIT_ADDRESS": "",
            "RATE_LIMIT_TOKEN": "",
            "LOG_LEVEL": "WARNING",
        }
        port = free_port()
        argv = gunicorn_argv(port, processes, threads)
        procs = [subprocess.Popen(argv, env=env, cwd=ROOT, stderr=subprocess.DEVNULL)]
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
                p.wait(timeout=15)
            redis_server.stop()


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
