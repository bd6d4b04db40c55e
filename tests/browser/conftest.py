"""Browser tests: the app served on a loopback port, Playwright driving Debian's Chromium.

No browser is downloaded: Playwright launches /usr/bin/chromium (the `chromium`
package; `.ci/run` installs it when missing).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator

import pytest
from werkzeug.serving import make_server

CHROMIUM = os.environ.get("GREENROOM_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def live_server(app) -> Iterator[str]:
    """The session's app on a free loopback port (threads: streams stay open beside moves)."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM}")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def new_page(browser, live_server):
    """``new_page(width=1280)`` -> a page in a fresh context (own storage: another person)."""
    contexts = []

    def make(width: int = 1280, height: int = 900):
        context = browser.new_context(
            base_url=live_server, viewport={"width": width, "height": height}
        )
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.js_errors = errors  # type: ignore[attr-defined]
        return page

    yield make
    for context in contexts:
        context.close()
