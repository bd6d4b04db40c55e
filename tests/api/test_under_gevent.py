"""The script-path tests again, in an interpreter gevent has monkey-patched.

The API serves with gevent workers, where script calls of concurrent requests share one
connection per process (services.store.redis_mux); the ordinary test run has no gevent, so
this runs those files in a child pytest whose sockets are gevent's: the mux's own tests,
the lost-reply faults (a commit resent after its reply was lost is applied once), the
one-trip move and the fast path's byte-for-byte comparison with Flask.
"""

from __future__ import annotations

import subprocess
import sys

from live_stack import ROOT

FILES = [
    "tests/api/test_redis_mux.py",
    "tests/api/test_redis_calls.py",
    "tests/faults/test_lost_reply.py",
    "tests/api/test_move_trip.py",
    "tests/api/test_fast_path.py",
]

CHILD = """
from gevent import monkey
monkey.patch_all()
import sys, pytest
sys.exit(pytest.main(["-q", "-p", "no:xdist", "-p", "no:cacheprovider", "-rs", *sys.argv[1:]]))
"""


def test_the_script_path_under_gevent():
    run = subprocess.run(
        [sys.executable, "-c", CHILD, *FILES],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    # the mux's own tests ran rather than skipped
    assert "SKIPPED" not in run.stdout or "under gevent only" not in run.stdout, run.stdout
