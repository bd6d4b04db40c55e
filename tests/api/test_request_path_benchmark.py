"""The request-path benchmark's own parts: its CPU count takes each gunicorn process of a
server once, and its load generator without wrk (Python threads) sends what wrk would."""

from __future__ import annotations

import contextlib
import json
import subprocess
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
        kill(bare)


def test_the_python_driver_sends_each_connections_plan():
    """The fallback without wrk: GETs, and per-connection POST plans with JSON bodies."""
    bare = RP.BareServer(processes=1, threads=1)
    try:
        body = json.dumps({"action": {"type": "play", "card": "s0-1b"}})
        scenarios = [
            RP.get_scenario("bare GET", bare.base, "/bare", None),
            RP.per_connection_posts("bare POST", bare.base, [[("/echo", "", body)]] * 2),
            # a path that does not exist: every request counts as refused
            RP.per_connection_posts("missing", bare.base, [[("/nowhere", "t", body)]] * 2),
        ]
        got = {sc.name: RP.run_python(sc, 2, 0.5) for sc in scenarios}
    finally:
        kill(bare)
    for name in ("bare GET", "bare POST"):
        assert got[name]["n"] > 0 and got[name]["errors"] == 0, (name, got[name])
        assert 0 < got[name]["p50_ms"] <= got[name]["p99_ms"]
    assert got["missing"]["n"] > 0 and got["missing"]["errors"] == got["missing"]["n"]


def test_cpu_counts_the_children_that_ended_when_asked():
    """Redis rewrites its append-only file in a fork; that child's CPU is Redis's work."""
    me = [psutil.Process()]
    before_own, before_all = RP.cpu_s(me), RP.cpu_s(me, children=True)
    spin = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass"
    subprocess.run([sys.executable, "-c", spin], check=True)
    kids = (RP.cpu_s(me, children=True) - before_all) - (RP.cpu_s(me) - before_own)
    assert kids >= 0.25


def kill(bare: RP.BareServer) -> None:
    """Kill a bare server, master and workers: a gunicorn worker told to stop while it is
    still booting holds its master's graceful stop for the whole graceful_timeout (10 s,
    seen under the suite's load); these tests are not about stopping."""
    master = psutil.Process(bare.proc.pid)
    for p in (master, *master.children()):
        with contextlib.suppress(psutil.NoSuchProcess):
            p.kill()
    bare.proc.wait()
