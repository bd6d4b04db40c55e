"""``greenroom-api``: the API under gunicorn.

The default worker class is gevent: every request runs in a greenlet, so a
thousand open streams (and long polls) are a thousand parked greenlets, not a
thousand threads, and moves keep their latency (benchmarks/streams.py compares
gthread with gevent; docs/performance.md has the figures).  ``API_WORKER_CLASS=gthread``
brings back threads (``API_THREADS`` per process) for a deployment that serves
no streams.
"""

from __future__ import annotations

import os
import sys

#: concurrent connections per gevent process (streams included)
DEFAULT_CONNECTIONS = 4000


def gunicorn_argv(
    port: int,
    processes: int,
    threads: int,
    worker_class: str | None = None,
    app: str = "api.wsgi:app",
) -> list[str]:
    """gunicorn's command line for ``app`` (the product unless a benchmark names its baseline)."""
    worker_class = worker_class or os.environ.get("API_WORKER_CLASS", "gevent")
    if worker_class == "gevent":
        connections = os.environ.get("API_CONNECTIONS", str(DEFAULT_CONNECTIONS))
        concurrency = ["--worker-connections", connections]
    else:
        concurrency = ["--threads", str(threads)]
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "--bind",
        f"0.0.0.0:{port}",
        "--workers",
        str(processes),
        "--worker-class",
        worker_class,
        *concurrency,
        "--config",
        "python:api.gunicorn_conf",
        app,
    ]


def prepare_metrics_dir() -> None:
    """prometheus_client's multiprocess mode needs an empty folder at start-up."""
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if path:
        os.makedirs(path, exist_ok=True)
        for name in os.listdir(path):
            if name.endswith(".db"):
                os.remove(os.path.join(path, name))


def main() -> None:
    prepare_metrics_dir()
    port = int(os.environ.get("PORT", 8000))
    processes = int(os.environ.get("API_PROCESSES", 2))
    threads = int(os.environ.get("API_THREADS", 8))
    argv = gunicorn_argv(port, processes, threads)
    os.execv(argv[0], argv)


if __name__ == "__main__":
    main()
