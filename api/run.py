"""``make run``: Redis (embedded unless REDIS_URL is set), RQ workers and the API.

Each of them is supervised (``api.supervise``): one that exits is logged and started
again with a growing delay, the embedded Redis on the same port and data (its
append-only file keeps the games).  Ctrl-C (or SIGTERM) stops all of them, API first
so no request is cut off by a vanished backend.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import time

from api.embedded_redis import EmbeddedRedis
from api.serve import gunicorn_argv
from api.supervise import Supervisor

#: seconds between the supervisor's looks at its children
TICK_S = 0.2


def local_defaults(env: dict[str, str]) -> dict[str, str]:
    """What the embedded default sets unless told otherwise: no rate limit for loopback
    clients, so a local bot can play as fast as the server answers (README: configuration)."""
    env.setdefault("RATE_LIMIT_LOOPBACK", "exempt")
    return env


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    env = dict(os.environ)
    supervisor = Supervisor()
    if not env.get("REDIS_URL"):
        data_dir = os.path.join(env.get("GREENROOM_DATA_DIR", "var"), "redis")
        embedded = EmbeddedRedis(data_dir)
        env["REDIS_URL"] = embedded.url
        supervisor.add("redis", lambda: embedded.start().process)
        print(f"embedded Redis on {embedded.url} (data in {data_dir})", flush=True)
    local_defaults(env)
    port = int(env.get("PORT", 8000))
    for n in range(int(env.get("WORKERS", 1))):
        argv = [sys.executable, "-m", "workers.main"]
        supervisor.add(f"worker-{n + 1}", lambda argv=argv: subprocess.Popen(argv, env=env))
    api_argv = gunicorn_argv(port, int(env.get("API_PROCESSES", 2)), int(env.get("API_THREADS", 8)))
    supervisor.add("api", lambda: subprocess.Popen(api_argv, env=env))
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
        while not stopping:
            supervisor.poll()
            time.sleep(TICK_S)
    finally:
        supervisor.stop()
        print("stopped", flush=True)


if __name__ == "__main__":
    main()
