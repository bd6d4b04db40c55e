"""A move on the process's copy of a game costs one Redis round trip (services.play.moves.perform
with ``copy``, its limits and commit in ``GameStore.commit``'s one script).

The rules run on the copy and one script checks the limits and commits; the
compare-and-set refuses a stale copy, and the move then goes on from the fresh hash the
same script returned.  Two apps on one prefix stand for two API processes, each with its
own copies.  Redis's MONITOR (a real server's own account of what it was sent) counts
the round trips.
"""

from __future__ import annotations

import uuid

import pytest
import redis
from live_stack import app_with

from api.config import Settings
from api.ratelimit import Limit, RateLimiter
from services.play.moves import create_game, game_for, perform, replay
from services.play.records import LimitRefused, StaleCopy, VersionConflict
from services.store.games import GameNotFound
from services.store.scripts import LIMITS_AND_COMMIT_LUA

BEAT = game_for("beat")


def _app(settings: Settings, prefix: str, **changes):
    return app_with(settings, prefix=prefix, fast_path=True, **changes)


def _beat(app, seed: int = 3):
    store = app.extensions["greenroom"].store
    return create_game(store, "beat", 2, {"venue": "garage"}, seed=seed)


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _plays(state: dict, seat: int) -> list[dict]:
    return [a for a in BEAT.legal_actions(state, seat) if a["type"] == "play"]


def _sent_while(settings: Settings, tag: str, act) -> list[list[str]]:
    """The commands naming ``tag`` that clients (not scripts) sent while ``act`` ran."""
    watcher = redis.Redis.from_url(settings.redis_url, decode_responses=True)
    sentinel = f"end-of-{uuid.uuid4().hex}"
    seen = []
    with watcher.monitor() as m:
        act()
        redis.Redis.from_url(settings.redis_url).echo(sentinel)
        while True:
            c = m.next_command()
            if sentinel in c["command"]:
                break
            if c.get("client_type") != "lua" and tag in c["command"]:
                seen.append(c["command"].split())
    return seen


def test_a_move_on_a_current_copy_is_one_round_trip(settings, own_prefix):
    app = _app(settings, own_prefix)
    new = _beat(app)
    gid, token = new.record.id, new.seat_tokens[0]
    client = app.test_client()
    assert client.get(f"/v1/games/{gid}", headers=_bearer(token)).status_code == 200
    play = _plays(new.record.state, 0)[0]
    answers = []
    # a server that has not seen the script yet answers NOSCRIPT and redis-py sends it
    # again: that is a second EVALSHA once per server, not per move
    redis.Redis.from_url(settings.redis_url).script_load(LIMITS_AND_COMMIT_LUA)

    def move():
        answers.append(
            client.post(f"/v1/games/{gid}/actions", json={"action": play}, headers=_bearer(token))
        )

    sent = _sent_while(settings, own_prefix, move)
    assert answers[0].status_code == 200, answers[0].get_json()
    assert answers[0].get_json()["version"] == new.record.version + 1
    assert [c[0].upper() for c in sent] == ["EVALSHA"], sent  # the limits and the commit
    assert app.wsgi_app.sent_on_copy == 1
    stored = app.extensions["greenroom"].store.get(gid)
    assert stored.state == replay(stored, app.extensions["greenroom"].store.log(gid))


def test_a_stale_copy_is_refused_by_the_write_and_the_move_goes_on_fresh(settings, own_prefix):
    one, two = _app(settings, own_prefix), _app(settings, own_prefix)
    new = _beat(one)
    gid, (t0, t1) = new.record.id, new.seat_tokens
    for app in (one, two):  # both processes hold version 1
        assert app.test_client().get(f"/v1/games/{gid}", headers=_bearer(t1)).status_code == 200
    first = _plays(new.record.state, 0)[0]
    r = two.test_client().post(
        f"/v1/games/{gid}/actions", json={"action": first}, headers=_bearer(t0)
    )
    assert r.status_code == 200
    # process one still holds version 1; its move is worked out there, refused by the
    # compare-and-set, and made again on version 2
    second = _plays(new.record.state, 1)[0]
    r = one.test_client().post(
        f"/v1/games/{gid}/actions", json={"action": second}, headers=_bearer(t1)
    )
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["version"] == 3
    store = one.extensions["greenroom"].store
    log = store.log(gid)
    assert [(e["v"], e["seat"], e["action"]) for e in log] == [(2, 0, first), (3, 1, second)]
    stored = store.get(gid)
    assert stored.state == replay(stored, log)
    assert one.wsgi_app.sent_on_copy == 1


def _played_elsewhere(settings: Settings, own_prefix: str):
    """Process one holds version 1 of a new game; process two has had seat 0 play on it.
    Returns process one, the game id, seat 0's token and the play."""
    one, two = _app(settings, own_prefix), _app(settings, own_prefix)
    new = _beat(one)
    gid, t0 = new.record.id, new.seat_tokens[0]
    assert one.test_client().get(f"/v1/games/{gid}", headers=_bearer(t0)).status_code == 200
    play = _plays(new.record.state, 0)[0]
    r = two.test_client().post(
        f"/v1/games/{gid}/actions", json={"action": play}, headers=_bearer(t0)
    )
    assert r.status_code == 200
    return one, gid, t0, play


def test_a_move_the_stale_copy_refuses_is_judged_on_the_fresh_game(settings, own_prefix):
    """Taking back a card is illegal on the copy (nothing played there) but legal now."""
    one, gid, t0, _ = _played_elsewhere(settings, own_prefix)
    r = one.test_client().post(
        f"/v1/games/{gid}/actions", json={"action": {"type": "take_back"}}, headers=_bearer(t0)
    )
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["version"] == 3
    assert one.wsgi_app.sent_on_copy == 0  # the copy refused it: the ordinary path answered


def test_a_move_the_fresh_game_refuses_writes_nothing(settings, own_prefix):
    """The copy accepts a play the other process has already made: 422, nothing stored."""
    one, gid, t0, play = _played_elsewhere(settings, own_prefix)
    r = one.test_client().post(
        f"/v1/games/{gid}/actions", json={"action": play}, headers=_bearer(t0)
    )
    assert r.status_code == 422, r.get_json()
    assert one.wsgi_app.sent_on_copy == 1
    assert len(one.extensions["greenroom"].store.log(gid)) == 1


def test_a_stale_if_match_on_a_current_copy_is_412_and_a_stale_copy_with_a_current_one_200(
    settings, own_prefix
):
    one, two = _app(settings, own_prefix), _app(settings, own_prefix)
    new = _beat(one)
    gid, t0, t1 = new.record.id, *new.seat_tokens
    assert one.test_client().get(f"/v1/games/{gid}", headers=_bearer(t1)).status_code == 200
    play0, play1 = _plays(new.record.state, 0)[0], _plays(new.record.state, 1)[0]
    r = two.test_client().post(
        f"/v1/games/{gid}/actions", json={"action": play0}, headers=_bearer(t0)
    )
    assert r.status_code == 200
    stale = {**_bearer(t1), "If-Match": '"1"'}  # what process one's copy says
    r = one.test_client().post(f"/v1/games/{gid}/actions", json={"action": play1}, headers=stale)
    assert r.status_code == 412, r.get_json()
    current = {**_bearer(t1), "If-Match": '"2"'}
    r = one.test_client().post(f"/v1/games/{gid}/actions", json={"action": play1}, headers=current)
    assert r.status_code == 200, r.get_json()
    assert len(one.extensions["greenroom"].store.log(gid)) == 2


def test_a_refused_move_on_the_one_trip_writes_nothing(settings, own_prefix):
    app = _app(settings, own_prefix, rate_limit_token="2/minute")
    new = _beat(app)
    gid, token = new.record.id, new.seat_tokens[0]
    client = app.test_client()
    assert client.get(f"/v1/games/{gid}", headers=_bearer(token)).status_code == 200
    play = _plays(new.record.state, 0)[0]
    r = client.post(f"/v1/games/{gid}/actions", json={"action": play}, headers=_bearer(token))
    assert r.status_code == 200 and r.headers["X-RateLimit-Remaining"] == "0"
    r = client.post(
        f"/v1/games/{gid}/actions", json={"action": {"type": "take_back"}}, headers=_bearer(token)
    )
    assert r.status_code == 429 and r.headers["Retry-After"]
    assert app.wsgi_app.sent_on_copy == 2
    store = app.extensions["greenroom"].store
    assert store.get(gid).version == new.record.version + 1
    assert len(store.log(gid)) == 1


def test_the_one_trip_without_limits_commits_and_reports_a_gone_game(settings, own_prefix):
    app = _app(settings, own_prefix)
    store = app.extensions["greenroom"].store
    new = _beat(app)
    gid, play = new.record.id, _plays(new.record.state, 0)[0]
    done = perform(store, gid, 0, play, record=new.record, copy=True)
    assert done.record.version == 2
    assert done.written[b"version"] == b"2"
    # the same move again on the same copy: its version 1 is stale now
    with pytest.raises(StaleCopy) as stale:
        perform(store, gid, 0, play, record=new.record, copy=True)
    assert stale.value.fresh[b"version"] == b"2"
    # a fresh read judges it: the play was made, so the rules refuse it there
    with pytest.raises(StaleCopy) as refused:
        perform(store, gid, 0, play, record=store.get(gid), copy=True)
    assert refused.value.fresh is None
    # the ordinary write reports the hash it found with the conflict
    with pytest.raises(VersionConflict) as conflict:
        store.commit(gid, 1, new.record.state, "running", 0, play)
    assert conflict.value.current == 2 and conflict.value.fresh[b"version"] == b"2"
    store.delete(gid)
    with pytest.raises(GameNotFound):
        perform(store, gid, 0, play, record=new.record, copy=True)


def test_a_refusal_counts_once_in_every_window(settings, own_prefix):
    app = _app(settings, own_prefix)
    store = app.extensions["greenroom"].store
    limiter = RateLimiter(store.redis, own_prefix, Limit(1, 60), Limit(5, 60))
    new = _beat(app)
    gid, play = new.record.id, _plays(new.record.state, 0)[0]
    windows = limiter.windows_for("192.0.2.7", "ab" * 32)
    gate = limiter.admission(windows)
    perform(store, gid, 0, play, record=new.record, gate=gate, copy=True)
    assert RateLimiter.verdict(gate.reply).admitted
    refused = limiter.admission(windows)
    with pytest.raises(LimitRefused):
        perform(store, gid, 1, _plays(new.record.state, 1)[0], gate=refused)
    assert not RateLimiter.verdict(refused.reply).admitted
    assert store.get(gid).version == 2
    # the token's window counted the admitted request only
    assert store.redis.llen(f"{own_prefix}ratelimit:token:{'ab' * 16}") == 1


def test_windows_apart_from_the_games_are_checked_before_the_write(settings, own_prefix):
    """Limits in a Redis of their own (here: another client, so not fused) are checked in
    a call of their own; a refusal there writes nothing."""
    app = _app(settings, own_prefix)
    store = app.extensions["greenroom"].store
    apart = redis.Redis.from_url(settings.redis_url)
    limiter = RateLimiter(apart, own_prefix, Limit(1, 60), None, game_client=store.redis)
    assert not limiter.fused
    new = _beat(app)
    gid, play = new.record.id, _plays(new.record.state, 0)[0]
    windows = limiter.windows_for("192.0.2.8", None)
    gate = limiter.admission(windows)
    assert perform(store, gid, 0, play, record=new.record, gate=gate).record.version == 2
    assert RateLimiter.verdict(gate.reply).admitted
    with pytest.raises(LimitRefused):
        perform(store, gid, 1, _plays(new.record.state, 1)[0], gate=limiter.admission(windows))
    assert store.get(gid).version == 2
