"""Browser tests: the real app on a loopback HTTP server, driven by headless Chromium.

Playwright drives Debian's ``/usr/bin/chromium`` (``.ci/run`` installs it when
missing); no browser is ever downloaded.  Each test gets a fresh context, so
cookies and storage never carry over between tests.

Fixtures: ``live_server`` (the base URL of the app, e.g. ``http://127.0.0.1:PORT``),
``browser`` (one Chromium per session), ``page`` (a new page in a new context).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_stack import served

CHROMIUM = Path("/usr/bin/chromium")
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
    """The session's app served over real HTTP on a free loopback port (threaded)."""
    with served(app, "live-server") as base:
        yield base


@pytest.fixture(scope="session")
def browser(tmp_path_factory):
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package (.ci/run does)")
    from playwright.sync_api import sync_playwright

    # launch() gives Chromium a fresh temporary profile (user-data dir) of its own;
    # TMPDIR keeps it inside pytest's temp folder
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            env={**os.environ, "TMPDIR": str(tmp_path_factory.mktemp("chromium"))},
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def new_page(browser, live_server):
    """``new_page(width=1280)`` -> a page on the live server in a fresh context.

    Each context has its own storage, so two pages are two different people; the
    page's script errors are collected in ``page.js_errors``.
    """
    contexts = []

    def make(width: int = 1280, height: int = 900):
        context = browser.new_context(
            base_url=live_server, viewport={"width": width, "height": height}
        )
        context.set_default_timeout(20_000)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.js_errors = errors  # type: ignore[attr-defined]
        return page

    yield make
    for context in contexts:
        context.close()
