"""``greenroom-api``: the API under gunicorn (gthread workers)."""

from __future__ import annotations

import os
import sys


def gunicorn_argv(port: int, processes: int, threads: int) -> list[str]:
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
        "api.wsgi:app",
    ]


def main() -> None:
    port = int(os.environ.get("PORT", 8000))
    processes = int(os.environ.get("API_PROCESSES", 2))
    threads = int(os.environ.get("API_THREADS", 8))
    argv = gunicorn_argv(port, processes, threads)
    os.execv(argv[0], argv)


if __name__ == "__main__":
    main()
