"""Whole games played through HTTP, each seat with its own token, plus the contract's errors."""

from __future__ import annotations

import random

import pytest

from services.play.moves import replay
from services.registry import GAMES

#: (game, players, options) that every registered game can play to its end
CONFIGS: list[tuple[str, int, dict]] = [
    ("tour", 1, {"mode": "solo"}),
    ("tour", 1, {"mode": "solo", "opponent": True}),
    ("tour", 2, {"mode": "coop", "difficulty": "grind"}),
    ("tour", 2, {"mode": "versus", "difficulty": "basement"}),
    ("tempo-muse", 2, {"round_limit": 25}),
    ("beat", 4, {"venue": "garage"}),
    ("beat", 2, {"venue": "red_rocks"}),
    ("beat", 4, {"venue": "pulsar_palace"}),
    ("beat", 3, {"venue": "garage", "mode": "puzzle"}),
    ("composition", 3, {}),
    ("composition", 1, {}),
    ("overdrive", 3, {}),
    ("overdrive", 1, {"difficulty": "metalgeddon"}),
    ("overdrive", 2, {"mode": "coop"}),
    ("overdrive", 4, {"speed_metal": True, "hall_of_fame": True, "free_falling": True}),
]
MAX_ACTIONS = 3000


def create(client, game: str, players: int, options: dict, seed: int = 7) -> dict:
    r = client.post(
        "/v1/games", json={"game": game, "players": players, "seed": seed, "options": options}
    )
    assert r.status_code == 201, r.get_json()
    assert r.headers["Location"] == f"/v1/games/{r.get_json()['id']}"
    return r.get_json()


def play_randomly(client, bearer, created: dict, rng: random.Random) -> dict:
    """Each seat reads its own actions with its own token and posts one, until the end."""
    gid, tokens = created["id"], created["seat_tokens"]
    for _ in range(MAX_ACTIONS):
        view = client.get(f"/v1/games/{gid}", headers=bearer(tokens[0])).get_json()
        if view["status"] == "finished":
            return view
        moved = False
        for seat in rng.sample(range(len(tokens)), len(tokens)):
            listing = client.get(f"/v1/games/{gid}/actions", headers=bearer(tokens[seat]))
            assert listing.status_code == 200
            actions = listing.get_json()["actions"]
            assert all(a["seat"] == seat for a in actions)
            if not actions:
                continue
            choice = rng.choice(actions)
            r = client.post(
                f"/v1/games/{gid}/actions",
                json=choice,
                headers={**bearer(tokens[seat]), "If-Match": listing.headers["ETag"]},
            )
            assert r.status_code in (200, 412), r.get_json()
            moved = True
            break
        assert moved, "a running game must offer some seat a legal action"
    pytest.fail("the game did not end")


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
def test_full_game_through_http(client, bearer, store, game, players, options):
    created = create(client, game, players, options)
    final = play_randomly(client, bearer, created, random.Random(1))
    assert final["outcome"] is not None
    assert set(final["outcome"]) >= {"winners", "scores"}
    # the log replays to exactly the stored state
    log = client.get(f"/v1/games/{created['id']}/log").get_json()
    record = store.get(created["id"])
    assert log["version"] == record.version == len(log["entries"]) + 1
    assert [e["v"] for e in log["entries"]] == list(range(2, record.version + 1))
    assert replay(record, log["entries"]) == record.state


def test_configs_cover_every_game():
    assert {c[0] for c in CONFIGS} == set(GAMES)


def test_stale_if_match_is_412_and_changes_nothing(client, bearer, store):
    created = create(client, "tour", 1, {"mode": "solo"})
    gid, token = created["id"], created["seat_tokens"][0]
    action = client.get(f"/v1/games/{gid}/actions", headers=bearer(token)).get_json()["actions"][0]
    r = client.post(
        f"/v1/games/{gid}/actions", json=action, headers={**bearer(token), "If-Match": '"1"'}
    )
    assert r.status_code == 200
    before = store.get(gid)
    r = client.post(
        f"/v1/games/{gid}/actions", json=action, headers={**bearer(token), "If-Match": '"1"'}
    )
    assert r.status_code == 412
    assert r.get_json()["code"] == "version_conflict"
    assert r.get_json()["errors"]["current_version"] == 2
    assert store.get(gid) == before


def test_tokens_guard_seats(client, bearer):
    created = create(client, "tour", 2, {"mode": "versus"})
    gid, (t0, t1), host = created["id"], created["seat_tokens"], created["host_token"]
    # no token: 401 to act or list
    assert client.get(f"/v1/games/{gid}/actions").status_code == 401
    r = client.post(f"/v1/games/{gid}/actions", json={"action": {"type": "x"}})
    assert r.status_code == 401
    # a wrong token is 401, never a spectator
    assert client.get(f"/v1/games/{gid}", headers=bearer("forged")).status_code == 401
    # seat 0's token may not act or look as seat 1
    action = client.get(f"/v1/games/{gid}/actions", headers=bearer(t1)).get_json()["actions"][0]
    r = client.post(f"/v1/games/{gid}/actions", json=action, headers=bearer(t0))
    assert r.status_code == 403
    assert r.get_json()["code"] == "not_your_seat"
    assert client.get(f"/v1/games/{gid}?seat=1", headers=bearer(t0)).status_code == 403
    # the host acts for any seat and may not be replaced by a seat token for deleting
    r = client.post(f"/v1/games/{gid}/actions", json=action, headers=bearer(host))
    assert r.status_code == 200
    assert client.delete(f"/v1/games/{gid}", headers=bearer(t0)).status_code == 403
    assert client.delete(f"/v1/games/{gid}", headers=bearer(host)).status_code == 204
    assert client.get(f"/v1/games/{gid}").status_code == 404


def test_illegal_move_is_422_with_code_and_loses_nothing(client, bearer, store):
    created = create(client, "tour", 1, {"mode": "solo"})
    gid, token = created["id"], created["seat_tokens"][0]
    before = store.get(gid)
    for bad in ({"type": "no-such-action"}, {}, {"type": "choose_offer", "index": "zero"}):
        r = client.post(f"/v1/games/{gid}/actions", json={"action": bad}, headers=bearer(token))
        assert r.status_code == 422, (bad, r.get_json())
        assert r.get_json()["code"] and r.get_json()["message"]
    assert store.get(gid) == before


def test_view_carries_envelope_and_etag(client, bearer):
    created = create(client, "tour", 1, {"mode": "solo"})
    gid = created["id"]
    r = client.get(f"/v1/games/{gid}", headers=bearer(created["seat_tokens"][0]))
    body = r.get_json()
    assert r.headers["ETag"] == '"1"'
    assert {"game", "id", "version", "status", "outcome"} <= set(body)
    assert body["status"] == "running" and body["outcome"] is None and body["seat"] == 0
    # the game's own view passes through the envelope untouched
    assert body["sheets"][0]["cash"] >= 0
    spectator = client.get(f"/v1/games/{gid}").get_json()
    assert spectator["seat"] is None
    assert "sheets" in spectator
