"""GET /v1/games/{id}/replay/{step}: seed + log replayed to a step, never leaking a running game."""

from __future__ import annotations

from services.registry import get_game


def _play_to_end(client, bearer, created, limit=400):
    token = created["host_token"]
    for _ in range(limit):
        listing = client.get(f"/v1/games/{created['id']}/actions", headers=bearer(token)).get_json()
        if not listing["actions"]:
            break
        r = client.post(
            f"/v1/games/{created['id']}/actions", json=listing["actions"][0], headers=bearer(token)
        )
        assert r.status_code == 200, r.get_json()


def test_each_step_of_a_finished_game_is_the_replayed_state(client, bearer):
    created = client.post(
        "/v1/games", json={"game": "beat", "players": 2, "seed": 5, "options": {}}
    ).get_json()
    gid = created["id"]
    _play_to_end(client, bearer, created)
    log = client.get(f"/v1/games/{gid}/log").get_json()
    steps = len(log["entries"])
    assert steps > 3
    game = get_game("beat")
    state = game.new(2, {}, 5)
    events: list = []
    for k in range(steps + 1):
        r = client.get(f"/v1/games/{gid}/replay/{k}")
        assert r.status_code == 200, r.get_json()
        body = r.get_json()
        assert (body["step"], body["steps"]) == (k, steps)
        expected = game.view(state, None, True)
        assert body["seats"] == expected["seats"]
        assert body["round"] == expected["round"]
        assert body["last"] == (log["entries"][k - 1] if k else None)
        # the events of the step's action, as the rules reported them
        assert body["last_events"] == events
        assert body["version"] == (log["entries"][k - 1]["v"] if k else 1)
        if k < steps:
            entry = log["entries"][k]
            state, events = game.apply(state, entry["seat"], entry["action"])
    assert body["status"] == "finished" and body["outcome"] is not None
    assert client.get(f"/v1/games/{gid}/replay/{steps + 1}").status_code == 404
    # a finished game may also be replayed as one seat sees it
    seat_view = client.get(f"/v1/games/{gid}/replay/1?seat=1").get_json()
    assert "hand" not in seat_view["seats"][0] and "hand" in seat_view["seats"][1]


def test_a_running_hidden_game_is_not_replayed_for_players_or_spectators(client, bearer):
    created = client.post(
        "/v1/games", json={"game": "beat", "players": 2, "seed": 5, "options": {}}
    ).get_json()
    gid = created["id"]
    step = client.get(f"/v1/games/{gid}/actions", headers=bearer(created["host_token"]))
    client.post(
        f"/v1/games/{gid}/actions",
        json=step.get_json()["actions"][0],
        headers=bearer(created["host_token"]),
    )
    assert client.get(f"/v1/games/{gid}/replay/0").status_code == 403
    seat = bearer(created["seat_tokens"][1])
    assert client.get(f"/v1/games/{gid}/replay/1", headers=seat).status_code == 403
    host = client.get(f"/v1/games/{gid}/replay/1", headers=bearer(created["host_token"]))
    assert host.status_code == 200
    # the host sees what it would see now: the public view, no hands
    assert all("hand" not in s for s in host.get_json()["seats"])


def test_an_open_puzzle_is_replayed_while_it_runs(client):
    created = client.post(
        "/v1/games",
        json={"game": "beat", "players": 2, "seed": 3, "options": {"mode": "puzzle"}},
    ).get_json()
    r = client.get(f"/v1/games/{created['id']}/replay/0")
    assert r.status_code == 200
    assert all("hand" in s for s in r.get_json()["seats"])
