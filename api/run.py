"""``make run``: Redis (embedded unless REDIS_URL is set), RQ workers and the API.

Ctrl-C (or SIGTERM) stops all of them, API first so no request is cut off
by a vanished backend.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from api.embedded_redis import EmbeddedRedis
from api.serve import gunicorn_argv


def local_defaults(env: dict[str, str]) -> dict[str, str]:
    """What the embedded default sets unless told otherwise: no rate limit for loopback
    clients, so a local bot can play as fast as the server answers (README: configuration)."""
    env.setdefault("RATE_LIMIT_LOOPBACK", "exempt")
    return env


def main() -> None:
    env = dict(os.environ)
    embedded = None
    if not env.get("REDIS_URL"):
        data_dir = os.path.join(env.get("GREENROOM_DATA_DIR", "var"), "redis")
        embedded = EmbeddedRedis(data_dir).start()
        env["REDIS_URL"] = embedded.url
        print(f"embedded Redis on {embedded.url} (data in {data_dir})", flush=True)
    local_defaults(env)
    port = int(env.get("PORT", 8000))
    workers = [
        subprocess.Popen([sys.executable, "-m", "workers.main"], env=env)
        for _ in range(int(env.get("WORKERS", 1)))
    ]
    api = subprocess.Popen(
        gunicorn_argv(port, int(env.get("API_PROCESSES", 2)), int(env.get("API_THREADS", 8))),
        env=env,
    )
    print(
        f"Greenroom is serving on http://127.0.0.1:{port}/ (API docs at /docs)",
        flush=True,
    )

    stopping = False

    def stop(*_):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    try:
        while not stopping and api.poll() is None:
            time.sleep(0.2)
    finally:
        for proc in [api, *workers]:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in [api, *workers]:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
        if embedded:
            embedded.stop()
        print("stopped", flush=True)


if __name__ == "__main__":
    main()
