"""Resigning a competitive game, on real API servers: it ends at once, for every reader."""

from __future__ import annotations

import httpx
import pytest
from live_stack import Listener

from greenroom.client import Client


@pytest.fixture
def api(servers):
    with httpx.Client(base_url=servers[0], timeout=20) as client:
        yield client


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(api, game: str, players: int, options: dict) -> dict:
    r = api.post("/v1/games", json={"game": game, "players": players, "options": options})
    assert r.status_code == 201, r.text
    return r.json()


def test_a_resignation_ends_a_competitive_game_for_everyone(api, servers):
    created = create(api, "tour", 2, {"mode": "versus"})
    gid, first, second = created["id"], *created["seat_tokens"]
    with Client(servers[1], timeout=20) as reader:
        listener = Listener(reader, gid, first)
        assert listener.next().event == "view"
        r = api.post(f"/v1/games/{gid}/seats/1/resign", headers=auth(second))
        assert r.status_code == 200, r.text
        seen = listener.until_version(r.json()["version"])
        assert seen[-1].event == "view" and seen[-1].view["outcome"]["ended"] == "resigned"
        end = listener.next()  # the stream closes with the game
        assert end.event == "end" and end.data["outcome"] == {"ended": "resigned", "seat": 1}
    view = api.get(f"/v1/games/{gid}", headers=auth(first)).json()
    assert view["status"] == "finished"
    assert view["outcome"] == {"ended": "resigned", "seat": 1}
    # nothing more happens at that table
    assert api.get(f"/v1/games/{gid}/actions", headers=auth(first)).json()["actions"] == []
    refused = api.post(f"/v1/games/{gid}/actions", json={"action": {"type": "x"}},
                       headers=auth(first))  # fmt: skip
    assert (refused.status_code, refused.json()["code"]) == (422, "game_over")
    again = api.post(f"/v1/games/{gid}/seats/0/resign", headers=auth(first))
    assert (again.status_code, again.json()["code"]) == (422, "game_over")


def test_resigning_is_only_for_competitive_games_and_the_seats_own_token(api):
    solo = create(api, "tour", 1, {})
    r = api.post(f"/v1/games/{solo['id']}/seats/0/resign", headers=auth(solo["seat_tokens"][0]))
    assert (r.status_code, r.json()["code"]) == (422, "resign_not_offered")
    versus = create(api, "tour", 2, {"mode": "versus"})
    url = f"/v1/games/{versus['id']}/seats/1/resign"
    for headers, status, code in [
        (auth(versus["seat_tokens"][0]), 403, "not_your_seat"),
        (auth(versus["host_token"]), 403, "not_your_seat"),
        ({}, 401, "token_required"),
    ]:
        r = api.post(url, headers=headers)
        assert (r.status_code, r.json()["code"]) == (status, code), r.text
