"""``greenroom-api``: the API under gunicorn (gthread workers)."""

from __future__ import annotations

import os
import sys


def gunicorn_argv(port: int, processes: int, threads: int, app: str = "api.wsgi:app") -> list[str]:
    """gunicorn's command line for ``app`` (the product unless a benchmark names its baseline)."""
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "--bind",
        f"0.0.0.0:{port}",
        "--workers",
        str(processes),
        "--worker-class",
        "gthread",
        "--threads",
        str(threads),
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
