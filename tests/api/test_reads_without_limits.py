"""Reads with no rate limits (api.request_reads.fresh_fields, GameStore.read_if_changed).

Without a limiter there is no limits script to carry the game's read, so the read goes on
its own, and Redis still answers "unchanged" for a copy the process holds: repeated
views neither move nor parse the whole hash again.  Two apps on one prefix stand for two
API processes, each with its own copies.
"""

from __future__ import annotations

import pytest
from live_stack import app_with

from api.config import Settings
from services.play.moves import create_game, game_for

BEAT = game_for("beat")


def _app(settings: Settings, prefix: str, fast_path: bool = True):
    app = app_with(
        settings, prefix=prefix, rate_limit_address="", rate_limit_token="", fast_path=fast_path
    )
    assert "greenroom_limiter" not in app.extensions
    return app


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _counting_parses(app) -> list[str]:
    store = app.extensions["greenroom"].store
    parsed: list[str] = []
    record_from = store.record_from

    def counting(game_id, raw):
        parsed.append(game_id)
        return record_from(game_id, raw)

    store.record_from = counting
    return parsed


def test_the_store_reads_a_hash_unless_the_callers_copy_is_current(settings, own_prefix):
    store = _app(settings, own_prefix).extensions["greenroom"].store
    new = create_game(store, "tour", 1, {"mode": "solo"}, 3)
    gid = new.record.id
    raw = store.redis.hgetall(store.record_key(gid))
    assert store.read_if_changed(gid, None) == raw
    assert store.read_if_changed(gid, (raw[b"version"], raw[b"created"])) is None
    assert store.read_if_changed(gid, (b"0", raw[b"created"])) == raw
    assert store.read_if_changed(gid, (raw[b"version"], b"1.5")) == raw
    store.delete(gid)
    assert store.read_if_changed(gid, (raw[b"version"], raw[b"created"])) == {}


@pytest.mark.parametrize("fast_path", [True, False])
def test_repeated_views_move_the_game_once(settings, own_prefix, fast_path):
    app = _app(settings, own_prefix, fast_path)
    store = app.extensions["greenroom"].store
    new = create_game(store, "beat", 2, {}, 4)
    gid, token = new.record.id, new.seat_tokens[0]
    parsed = _counting_parses(app)
    reads = []
    read_if_changed = store.read_if_changed
    store.read_if_changed = lambda *a: reads.append(read_if_changed(*a)) or reads[-1]
    client = app.test_client()
    bodies = [client.get(f"/v1/games/{gid}", headers=_bearer(token)) for _ in range(4)]
    assert {r.status_code for r in bodies} == {200}
    assert len({r.data for r in bodies}) == 1
    # the whole hash came once; then Redis answered "unchanged"
    assert reads == [store.redis.hgetall(store.record_key(gid)), None, None, None]
    # the fast path keeps the parsed copy too; Flask's resources parse their own
    assert parsed.count(gid) == (1 if fast_path else 4)


@pytest.mark.parametrize("fast_path", [True, False])
def test_a_copy_made_stale_elsewhere_is_read_afresh(settings, own_prefix, fast_path):
    one, two = _app(settings, own_prefix, fast_path), _app(settings, own_prefix, fast_path)
    new = create_game(one.extensions["greenroom"].store, "beat", 2, {}, 5)
    gid, (t0, t1) = new.record.id, new.seat_tokens
    seen = one.test_client().get(f"/v1/games/{gid}", headers=_bearer(t1)).get_json()
    play = next(a for a in BEAT.legal_actions(new.record.state, 0) if a["type"] == "play")
    r = two.test_client().post(
        f"/v1/games/{gid}/actions", json={"action": play}, headers=_bearer(t0)
    )
    assert r.status_code == 200
    # process one still holds the first version: its view and its listing are of the new one
    after = one.test_client().get(f"/v1/games/{gid}", headers=_bearer(t1))
    assert after.status_code == 200
    assert after.get_json()["version"] == seen["version"] + 1
    assert after.get_json() != seen
    listing = one.test_client().get(f"/v1/games/{gid}/actions", headers=_bearer(t1))
    assert listing.get_json()["version"] == seen["version"] + 1
    # and seat 1, now to act there, moves on it
    reply = next(a for a in listing.get_json()["actions"] if a["action"]["type"] == "play")
    r = one.test_client().post(f"/v1/games/{gid}/actions", json=reply, headers=_bearer(t1))
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["version"] == seen["version"] + 2


def test_a_deleted_or_remade_game_is_not_served_from_the_copy(settings, own_prefix):
    app = _app(settings, own_prefix)
    store = app.extensions["greenroom"].store
    first = create_game(store, "tour", 1, {"mode": "solo"}, 1)
    gid = first.record.id
    client = app.test_client()
    assert client.get(f"/v1/games/{gid}", headers=_bearer(first.host_token)).status_code == 200
    store.delete(gid)
    gone = client.get(f"/v1/games/{gid}", headers=_bearer(first.host_token))
    assert gone.status_code == 404
    again = store.create("tour", 1, 2, {"mode": "solo"}, first.record.state, "running", game_id=gid)
    assert again.record.version == first.record.version
    assert client.get(f"/v1/games/{gid}", headers=_bearer(first.host_token)).status_code == 401
    r = client.get(f"/v1/games/{gid}", headers=_bearer(again.host_token))
    assert r.status_code == 200 and r.get_json()["id"] == gid
