"""The table reads its actions and its view as two requests; a move landing between them
must not leave the page showing one version's board with another version's buttons."""

from __future__ import annotations

import re

from services.registry import get_game

from .page_driver import ACTION, version


def test_a_move_between_the_pages_two_reads_is_read_again(new_page, client, store):
    # composition, 2 seats: play on until seat 1 alone is to act and its move hands the
    # turn to seat 0
    created = client.post(
        "/v1/games", json={"game": "composition", "players": 2, "seed": 7, "options": {}}
    ).get_json()
    game_id = created["id"]
    host = {"Authorization": f"Bearer {created['host_token']}"}
    game = get_game("composition")
    for _ in range(50):
        state = store.get(game_id).state
        acting = game.seats_to_act(state)
        if acting == [1]:
            after, _ = game.apply(state, 1, game.legal_actions(state, 1)[0])
            if 0 in game.seats_to_act(after):
                break
        seat = acting[0]
        client.post(
            f"/v1/games/{game_id}/actions",
            json={"seat": seat, "action": game.legal_actions(state, seat)[0]},
            headers=host,
        )
    else:
        raise AssertionError("no position where seat 1's move hands the turn to seat 0")
    waiting_at = store.get(game_id).version
    page = new_page()
    page.goto(f"/#/g/{game_id}?token={created['seat_tokens'][0]}")
    page.wait_for_function(
        "v => Number(document.getElementById('main').dataset.version) === v", arg=waiting_at
    )
    assert page.locator(ACTION).count() == 0  # seat 1 to move

    # the next view request waits until seat 1 has moved: the page's listing, read just
    # before, is of the version before that move
    armed = [True]

    def move_first(route):
        if armed[0]:
            armed[0] = False
            state = store.get(game_id).state
            client.post(
                f"/v1/games/{game_id}/actions",
                json={"seat": 1, "action": game.legal_actions(state, 1)[0]},
                headers=host,
            )
        route.continue_()

    page.route(re.compile(rf"/v1/games/{game_id}(\?[^/]*)?$"), move_first)
    page.reload()
    # well within the table's 30-second safety net, so the reads themselves put it right
    page.wait_for_selector(ACTION, timeout=8_000)
    assert not armed[0]
    assert version(page) == waiting_at + 1
    assert page.js_errors == []
