"""Where keys live: one game's keys in one cluster slot, the limits in a store of their own."""

from __future__ import annotations

import redis
from conftest import app_with
from redis.cluster import key_slot

from services.play import create_game


def test_every_key_of_a_game_shares_its_slot(store):
    gid = "Zq3-x_9"
    names = [store.record_key(gid), store.log_key(gid), store.events_key(gid),
             store.live_channel(gid)]  # fmt: skip
    assert all(f"{{{gid}}}" in n for n in names)
    assert len({key_slot(n.encode()) for n in names}) == 1
    assert store.game_id_of_channel(store.live_channel(gid)) == gid


def _other_db(url: str) -> str:
    base, _, db = url.rpartition("/")
    return f"{base}/{int(db or 0) + 1}" if db.isdigit() else f"{url}/1"


def test_limits_live_in_their_own_store(settings, own_prefix):
    limits_url = _other_db(settings.redis_url)
    app = app_with(settings, prefix=own_prefix, limits_redis_url=limits_url,
                   rate_limit_token="3/minute")  # fmt: skip
    limits = redis.Redis.from_url(limits_url)
    games = redis.Redis.from_url(settings.redis_url)
    try:
        new = create_game(app.extensions["greenroom"].store, "tour", 1, {}, seed=5)
        gid, token = new.record.id, new.seat_tokens[0]
        client = app.test_client()
        auth = {"Authorization": f"Bearer {token}"}
        codes = [client.get(f"/v1/games/{gid}", headers=auth).status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        assert list(limits.scan_iter(match=f"{own_prefix}ratelimit:*"))
        assert not list(games.scan_iter(match=f"{own_prefix}ratelimit:*"))
    finally:
        for key in limits.scan_iter(match=f"{own_prefix}*"):
            limits.delete(key)


def test_jobs_live_on_the_queue_redis(settings, own_prefix):
    from rq import Queue

    queue_url = _other_db(settings.redis_url)
    name = f"{own_prefix}queue"
    app = app_with(settings, prefix=own_prefix, queue_redis_url=queue_url, queue=name)
    be = app.extensions["greenroom"]
    assert be.queue.connection is not be.redis
    own = redis.Redis.from_url(queue_url)
    job = Queue(name, connection=own).enqueue("builtins.len", "abc")
    try:
        answer = app.test_client().get(f"/v1/jobs/{job.id}")
        assert answer.status_code == 200, answer.get_json()
        assert app.test_client().get("/v1/health").get_json()["queue"]["depth"] == 1
    finally:
        job.delete()
        Queue(name, connection=own).delete(delete_jobs=True)
