"""``POST /v1/games`` with a puzzle code: the code's deal as a puzzle game, attempts and
solves counted."""

from __future__ import annotations

import json
import time
from pathlib import Path

from services.store.puzzle_archive import PuzzleArchive
from solver.beat import deal as D
from solver.beat import plan as P

FROZEN = json.loads((Path(__file__).parent / "frozen_codes.json").read_text())


def test_a_code_opens_its_deal_in_puzzle_mode(client, store):
    case = FROZEN[1]
    r = client.post("/v1/games", json={"code": case["code"]})
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    assert body["game"] == "beat" and body["players"] == case["players"]
    rec = store.get(body["id"])
    assert rec.state["mode"] == "puzzle"
    assert D.deal_of(rec.state) == case["deal"]


def test_a_code_with_contradicting_fields_is_a_422_naming_the_field(client):
    code = FROZEN[0]["code"]
    r = client.post("/v1/games", json={"code": code, "players": 3})
    assert r.status_code == 422 and "players" in r.get_json()["errors"]
    r = client.post("/v1/games", json={"code": code, "seed": 5})
    assert r.status_code == 422 and "seed" in r.get_json()["errors"]
    r = client.post("/v1/games", json={"code": code[:-2]})
    assert r.status_code == 422 and r.get_json()["code"] == "invalid_code"
    r = client.post("/v1/games", json={"players": 2})
    assert r.status_code == 400 and "game" in r.get_json()["errors"]["json"]


def _archived_with_a_winning_line(store, settings):
    """A frozen puzzle in the archive, its counts before play, and a winning line."""
    from services.beat import GAME
    from solver.beat import solve as S

    case = FROZEN[0]
    arch = PuzzleArchive(store.redis, settings.prefix)
    arch.add({"code": case["code"], "venue": case["venue"], "players": 2, "grade": 1,
              "tags": [], "lines": 1, "unique": True, "source": "test"})  # fmt: skip
    before = arch.get(case["code"])
    state = GAME.new(2, {"venue": case["venue"], "mode": "puzzle", "deal": case["deal"]}, 0)
    result = S.decide(state, 5.0)
    assert result["verdict"] == "feasible"
    _, actions = P.replay(state, result["plan"])
    return arch, case, before, actions


def test_attempts_and_solves_are_counted(client, store, bearer, settings):
    arch, case, before, actions = _archived_with_a_winning_line(store, settings)
    lost = client.post("/v1/games", json={"code": case["code"]}).get_json()
    won = client.post("/v1/games", json={"code": case["code"]}).get_json()
    for step in actions:
        r = client.post(f"/v1/games/{won['id']}/actions", json=step,
                        headers=bearer(won["host_token"]))  # fmt: skip
        assert r.status_code == 200, r.get_json()
    assert r.get_json()["view"]["outcome"]["won"] is True
    after = arch.get(case["code"])
    assert after["attempts"] == before["attempts"] + 2
    assert after["solves"] == before["solves"] + 1
    assert lost["id"] != won["id"]


def test_a_solve_counts_when_a_bot_makes_the_winning_move(client, store, bearer, settings, worker):
    """The seat that makes the plan's last moves leaves for a bot just before them: the
    bot (on the worker) finishes the won game, and the solve is counted."""
    arch, case, before, actions = _archived_with_a_winning_line(store, settings)
    last = actions[-1]["seat"]
    tail = len(actions)
    while actions[tail - 1]["seat"] == last:
        tail -= 1
    game = client.post("/v1/games", json={"code": case["code"]}).get_json()
    host = bearer(game["host_token"])
    for step in actions[:tail]:
        r = client.post(f"/v1/games/{game['id']}/actions", json=step, headers=host)
        assert r.status_code == 200, r.get_json()
    r = client.post(f"/v1/games/{game['id']}/seats/{last}/leave", json={"then": "bot"},
                    headers=host)  # fmt: skip
    assert r.status_code == 200 and r.get_json()["seating"][last]["kind"] == "bot", r.get_json()
    deadline = time.monotonic() + 60
    while store.get(game["id"]).status != "finished" and time.monotonic() < deadline:
        time.sleep(0.05)
    record = store.get(game["id"])
    assert record.status == "finished" and P.won(record.state)
    assert store.log(game["id"])[-1]["seat"] == last  # the bot's move ended it
    # the worker counts the solve just after its commit: give it the moment it needs
    while arch.get(case["code"])["solves"] == before["solves"] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert arch.get(case["code"])["solves"] == before["solves"] + 1
