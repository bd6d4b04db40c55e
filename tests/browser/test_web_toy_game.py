"""A toy game registered by this test alone, in the browser: created from the lobby's form,
drawn by the generic table (the catalog names no table for it), played to its end."""

from __future__ import annotations

import pytest
from conformance import tictactoe

from services.game_specs import register, unregister

from .page_driver import play_to_end


@pytest.fixture
def toy_registered():
    register(tictactoe.SPEC)
    yield tictactoe.SPEC.id
    unregister(tictactoe.SPEC.id)


def test_a_toy_game_is_created_and_played_to_its_end_in_the_generic_table(toy_registered, new_page):
    page = new_page()
    page.goto("/")
    page.select_option("#game", toy_registered)
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.fill("#seed", "7")
    page.select_option("#my-seat", "host")
    page.click("#create")
    page.click("#open-table")
    page.wait_for_selector("#board .table.generic")
    clicks = play_to_end(page, limit=9)
    assert 5 <= clicks <= 9
    assert "Game over" in page.inner_text("#outcome")
    assert page.js_errors == []
