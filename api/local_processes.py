"""Local API processes for the tests and benchmarks: start, wait until up, stop.

Both the live-play tests and the benchmarks run the API under gunicorn on
loopback ports; this is the one copy of how they start it, wait for its
health check and stop it (a graceful stop first: open streams may hold it,
so it is bounded and followed by a kill).
"""

from __future__ import annotations

import signal
import subprocess
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import IO

import httpx

from api.serve import gunicorn_argv

ROOT = Path(__file__).resolve().parent.parent


def spawn_api(
    port: int,
    env: Mapping[str, str],
    processes: int = 1,
    threads: int = 1,
    worker_class: str | None = None,
    *,
    stdout: int | IO | None = subprocess.DEVNULL,
    stderr: int | IO | None = subprocess.DEVNULL,
) -> subprocess.Popen:
    """gunicorn serving the API on ``port`` with ``env`` (does not wait for it)."""
    argv = gunicorn_argv(port, processes, threads, worker_class)
    return subprocess.Popen(argv, env=dict(env), cwd=ROOT, stdout=stdout, stderr=stderr)


def wait_healthy(
    base: str,
    procs: Iterable[subprocess.Popen] = (),
    timeout: float = 60.0,
    path: str = "/v1/health",
) -> None:
    """Return once ``base`` answers ``path`` with 200; raise if a process exits or time runs out."""
    procs = list(procs)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(p.poll() is not None for p in procs):
            raise RuntimeError(f"a server for {base} exited at start-up")
        try:
            if httpx.get(f"{base}{path}", timeout=5).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{base} did not come up in {timeout:g} s")


def stop_all(procs: Iterable[subprocess.Popen], grace: float = 15.0, quick: bool = False) -> None:
    """Terminate every process, then kill the ones still running after ``grace`` seconds.

    ``quick`` sends gunicorn's quick-shutdown signal (QUIT) instead of TERM: requests in
    flight are dropped rather than waited for (an open stream holds a graceful stop for
    the whole ``graceful_timeout``), for servers whose work is over anyway.
    """
    procs = list(procs)
    for p in procs:
        if p.poll() is None:
            p.send_signal(signal.SIGQUIT if quick else signal.SIGTERM)
    for p in procs:
        try:
            p.wait(timeout=grace)
        except subprocess.TimeoutExpired:  # open streams hold a graceful stop
            p.kill()
            p.wait()
