"""The request-path benchmark's CPU count: each gunicorn process of a server counted once."""

from __future__ import annotations

import contextlib
import sys
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import request_path as RP  # noqa: E402


def test_a_servers_master_and_workers_are_each_counted_once():
    bare = RP.BareServer(processes=2, threads=1)
    try:
        master = psutil.Process(bare.proc.pid)
        deadline = time.monotonic() + 20
        while len(master.children()) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)  # the second worker may still be booting
        workers = {c.pid for c in master.children()}
        assert len(workers) == 2
        # forked workers carry the master's command line: found by it and as children
        assert sorted(p.pid for p in RP.server_processes(bare.base)) == sorted(
            {master.pid, *workers}
        )
    finally:
        # killed, not stopped: a gunicorn worker told to stop while it is still booting
        # holds its master's graceful stop for the whole graceful_timeout (10 s, seen
        # under the suite's load); this test is about counting processes, not stopping
        for p in (bare.proc.pid, *workers_of(bare.proc.pid)):
            with contextlib.suppress(psutil.NoSuchProcess):
                psutil.Process(p).kill()
        bare.proc.wait()


def workers_of(pid: int) -> list[int]:
    try:
        return [c.pid for c in psutil.Process(pid).children()]
    except psutil.NoSuchProcess:
        return []
