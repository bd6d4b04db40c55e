"""Every table teaches its game and passes an accessibility scan: the "How to play" panel
opens with the game's steps and words, a term on the board explains itself on a tap, and
axe-core (its script shipped in a Python package, run in Chromium) finds no serious or
critical violation."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from .test_web_table_bugs import Api

TABLES = {
    "beat": (2, {"venue": "garage"}, 0),
    "composition": (2, {}, 0),
    "overdrive": (1, {}, 0),
    "tempo-muse": (2, {}, 2),
    "tour": (1, {}, 1),
}


@pytest.mark.parametrize("game", sorted(TABLES))
def test_a_table_teaches_its_game_and_passes_an_accessibility_scan(new_page, client, game):
    players, options, moves = TABLES[game]
    made = Api(client, game, players, 7, options)
    made.first(moves)
    page = made.open(new_page, width=390)
    page.emulate_media(reduced_motion="reduce")
    # every part of the view is drawn: nothing is left over as raw data
    assert page.locator("#board details.raw").count() == 0
    # on a phone the table (the song, the hand) comes before the moves
    board_top = page.locator("#board").bounding_box()["y"]
    assert board_top < page.locator("#actions").bounding_box()["y"]
    how = page.locator("#how-to-play")
    assert not how.locator("ol").is_visible()
    how.locator("summary").click()
    assert how.locator("ol li").count() >= 4
    assert how.locator("dt").count() >= 8
    # a word of the game on the board explains itself on a tap
    term = page.locator("#board .term").first
    word = term.inner_text()
    term.click()
    tip = page.locator("#term-tip")
    assert tip.is_visible()
    assert tip.inner_text().lower().startswith(f"{word.lower()}: ")
    page.keyboard.press("Escape")
    assert not tip.is_visible()
    results = Axe().run(page)
    bad = [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == []
    assert page.js_errors == []
