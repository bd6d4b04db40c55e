"""Every other game played to its end in the browser, by clicking the buttons the page shows."""

from __future__ import annotations

import pytest
from page_driver import play_to_end, shot

# game, players, options typed into the schema-driven form (short games: the rules' own limits)
GAMES = {
    "overdrive": (2, {}),
    "composition": (2, {"max_rounds": "2"}),
    "tempo-muse": (2, {"round_limit": "5"}),
    "tour": (1, {}),
}


def create_from_lobby(page, game: str, players: int, options: dict, my_seat: str) -> None:
    page.goto("/")
    page.select_option("#game", game)
    page.fill("#players", str(players))
    page.dispatch_event("#players", "change")
    for name, value in options.items():
        page.fill(f"#created ~ * [name={name}], form [name={name}]", value)
    page.fill("#seed", "7")
    page.select_option("#my-seat", my_seat)
    page.click("#create")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_is_played_to_its_end_in_the_browser(new_page, tmp_path, game):
    players, options = GAMES[game]
    page = new_page()
    create_from_lobby(page, game, players, options, "host")
    if players > 1:
        page.click("#open-table")
    page.wait_for_selector(f"#board .table.{game.split('-')[0]}")
    shot(page, tmp_path, f"{game}-start")
    clicks = play_to_end(page)
    assert clicks > 0
    assert "Game over" in page.inner_text("#outcome")
    assert page.js_errors == []
    shot(page, tmp_path, f"{game}-end")
