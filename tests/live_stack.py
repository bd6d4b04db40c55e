"""Real API processes for the live-play tests: gunicorn with the production gevent worker.

``api_servers(settings, n)`` starts ``n`` separate gunicorn servers on free
loopback ports, all on the test session's Redis, key prefix and queue, so a
move through one and a stream from another cross processes only through
Redis, as they would across hosts.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from api.config import Settings
from api.embedded_redis import free_port
from api.serve import gunicorn_argv

ROOT = Path(__file__).resolve().parent.parent


def server_env(settings: Settings, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "REDIS_URL": settings.redis_url,
        "GREENROOM_PREFIX": settings.prefix,
        "GREENROOM_QUEUE": settings.queue,
        "RATE_LIMIT_ADDRESS": "",
        "RATE_LIMIT_TOKEN": "",
        "MAX_WAIT": str(settings.max_wait_s),
        "LOG_LEVEL": "WARNING",
        "API_WORKER_CLASS": "gevent",
        **extra,
    }


@contextmanager
def api_servers(settings: Settings, count: int = 2, **extra: str) -> Iterator[list[str]]:
    """Base URLs of ``count`` running API servers (one gevent process each)."""
    env = server_env(settings, **extra)
    ports = [free_port() for _ in range(count)]
    procs = [
        subprocess.Popen(
            gunicorn_argv(port, 1, 1, "gevent"),
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for port in ports
    ]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        for base, proc in zip(bases, procs):
            _wait_up(base, proc)
        yield bases
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _wait_up(base: str, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("an API server exited at start-up")
        try:
            if httpx.get(f"{base}/v1/health", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise RuntimeError("an API server did not come up in time")
