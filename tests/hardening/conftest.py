"""Real API servers for the stream leak probes (tests/live_stack.py)."""

from __future__ import annotations

import pytest
from live_stack import api_servers


@pytest.fixture(scope="session")
def servers(settings, app):
    with api_servers(settings, 2) as bases:
        yield bases
