"""The Redis game store on its own: versions, log, token hashes and expiry."""

from __future__ import annotations

import uuid
from dataclasses import fields, replace

import pytest

from services.store.connections import connect
from services.store.games import (
    GameNotFound,
    GameRecord,
    GameStore,
    VersionConflict,
    hash_token,
    token_matches,
)


@pytest.fixture
def own_store(settings):
    client = connect(settings.game_redis())
    store = GameStore(
        client,
        prefix=f"{settings.prefix}store-{uuid.uuid4().hex[:6]}:",
        idle_ttl_s=300,
        finished_ttl_s=20,
    )
    yield store
    for key in client.scan_iter(match=f"{store.prefix}*"):
        client.delete(key)


def test_expiry_outlasts_the_idle_end_while_running_and_is_short_once_finished(own_store):
    new = own_store.create("tour", 1, 1, {}, {"players": 1}, "running")
    key = own_store.record_key(new.record.id)
    # idle for 300 s it ends; then it is kept as long as a finished game (20 s)
    assert 310 < own_store.redis.ttl(key) <= 320
    own_store.commit(new.record.id, 1, {"players": 1, "x": 1}, "running", 0, {"type": "a"})
    assert 310 < own_store.redis.ttl(f"{key}:log") <= 320
    own_store.commit(new.record.id, 2, {"players": 1, "x": 2}, "finished", 0, {"type": "b"})
    assert 0 < own_store.redis.ttl(key) <= 20
    assert 0 < own_store.redis.ttl(f"{key}:log") <= 20


def test_commit_is_compare_and_set_and_logs_in_order(own_store):
    gid = own_store.create("tour", 1, 1, {}, {"players": 1}, "running").record.id
    assert own_store.commit(gid, 1, {"players": 1, "n": 1}, "running", 0, {"type": "a"}) == 2
    with pytest.raises(VersionConflict) as stale:
        own_store.commit(gid, 1, {"players": 1, "n": 9}, "running", 0, {"type": "z"})
    assert stale.value.current == 2
    assert own_store.get(gid).state == {"players": 1, "n": 1}
    assert [(e["v"], e["action"]) for e in own_store.log(gid)] == [(2, {"type": "a"})]
    with pytest.raises(GameNotFound):
        own_store.commit("missing", 1, {}, "running", 0, {})


def test_tokens_are_stored_only_as_hashes(own_store):
    new = own_store.create("tour", 2, 1, {}, {"players": 2}, "running")
    raw = own_store.redis.hgetall(own_store.record_key(new.record.id))
    blob = b" ".join(raw.values()).decode()
    for token in [new.host_token, *new.seat_tokens]:
        assert token not in blob
    assert token_matches(new.host_token, new.record.host_hash)
    assert not token_matches(new.seat_tokens[0], new.record.host_hash)
    assert new.record.seat_hashes == [hash_token(t) for t in new.seat_tokens]


def test_delete_removes_the_game_and_its_log(own_store):
    gid = own_store.create("tour", 1, 1, {}, {"players": 1}, "running").record.id
    own_store.commit(gid, 1, {"players": 1}, "running", 0, {"type": "a"})
    own_store.delete(gid)
    with pytest.raises(GameNotFound):
        own_store.get(gid)
    assert not own_store.redis.exists(own_store.log_key(gid))


def test_a_record_after_a_move_is_the_record_with_the_move_replaced():
    """``GameRecord.after`` builds by position: every field must come through (a field
    added to the record and missed there fails here)."""
    values = {f.name: f"value-{i}" for i, f in enumerate(fields(GameRecord))}
    record = GameRecord(**values)
    assert record.after({"s": 1}, 9, "finished") == replace(
        record, state={"s": 1}, version=9, status="finished"
    )
