"""Clocks on real API servers and a real worker: time that runs out is acted on from the
worker side, at the version it was set for."""

from __future__ import annotations

import contextlib
import time
import uuid

import httpx
import pytest
from live_stack import app_with

from services.play.moves import perform
from services.play.seating import seating_of
from services.registry import get_game
from services.store.games import GameNotFound
from workers import clock_timer
from workers.clocks import sweep_clocks


@pytest.fixture
def api(servers):
    with httpx.Client(base_url=servers[0], timeout=20) as client:
        yield client


@pytest.fixture
def made(store):
    """The games a test makes, deleted at its end: a clock left running would have the
    session's worker play them out while later tests wait on that worker."""
    ids: list[str] = []
    yield ids
    for gid in ids:
        with contextlib.suppress(GameNotFound):
            store.delete(gid)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(api, made: list[str], game: str, players: int, options: dict) -> dict:
    body = {"game": game, "players": players, "options": options, "seed": 12}
    r = api.post("/v1/games", json=body)
    assert r.status_code == 201, r.text
    made.append(r.json()["id"])
    return r.json()


def wait_finished(api, gid: str, timeout_s: float) -> dict:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        view = api.get(f"/v1/games/{gid}").json()
        if view["status"] == "finished":
            return view
        time.sleep(0.2)
    raise AssertionError(f"the game did not finish in {timeout_s} s")


def test_a_competitive_game_whose_players_never_move_finishes_by_bot_takeover(api, worker, made):
    created = create(api, made, "tour", 2, {"mode": "versus", "clock": {"move_s": 1}})
    gid = created["id"]
    clock = created["view"]["clock"]
    assert clock["move_s"] == 1 and clock["on_timeout"] == "takeover"
    assert clock["deadline"] > time.time() - 1
    view = wait_finished(api, gid, 90)
    assert [s["kind"] for s in view["seating"]] == ["bot", "bot"]
    assert view["clock"]["deadline"] is None
    assert view["outcome"] is not None
    # the players' tokens went with their seats
    assert api.get(f"/v1/games/{gid}", headers=auth(created["seat_tokens"][0])).status_code == 401


def test_a_solo_player_who_never_moves_has_each_decision_played_by_the_bot(api, worker, made):
    created = create(api, made, "tour", 1, {"clock": {"move_s": 1}})
    gid, token = created["id"], created["seat_tokens"][0]
    assert created["view"]["clock"]["on_timeout"] == "bot_move"
    deadline = time.monotonic() + 20
    while api.get(f"/v1/games/{gid}", headers=auth(token)).json()["version"] < 2:
        assert time.monotonic() < deadline, "no decision was played"
        time.sleep(0.2)
    view = api.get(f"/v1/games/{gid}", headers=auth(token)).json()
    assert view["seating"][0]["kind"] == "human"  # the seat stays the player's
    assert view["version"] >= 2


def test_a_player_who_moves_in_time_keeps_the_seat(api, worker, made):
    created = create(api, made, "tour", 2, {"mode": "versus", "clock": {"move_s": 3}})
    gid, tokens = created["id"], created["seat_tokens"]
    end = time.monotonic() + 6  # twice the clock: a timer for a past version never fires
    while time.monotonic() < end:
        for token in tokens:
            actions = api.get(f"/v1/games/{gid}/actions", headers=auth(token)).json()["actions"]
            if actions:
                api.post(f"/v1/games/{gid}/actions", json=actions[0], headers=auth(token))
        time.sleep(0.3)
    view = api.get(f"/v1/games/{gid}").json()
    if view["status"] == "running":
        assert [s["kind"] for s in view["seating"]] == ["human", "human"]


@pytest.mark.parametrize(
    ("clock", "status"),
    [({"move_s": 0.5}, 422), ({"move_s": "5"}, 422), ({"move_s": 5, "bank_s": 1}, 422),
     (5, 422), ({"move_s": True}, 422), ({"move_s": 5}, 201), ({"move_s": 2.5}, 201)],
)  # fmt: skip
def test_a_clock_is_validated_by_the_service_not_the_rules(api, made, clock, status):
    r = api.post("/v1/games", json={"game": "tour", "players": 1, "options": {"clock": clock}})
    assert r.status_code == status, r.text
    if status == 201:
        made.append(r.json()["id"])
    if status == 422:
        assert r.json()["code"] == "invalid_options"


def test_a_timer_for_a_version_the_game_has_left_is_dropped_unacted(settings):
    """A move stored without re-arming leaves the timer one version behind: when it falls
    due, the sweep finds the game moved on and acts on nothing."""
    own = app_with(settings, queue=f"{settings.queue}-clock-{uuid.uuid4().hex[:6]}")
    be = own.extensions["greenroom"]
    body = {"game": "tour", "players": 2, "seed": 3,
            "options": {"mode": "versus", "clock": {"move_s": 1}}}  # fmt: skip
    created = own.test_client().post("/v1/games", json=body).get_json()
    gid = created["id"]
    record = be.store.get(gid)
    seat = get_game("tour").seats_to_act(record.state)[0]
    action = get_game("tour").legal_actions(record.state, seat)[0]
    perform(be.store, gid, seat, action, expected_version=record.version)
    timers, entries = clock_timer.keys(be.queue.name)
    try:
        name = clock_timer.member(be.store.prefix, gid)
        be.queue_redis.zadd(timers, {name: 0})  # due now
        assert sweep_clocks(be.redis, be.queue) == 0
        after = be.store.get(gid)
        assert after.version == record.version + 1
        assert [s["kind"] for s in seating_of(after.seating, 2)] == ["human", "human"]
        q = be.queue_redis
        assert q.zscore(timers, name) is None and not q.hexists(entries, name)
    finally:
        be.queue_redis.delete(timers, entries)
