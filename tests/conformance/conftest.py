"""The conformance suite's fixtures: the leak probes on the path, the toy game registered
for the tests that ask for it, and the app on a loopback HTTP server for streams."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from conformance import tictactoe
from werkzeug.serving import make_server

from services.game_specs import register, specs, unregister

HARDENING = Path(__file__).resolve().parents[1] / "hardening"
if str(HARDENING) not in sys.path:
    sys.path.insert(0, str(HARDENING))

TOY = tictactoe.SPEC.id


@pytest.fixture
def registered() -> Iterator[None]:
    """The toy game registered for the test (a no-op for the built-in games)."""
    added = TOY not in [s.id for s in specs()]
    if added:
        register(tictactoe.SPEC)
    try:
        yield
    finally:
        if added:
            unregister(TOY)


@pytest.fixture(scope="session")
def http_base(app) -> Iterator[str]:
    """The test app over real HTTP on a free loopback port (threaded)."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="conformance", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
