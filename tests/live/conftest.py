"""Fixtures for live play: two real API servers (gevent) on the session's Redis."""

from __future__ import annotations

import pytest
from live_stack import api_servers

from greenroom.client import Client


@pytest.fixture(scope="session")
def servers(settings, app):
    # ``app`` first: the session's key cleanup runs after the servers stop
    with api_servers(settings, 2, STREAM_HEARTBEAT="1") as bases:
        yield bases


@pytest.fixture
def clients(servers):
    made = [Client(base, timeout=20) for base in servers]
    yield made
    for c in made:
        c.close()
