"""The page follows a game live without its seat token ever appearing in a URL it
requests: the stream opens with a single-use ticket asked for with the token in a header."""

from __future__ import annotations

from services.registry import get_game

from .page_driver import wait_version_at_least


def test_the_page_streams_with_a_ticket_and_no_token_in_any_url(new_page, client, store):
    created = client.post(
        "/v1/games", json={"game": "tempo-muse", "players": 2, "seed": 11}
    ).get_json()
    game_id, token = created["id"], created["seat_tokens"][0]
    page = new_page()
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.goto(f"/#/g/{game_id}?token={token}")
    page.wait_for_selector("#live[data-mode=stream]")

    # a move by the other seat reaches the page through the ticketed stream
    game = get_game("tempo-muse")
    state = store.get(game_id).state
    seat = game.seats_to_act(state)[0]
    answer = client.post(
        f"/v1/games/{game_id}/actions",
        json={"seat": seat, "action": game.legal_actions(state, seat)[0]},
        headers={"Authorization": f"Bearer {created['host_token']}"},
    )
    assert answer.status_code == 200
    wait_version_at_least(page, answer.get_json()["version"])

    streams = [u for u in urls if f"/v1/games/{game_id}/stream?" in u]
    assert streams and all("ticket=" in u for u in streams)
    sent = [u.split("#", 1)[0] for u in urls]  # a fragment never leaves the browser
    assert not [u for u in sent if token in u or "token=" in u]
    assert page.js_errors == []
