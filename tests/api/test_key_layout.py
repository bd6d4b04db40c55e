"""Where keys live: one game's keys in one cluster slot, the limits in a store of their own."""

from __future__ import annotations

import redis
from live_stack import app_with
from redis.cluster import key_slot
from rq import Queue

from services.play.moves import create_game
from services.store import liveness
from services.store.puzzle_archive import PuzzleArchive
from services.store.stream_tickets import TicketStore
from workers import clock_timer, turn_lease
from workers.bot_turns import _flag


def test_every_key_of_a_game_shares_its_slot(store):
    gid = "Zq3-x_9"
    names = [store.record_key(gid), store.log_key(gid), store.events_key(gid),
             store.live_channel(gid)]  # fmt: skip
    assert all(f"{{{gid}}}" in n for n in names)
    assert len({key_slot(n.encode()) for n in names}) == 1
    assert store.game_id_of_channel(store.live_channel(gid)) == gid


def test_the_other_keys_of_one_game_share_its_slot(store):
    """A bot seat's pending mark, a stream ticket and a puzzle game's link to its code are
    keys of one game too: on a cluster they sit in the game's slot."""
    gid = "Zq3-x_9"
    names = [store.record_key(gid), _flag(store.prefix, gid, 2),
             TicketStore(store.redis, store.prefix)._key(gid, "tkt"),
             PuzzleArchive(store.redis, store.prefix)._game_link(gid)]  # fmt: skip
    assert all(f"{{{gid}}}" in n for n in names[1:])
    assert len({key_slot(n.encode()) for n in names}) == 1


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


def test_leases_timers_and_beats_live_on_the_queue_redis(settings, own_prefix):
    """Bot turns' leases, clock timers and worker beats are the queue's (indexes that span
    games, which a game store on a cluster could not keep in one script)."""
    queue_url = _other_db(settings.redis_url)
    name = f"{own_prefix}queue"
    app = app_with(settings, prefix=own_prefix, queue_redis_url=queue_url, queue=name)
    queue_side = redis.Redis.from_url(queue_url)
    games = redis.Redis.from_url(settings.redis_url)
    client = app.test_client()
    body = {"game": "beat", "players": 3, "open_seats": [1], "names": ["Hu"], "seed": 5,
            "options": {"clock": {"move_s": 600}}}  # fmt: skip
    queue_keys = [turn_lease.leases_key(name), turn_lease.turns_key(name),
                  *clock_timer.keys(name), liveness.liveness_key(name)]  # fmt: skip
    try:
        created = client.post("/v1/games", json=body).get_json()
        host = {"Authorization": f"Bearer {created['host_token']}"}
        seated = client.post(f"/v1/games/{created['id']}/seats/1/bot", json={}, headers=host)
        assert seated.status_code == 200, seated.get_json()
        liveness.beat(queue_side, name, "a-worker")
        assert all(queue_side.exists(k) for k in queue_keys), queue_keys
        assert not any(games.exists(k) for k in queue_keys)
        assert client.get("/v1/health").get_json()["queue"]["workers_alive"] == 1
    finally:
        queue_side.delete(*queue_keys)
        Queue(name, connection=queue_side).delete(delete_jobs=True)


def test_a_computing_daily_puzzle_is_one_job_with_the_queue_apart(settings, own_prefix):
    """The daily puzzle's job memo is read where its job is: asked twice while it computes,
    the same job answers."""
    queue_url = _other_db(settings.redis_url)
    name = f"{own_prefix}queue"
    app = app_with(settings, prefix=own_prefix, queue_redis_url=queue_url, queue=name)
    queue_side = redis.Redis.from_url(queue_url)
    try:
        asks = [app.test_client().get("/v1/puzzles/daily?date=2026-01-02") for _ in range(2)]
        assert [r.status_code for r in asks] == [202, 202]
        assert asks[0].get_json()["id"] == asks[1].get_json()["id"]
    finally:
        Queue(name, connection=queue_side).delete(delete_jobs=True)
        for key in queue_side.scan_iter(match=f"{own_prefix}*"):
            queue_side.delete(key)
