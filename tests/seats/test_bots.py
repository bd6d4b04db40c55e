"""Bot seats, played by the hint engine on a real RQ worker: one human and bots finish
every game kind over HTTP."""

from __future__ import annotations

import time

import pytest
from seat_helpers import TABLES, auth, create, play_first_legal

from services.registry import get_game

DEADLINE_S = 180


def _seat_bots(client, created: dict, seats: list[int]) -> None:
    for seat in seats:
        r = client.post(
            f"/v1/games/{created['id']}/seats/{seat}/bot",
            json={},
            headers=auth(created["host_token"]),
        )
        assert r.status_code == 200, r.get_json()


@pytest.mark.parametrize("game", sorted(TABLES))
def test_one_human_and_bots_finish_the_game(client, store, worker, game):
    players, _ = TABLES[game]
    created = create(client, game, players, open_seats=list(range(1, players)), names=["Hu"])
    gid, me = created["id"], created["seat_tokens"][0]
    _seat_bots(client, created, list(range(1, players)))
    view = client.get(f"/v1/games/{gid}", headers=auth(me)).get_json()
    assert [s["kind"] for s in view["seating"]] == ["human"] + ["bot"] * (players - 1)
    assert view["seating"][1]["name"] == "Bot 1"
    deadline = time.monotonic() + DEADLINE_S
    human_moves = 0
    while time.monotonic() < deadline:
        if client.get(f"/v1/games/{gid}", headers=auth(me)).get_json()["status"] == "finished":
            break
        status = play_first_legal(client, gid, me)
        if status == 0:
            time.sleep(0.05)  # the bots' turn: they move on the worker
        else:
            assert status in (200, 412, 422), status  # a bot may move in between
            human_moves += status == 200
    record = store.get(gid)
    assert record.status == "finished", f"{game} did not finish in {DEADLINE_S}s"
    log = store.log(gid)
    bot_moves = [e for e in log if e["seat"] != 0]
    assert bot_moves, "the bots never moved"
    assert human_moves == len(log) - len(bot_moves)
    assert get_game(game).outcome(record.state) is not None


def test_bot_seats_need_the_host_and_an_open_seat(client):
    created = create(client, "tour", 2, open_seats=[1])
    gid = created["id"]
    url = f"/v1/games/{gid}/seats/1/bot"
    assert client.post(url, json={}).status_code == 403
    assert client.post(url, json={}, headers=auth(created["seat_tokens"][0])).status_code == 403
    host = auth(created["host_token"])
    assert client.post(f"/v1/games/{gid}/seats/0/bot", json={}, headers=host).status_code == 409
    r = client.post(url, json={"name": "Robo"}, headers=host)
    assert r.status_code == 200 and r.get_json()["seating"][1]["name"] == "Robo"
    assert client.post(url, json={}, headers=host).status_code == 409
