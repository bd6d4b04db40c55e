"""Every other game played to its end in the browser against bots: the person clicks the
buttons the page shows, bot seats move on a real worker, and the page follows them live."""

from __future__ import annotations

import pytest

from services.registry import get_game

from .page_driver import play_to_end, shot, version

# game, players, options typed into the schema-driven form (short games: the rules' own limits)
GAMES = {
    "overdrive": (2, {"speed_metal": "yes"}),
    "composition": (2, {"max_rounds": "2"}),
    "tempo-muse": (2, {"round_limit": "5"}),
    "tour": (2, {"mode": "versus"}),
}


def create_from_lobby(page, game: str, players: int, options: dict, my_seat: str) -> None:
    """Fill the lobby's form (options through the schema-driven controls) and create."""
    page.goto("/")
    page.select_option("#game", game)
    page.fill("#players", str(players))
    page.dispatch_event("#players", "change")
    for name, value in options.items():
        control = page.locator(f"form [name={name}]")
        if control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(label=value)
        else:
            control.fill(value)
    page.fill("#seed", "7")
    page.select_option("#my-seat", my_seat)
    page.click("#create")


def diagnosis(app, page) -> str:
    """Where a stalled game stands: who may act, the seating, the bot flags."""
    game_id = page.evaluate("location.hash.split('/')[2]")
    store = app.extensions["greenroom"].store
    record = store.get(game_id)
    flags = list(store.redis.scan_iter(match=f"{store.prefix}bot:{game_id}:*"))
    to_act = get_game(record.game).seats_to_act(record.state)
    return (
        f"game {game_id} v{record.version} {record.status}: to act {to_act}, "
        f"seating {record.seating}, bot flags {flags}, page at v{version(page)}"
    )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_is_played_to_its_end_in_the_browser_against_a_bot(
    new_page, worker, app, tmp_path, game
):
    players, options = GAMES[game]
    page = new_page()
    create_from_lobby(page, game, players, options, "0")
    for seat in range(1, players):
        page.click(f"#bot-{seat}")
        page.wait_for_selector(f"#seat-status-{seat}:text('bot')")
    page.click("#open-table")
    page.wait_for_selector(f"#board .table.{game.split('-')[0]}")
    assert "(bot, seat 1)" in page.inner_text("#board") or game == "tempo-muse"
    shot(page, tmp_path, f"{game}-start")
    try:
        clicks = play_to_end(page)
    except Exception:
        print(diagnosis(app, page))
        raise
    assert clicks > 0
    assert "Game over" in page.inner_text("#outcome")
    # why it ended, and a score table with a row per seat, not raw data
    assert page.inner_text("#end-why").strip()
    assert page.locator("#scores tbody tr").count() >= players
    assert "{" not in page.inner_text("#outcome")
    assert page.js_errors == []
    # the story: one line per thing told, in words, never a raw object
    told = page.locator("#events li").evaluate_all(
        "lis => lis.map(li => li.dataset.version + ' ' + li.textContent)"
    )
    assert told and len(told) == len(set(told))
    assert not [line for line in told if "[object" in line or "undefined" in line]
    shot(page, tmp_path, f"{game}-end")
