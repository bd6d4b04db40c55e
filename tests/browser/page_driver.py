"""Driving the web page the way a person does: clicks on the buttons it shows."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ACTION = "#actions button.action"


def version(page: Page) -> int:
    return int(page.locator("#main").get_attribute("data-version") or 0)


def status(page: Page) -> str | None:
    return page.locator("#main").get_attribute("data-status")


def wait_version_above(page: Page, seen: int) -> None:
    page.wait_for_function(
        "v => Number(document.getElementById('main').dataset.version || 0) > v", arg=seen
    )


def wait_version_at_least(page: Page, wanted: int) -> None:
    page.wait_for_function(
        "v => Number(document.getElementById('main').dataset.version || 0) >= v", arg=wanted
    )


def click_first_action(page: Page) -> bool:
    """Click the first listed legal action; False when the page offers none.

    A step the table offers through a picker (the tour's stage and work steps) is sent
    with the picker's first choice."""
    buttons = page.locator(f"#work-submit, #stage-submit, {ACTION}")
    if buttons.count() == 0:
        return False
    before = version(page)
    try:
        # a bot's move may redraw the buttons under the pointer: then look again
        buttons.first.click(timeout=5_000)
    except PlaywrightTimeout:
        return False
    # the move lands, or (clicked on a table a bot had just changed) the rule's refusal shows
    page.wait_for_function(
        "v => Number(document.getElementById('main').dataset.version || 0) > v"
        " || !document.getElementById('error').hidden",
        arg=before,
    )
    return version(page) > before


def play_to_end(page: Page, limit: int = 400) -> int:
    """Click the first action until the game is over; returns the clicks made."""
    clicks = 0
    while status(page) != "finished":
        assert clicks < limit, f"no end after {limit} clicks"
        if not click_first_action(page):
            # bots or other seats are to move: the page must update by itself
            wait_for_change(page)
            continue
        clicks += 1
    page.wait_for_selector("#outcome")
    return clicks


def wait_for_change(page: Page) -> None:
    seen = version(page)
    # bots move on a worker: allow them a while, the page must follow without a reload
    page.wait_for_function(
        "v => Number(document.getElementById('main').dataset.version || 0) > v"
        " || document.getElementById('main').dataset.status === 'finished'"
        " || document.querySelectorAll('#actions button.action, #work-submit, #stage-submit')"
        ".length > 0",
        arg=seen,
        timeout=60_000,
    )


def shot(page: Page, folder: Path, name: str) -> Path:
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
