"""Overdrive through HTTP: a 3-seat game and a solo game against Metallum, the allocation
solver problem and hints through the job queue."""

from __future__ import annotations

import random

from services.play.moves import replay


def _create(client, players: int, options: dict, seed: int) -> dict:
    r = client.post(
        "/v1/games",
        json={"game": "overdrive", "players": players, "seed": seed, "options": options},
    )
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def _play_random(client, bearer, gid: str, tokens: list[str], seed: int) -> int:
    rng = random.Random(seed)
    posted = 0
    for _ in range(2000):
        acting = []
        for seat, token in enumerate(tokens):
            listing = client.get(f"/v1/games/{gid}/actions", headers=bearer(token))
            if listing.get_json()["actions"]:
                acting.append((seat, listing))
        if not acting:
            break
        assert len(acting) == 1, "Overdrive has one seat to act at a time"
        seat, listing = acting[0]
        choice = rng.choice(listing.get_json()["actions"])
        if len(tokens) > 1:
            other = tokens[(seat + 1) % len(tokens)]
            assert client.post(f"/v1/games/{gid}/actions", json=choice,
                               headers=bearer(other)).status_code == 403  # fmt: skip
        r = client.post(
            f"/v1/games/{gid}/actions",
            json=choice,
            headers={**bearer(tokens[seat]), "If-Match": listing.headers["ETag"]},
        )
        assert r.status_code == 200, r.get_json()
        posted += 1
    return posted


def test_a_full_three_seat_game(client, bearer, store):
    created = _create(client, 3, {}, seed=12)
    gid, tokens = created["id"], created["seat_tokens"]
    assert _play_random(client, bearer, gid, tokens, 3) > 20
    final = client.get(f"/v1/games/{gid}").get_json()
    assert final["status"] == "finished"
    assert final["outcome"]["winners"] and set(final["outcome"]["scores"]) == {"0", "1", "2"}
    r = client.post(f"/v1/games/{gid}/actions", json={"action": {"type": "end_turn"}},
                    headers=bearer(tokens[0]))  # fmt: skip
    assert r.status_code == 422 and r.get_json()["code"] == "game_over"
    log = client.get(f"/v1/games/{gid}/log").get_json()
    record = store.get(gid)
    assert replay(record, log["entries"]) == record.state


def test_a_solo_game_against_metallum(client, bearer):
    created = _create(client, 1, {"difficulty": "brutal"}, seed=5)
    gid, tokens = created["id"], created["seat_tokens"]
    bad = client.post(f"/v1/games/{gid}/actions", json={"action": {"type": "fly"}},
                      headers=bearer(tokens[0]))  # fmt: skip
    assert bad.status_code == 422 and bad.get_json()["code"] == "unknown_action"
    _play_random(client, bearer, gid, tokens, 8)
    final = client.get(f"/v1/games/{gid}", headers=bearer(tokens[0])).get_json()
    assert final["status"] == "finished"
    assert "metallum" in final["outcome"]["scores"]
    assert final["outcome"]["winners"] in ([], [0])


def test_bad_options_are_422(client):
    r = client.post("/v1/games", json={"game": "overdrive", "players": 2,
                                       "options": {"mode": "solo"}})  # fmt: skip
    assert r.status_code == 422 and r.get_json()["code"] == "invalid_options"


def test_the_allocation_problem_through_the_job_queue(client, worker):
    position = {"faces": ["chord", "chord", "chord", "skull"], "grana": 0, "band": "rebeldogs",
                "players": 3, "free_spaces": ["appearance", "resources"]}  # fmt: skip
    r = client.post("/v1/solver/overdrive/allocation", json={"position": {"faces": []}})
    assert r.status_code == 422
    r = client.post("/v1/solver/overdrive/allocation", json={"position": position})
    assert r.status_code == 202, r.get_json()
    job = client.get(r.headers["Location"], headers={"Prefer": "wait=20"}).get_json()
    assert job["status"] == "finished", job
    assert job["result"]["value"] == 1.25  # Appearance 1.00 + a Skull on Resources 0.25
    assert job["result"]["actions"][-1]["action"] == {"type": "end_turn"}


def test_hints_are_postable_as_they_are(client, bearer, worker):
    created = _create(client, 2, {"speed_metal": True}, seed=3)
    gid, tokens = created["id"], created["seat_tokens"]
    for _ in range(3):
        seat = next(
            s
            for s, t in enumerate(tokens)
            if client.get(f"/v1/games/{gid}/actions", headers=bearer(t)).get_json()["actions"]
        )
        r = client.post(f"/v1/games/{gid}/hints", json={}, headers=bearer(tokens[seat]))
        assert r.status_code == 202, r.get_json()
        job = client.get(r.headers["Location"], headers={"Prefer": "wait=20"}).get_json()
        assert job["status"] == "finished", job
        assert job["result"]["explanation"]
        for step in job["result"]["actions"]:
            r = client.post(f"/v1/games/{gid}/actions", json=step, headers=bearer(tokens[seat]))
            assert r.status_code == 200, r.get_json()
