"""Forks equal the log replayed to their step; analyses are the solver's verdicts and
are never served for a running game."""

from __future__ import annotations

import random

import pytest
from beat_random_band import random_band_log

from services.beat import GAME
from services.play.moves import replay
from solver.beat import analysis as A
from solver.beat import plan as P
from solver.beat import solve as S


def _play_randomly(client, bearer, created: dict, rng: random.Random, limit: int = 400) -> None:
    gid, host = created["id"], bearer(created["host_token"])
    for _ in range(limit):
        listed = client.get(f"/v1/games/{gid}/actions", headers=host).get_json()["actions"]
        if not listed:
            return
        r = client.post(f"/v1/games/{gid}/actions", json=rng.choice(listed), headers=host)
        assert r.status_code == 200, r.get_json()


def _finished_game(client, bearer, seed: int, mode: str = "live") -> dict:
    created = client.post(
        "/v1/games",
        json={"game": "beat", "players": 3, "seed": seed,
              "options": {"venue": "garage", "mode": mode}},
    ).get_json()  # fmt: skip
    _play_randomly(client, bearer, created, random.Random(seed))
    return created


def test_a_fork_equals_the_log_replayed_to_its_step(client, bearer, store):
    created = _finished_game(client, bearer, 5)
    gid = created["id"]
    entries = store.log(gid)
    for step in (0, 7, len(entries) // 2, len(entries)):
        r = client.post(f"/v1/games/{gid}/fork", json={"step": step})
        assert r.status_code == 201, r.get_json()
        fork = store.get(r.get_json()["id"])
        want = replay(store.get(gid), entries[:step])
        assert fork.state["mode"] == "puzzle"
        assert {**fork.state, "mode": "live", "options": want["options"]} == want
        # the fork's own log replays to the fork
        assert replay(fork, store.log(fork.id)) == fork.state
    r = client.post(f"/v1/games/{gid}/fork", json={"step": len(entries) + 1})
    assert r.status_code == 422


def test_a_running_live_game_is_neither_forked_nor_analysed(client):
    created = client.post(
        "/v1/games", json={"game": "beat", "players": 2, "seed": 1, "options": {"venue": "garage"}}
    ).get_json()
    gid = created["id"]
    r = client.post(f"/v1/games/{gid}/fork", json={"step": 0})
    assert r.status_code == 403 and r.get_json()["code"] == "fork_hidden"
    for headers in ({}, {"Authorization": f"Bearer {created['host_token']}"}):
        r = client.post(f"/v1/games/{gid}/analysis", json={}, headers=headers)
        assert r.status_code == 409 and r.get_json()["code"] == "game_running"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_lost_here_verdicts_are_the_solvers_and_lines_replay_to_a_win(seed):
    log = random_band_log(3, {"venue": "garage"}, seed)
    payload = {"players": 3, "options": {"venue": "garage"}, "seed": seed, "log": log}
    out = A.analyse(A.validate(payload), 30.0)
    seq = A.states(payload)
    assert out["winnable_at_start"] is True  # these deals can be won: the test needs it
    k = out["first_losing_step"]
    assert k is not None, "a random band lost a winnable venue: the solver must say where"
    ok = out["winnable_until_step"]
    assert S.decide({**seq[ok], "mode": "puzzle"}, 10.0)["verdict"] == "feasible"
    after = seq[k]
    if after["status"] == "running":
        assert S.decide({**after, "mode": "puzzle"}, 10.0)["verdict"] == "infeasible"
    else:
        assert not P.won(after)
    end = {**seq[out["line"]["from_step"]], "mode": "puzzle"}
    for step in out["line"]["actions"]:
        end, _ = GAME.apply(end, step["seat"], step["action"])
    assert P.won(end)
    steps = out["per_step"]
    assert steps[k - 1]["winnable_after"] is False
    assert ok == 0 or steps[ok - 1]["winnable_after"] is True
