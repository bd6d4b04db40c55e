"""Players who leave, and hosts who replace them, on real API servers and a real worker."""

from __future__ import annotations

import time

import httpx
import pytest


@pytest.fixture
def api(servers):
    with httpx.Client(base_url=servers[0], timeout=20) as client:
        yield client


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(api, **extra) -> dict:
    body = {"game": "tour", "players": 2, "options": {"mode": "versus"}, "seed": 8, **extra}
    r = api.post("/v1/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def play_to_the_end(api, gid: str, token: str, deadline_s: float = 120) -> dict:
    """The human plays its first legal action whenever it may; the bot plays on the worker."""
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        view = api.get(f"/v1/games/{gid}", headers=auth(token)).json()
        if view["status"] == "finished":
            return view
        actions = api.get(f"/v1/games/{gid}/actions", headers=auth(token)).json()["actions"]
        if not actions:
            time.sleep(0.05)  # the bot's turn
            continue
        r = api.post(f"/v1/games/{gid}/actions", json=actions[0], headers=auth(token))
        assert r.status_code in (200, 409, 412, 422), r.text
    raise AssertionError("the game did not finish")


def test_a_player_who_leaves_hands_the_seat_to_a_bot_that_finishes_the_game(api, worker):
    created = create(api)
    gid, mine, theirs = created["id"], *created["seat_tokens"]
    r = api.post(f"/v1/games/{gid}/seats/1/leave", json={}, headers=auth(theirs))
    assert r.status_code == 200, r.text
    assert r.json()["seating"][1]["kind"] == "bot"
    # the token left with its player
    assert api.get(f"/v1/games/{gid}", headers=auth(theirs)).status_code == 401
    view = play_to_the_end(api, gid, mine)
    log = api.get(f"/v1/games/{gid}/log").json()["entries"]
    assert any(e["seat"] == 1 for e in log), "the bot never moved"
    assert view["outcome"] is not None


def test_a_seat_reopens_when_the_host_chose_so_and_a_newcomer_takes_it(api):
    created = create(api, on_leave="open")
    gid, mine, theirs = created["id"], *created["seat_tokens"]
    r = api.post(f"/v1/games/{gid}/seats/1/leave", json={}, headers=auth(theirs))
    assert r.status_code == 200 and r.json()["seating"][1]["kind"] == "open", r.text
    action = api.get(f"/v1/games/{gid}/actions", headers=auth(mine)).json()["actions"]
    if action:  # no move while a seat is open
        refused = api.post(f"/v1/games/{gid}/actions", json=action[0], headers=auth(mine))
        assert refused.status_code == 409 and refused.json()["code"] == "seats_open"
    claimed = api.post(f"/v1/games/{gid}/seats/1", json={"name": "New"})
    assert claimed.status_code == 200, claimed.text
    assert api.get(f"/v1/games/{gid}", headers=auth(claimed.json()["token"])).status_code == 200


def test_the_host_replaces_an_unresponsive_player_with_a_bot(api, worker):
    created = create(api, open_seats=[1])
    gid, host = created["id"], created["host_token"]
    token = api.post(f"/v1/games/{gid}/seats/1", json={"name": "Away"}).json()["token"]
    r = api.post(f"/v1/games/{gid}/seats/1/leave", json={"then": "bot"}, headers=auth(host))
    assert r.status_code == 200 and r.json()["seating"][1]["kind"] == "bot", r.text
    assert api.get(f"/v1/games/{gid}", headers=auth(token)).status_code == 401


def test_leaving_is_refused_where_it_makes_no_sense(api):
    created = create(api, open_seats=[1])
    gid, mine, host = created["id"], created["seat_tokens"][0], created["host_token"]
    url = f"/v1/games/{gid}/seats/{{}}/leave"
    cases = [
        (url.format(1), {}, auth(host), 409, "seat_not_held"),  # nobody holds it
        (url.format(1), {}, auth(mine), 403, "not_your_seat"),
        (url.format(0), {"then": "open"}, auth(mine), 403, "host_only"),
        (url.format(0), {}, {}, 401, "token_required"),
        (url.format(5), {}, auth(host), 404, "no_such_seat"),
        (url.format(0), {"then": "away"}, auth(host), 400, "invalid_request"),
    ]
    for path, body, headers, status, code in cases:
        r = api.post(path, json=body, headers=headers)
        assert (r.status_code, r.json()["code"]) == (status, code), (path, body, r.text)
