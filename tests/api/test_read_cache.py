"""The per-process copies of game reads and rendered views (api.request_reads).

A copy is used only while the stored game has the same version and creation time, and a
rendered view only for the same viewer and seat: these tests hold the cache to answering
exactly what a fresh read and render would.
"""

from __future__ import annotations

import orjson

from api.auth import Principal
from api.games.views import envelope
from api.json import dump
from services.play.moves import create_game


def _fresh_view(store, game_id: str, principal: Principal, seat: int | None = None) -> dict:
    return orjson.loads(dump(envelope(store.get(game_id), principal, seat)))


def test_every_viewer_of_one_version_gets_their_own_view(client, store, bearer):
    new = create_game(store, "beat", 2, {}, 5)
    gid, (t0, t1) = new.record.id, new.seat_tokens
    asks = [
        (t0, None, Principal(frozenset({0}))),
        (t1, None, Principal(frozenset({1}))),
        (None, None, Principal(frozenset())),
        (new.host_token, None, Principal.host_of(2)),
        (new.host_token, 1, Principal.host_of(2)),
    ]
    for _ in range(2):  # the second pass is served from the rendered copies
        for token, seat, principal in asks:
            query = f"?seat={seat}" if seat is not None else ""
            r = client.get(f"/v1/games/{gid}{query}", headers=bearer(token))
            assert r.status_code == 200
            assert r.get_json() == _fresh_view(store, gid, principal, seat)
    seat0 = client.get(f"/v1/games/{gid}", headers=bearer(t0)).get_json()
    seat1 = client.get(f"/v1/games/{gid}", headers=bearer(t1)).get_json()
    assert seat0 != seat1 and (seat0["seat"], seat1["seat"]) == (0, 1)


def test_a_view_after_a_move_is_the_new_version(client, store, bearer):
    new = create_game(store, "beat", 2, {}, 6)
    gid, token = new.record.id, new.seat_tokens[0]
    before = client.get(f"/v1/games/{gid}", headers=bearer(token)).get_json()
    listing = client.get(f"/v1/games/{gid}/actions", headers=bearer(token)).get_json()
    play = next(a["action"] for a in listing["actions"] if a["action"]["type"] == "play")
    assert client.post(f"/v1/games/{gid}/actions", json={"action": play}, headers=bearer(token))
    after = client.get(f"/v1/games/{gid}", headers=bearer(token))
    assert after.headers["ETag"] == f'"{before["version"] + 1}"'
    assert after.get_json() == _fresh_view(store, gid, Principal(frozenset({0})))


def test_a_game_made_again_under_the_same_id_is_read_afresh(client, store, bearer):
    first = create_game(store, "tour", 1, {"mode": "solo"}, 1)
    gid = first.record.id
    assert client.get(f"/v1/games/{gid}", headers=bearer(first.host_token)).status_code == 200
    store.delete(gid)
    # the same id at the same version 1: only its creation time tells the two apart
    again = store.create("tour", 1, 2, {"mode": "solo"}, first.record.state, "running", game_id=gid)
    assert again.record.version == first.record.version
    r = client.get(f"/v1/games/{gid}", headers=bearer(again.host_token))
    assert r.status_code == 200
    assert r.get_json() == _fresh_view(store, gid, Principal.host_of(1))
    old = client.get(f"/v1/games/{gid}", headers=bearer(first.host_token))
    assert old.status_code == 401


def test_the_limiter_answers_one_for_a_current_copy_and_the_hash_otherwise(app, store):
    limiter = app.extensions["greenroom_limiter"]
    new = create_game(store, "tour", 1, {"mode": "solo"}, 3)
    key = store.record_key(new.record.id)
    raw = store.redis.hgetall(key)
    windows = [("test-read-cache", limiter.by_token)]
    current = (raw[b"version"], raw[b"created"])
    assert limiter.store._run(windows, 1, key, current)[5] == 1
    stale = (b"0", raw[b"created"])
    assert dict(zip(*[iter(limiter.store._run(windows, 2, key, stale)[5])] * 2)) == raw
    other = (raw[b"version"], b"1.5")
    assert dict(zip(*[iter(limiter.store._run(windows, 3, key, other)[5])] * 2)) == raw


def test_after_a_move_the_processs_copy_is_the_stored_hash_byte_for_byte(
    app, client, store, bearer
):
    new = create_game(store, "beat", 2, {}, 8)
    gid, token = new.record.id, new.seat_tokens[0]
    listing = client.get(f"/v1/games/{gid}/actions", headers=bearer(token)).get_json()
    play = next(a["action"] for a in listing["actions"] if a["action"]["type"] == "play")
    r = client.post(f"/v1/games/{gid}/actions", json={"action": play}, headers=bearer(token))
    assert r.status_code == 200
    held = app.extensions["greenroom"].read_cache.fields(gid)
    assert held == store.redis.hgetall(store.record_key(gid))
    back = {"action": {"type": "take_back"}}
    r = client.post(f"/v1/games/{gid}/actions", json=back, headers=bearer(token))
    assert r.status_code == 200
    assert app.extensions["greenroom"].read_cache.fields(gid) == store.redis.hgetall(
        store.record_key(gid)
    )


def test_the_parsed_copy_is_parsed_once_per_version_and_stays_the_stored_record(
    app, client, store, bearer
):
    """Repeated views of one version parse the held hash once; the parsed record the
    process keeps is what a fresh read gives, after views and moves alike (nothing the
    fast path does with it changes it)."""
    cache = app.extensions["greenroom"].read_cache
    new = create_game(store, "beat", 2, {}, 9)
    gid, token = new.record.id, new.seat_tokens[0]
    parsed = []
    record_from = store.record_from

    def counting(game_id, raw):
        parsed.append(game_id)
        return record_from(game_id, raw)

    app.extensions["greenroom"].store.record_from = counting
    try:
        for _ in range(5):
            assert client.get(f"/v1/games/{gid}", headers=bearer(token)).status_code == 200
        assert parsed.count(gid) == 1
        listing = client.get(f"/v1/games/{gid}/actions", headers=bearer(token)).get_json()
        play = next(a["action"] for a in listing["actions"] if a["action"]["type"] == "play")
        for body in ({"action": play}, {"action": {"type": "take_back"}}, {"action": play}):
            r = client.post(f"/v1/games/{gid}/actions", json=body, headers=bearer(token))
            assert r.status_code == 200
            for _ in range(3):
                assert client.get(f"/v1/games/{gid}", headers=bearer(token)).status_code == 200
            held = cache.fields(gid)
            assert cache.record(store, gid, held) == record_from(gid, held) == store.get(gid)
    finally:
        del app.extensions["greenroom"].store.record_from
