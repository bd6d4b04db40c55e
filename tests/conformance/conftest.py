"""The conformance suite's fixtures: the leak probes on the path, the toy game registered
for the tests that ask for it, and the app on a loopback HTTP server for streams."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conformance import tictactoe
from live_stack import served

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
    with served(app, "conformance") as base:
        yield base
