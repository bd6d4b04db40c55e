"""A Beat puzzle (every card open) may be analysed while it runs: the answer says the
moment a play makes the venue unwinnable. A live game with hidden hands never is."""

from __future__ import annotations

import random

from beat_random_band import random_band_log

from solver.beat import analysis as A
from solver.beat import solve as S

OPTIONS = {"venue": "garage", "mode": "puzzle"}


def _losing_log(seed: int) -> tuple[list[dict], int]:
    """A random band's log at Garage and the step after which it could not win."""
    log = random_band_log(3, OPTIONS, seed)
    out = A.analyse({"players": 3, "options": OPTIONS, "seed": seed, "log": log}, 30.0)
    assert out["first_losing_step"] is not None
    return log, out["first_losing_step"]


def _result(client, r) -> dict:
    assert r.status_code == 202, r.get_json()
    job = client.get(r.headers["Location"], headers={"Prefer": "wait=60"}).get_json()
    assert job["status"] == "finished", job
    return job["result"]


def test_a_running_puzzle_says_when_the_venue_can_no_longer_be_won(client, bearer, worker):
    log, lost_at = _losing_log(1)
    created = client.post(
        "/v1/games", json={"game": "beat", "players": 3, "seed": 1, "options": OPTIONS}
    ).get_json()
    gid, host = created["id"], bearer(created["host_token"])
    for e in log[: lost_at - 1]:
        assert client.post(f"/v1/games/{gid}/actions", json=e, headers=host).status_code == 200
    before = _result(client, client.post(f"/v1/games/{gid}/analysis", json={}))
    assert before["winnable_now"] is not False and before["first_losing_step"] is None
    r = client.post(f"/v1/games/{gid}/actions", json=log[lost_at - 1], headers=host)
    assert r.status_code == 200 and r.get_json()["view"]["status"] == "running"
    ask = client.post(f"/v1/games/{gid}/analysis", json={})
    after = _result(client, ask)
    assert after["winnable_now"] is False and after["first_losing_step"] == lost_at
    assert after["per_step"][lost_at - 1]["text"].startswith("This play lost the venue")
    # a new version is a new job; the same version reuses it
    again = client.post(f"/v1/games/{gid}/analysis", json={})
    assert again.get_json()["id"] == ask.get_json()["id"]


def test_the_losing_verdict_is_the_solvers():
    log, lost_at = _losing_log(1)
    seq = A.states({"players": 3, "options": OPTIONS, "seed": 1, "log": log})
    if seq[lost_at]["status"] == "running":
        assert S.decide(seq[lost_at], 10.0)["verdict"] == "infeasible"
    prefix = {"players": 3, "options": OPTIONS, "seed": 1, "log": log[:lost_at]}
    out = A.analyse(A.validate(prefix), 30.0)
    assert out["winnable_now"] is False and out["first_losing_step"] == lost_at
    shorter = {**prefix, "log": log[: lost_at - 1]}
    assert A.analyse(A.validate(shorter), 30.0)["winnable_now"] is not False


def test_a_live_game_is_never_analysed_while_it_runs(client, bearer):
    created = client.post(
        "/v1/games", json={"game": "beat", "players": 3, "seed": 1,
                           "options": {"venue": "garage", "mode": "live"}},
    ).get_json()  # fmt: skip
    gid, host = created["id"], bearer(created["host_token"])
    seats = [bearer(t) for t in created["seat_tokens"]]
    rng = random.Random(1)
    for _ in range(12):
        listed = client.get(f"/v1/games/{gid}/actions", headers=host).get_json()["actions"]
        client.post(f"/v1/games/{gid}/actions", json=rng.choice(listed), headers=host)
        for headers in ({}, host, *seats):
            r = client.post(f"/v1/games/{gid}/analysis", json={}, headers=headers)
            assert r.status_code == 409 and r.get_json()["code"] == "game_running"
