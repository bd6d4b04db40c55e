"""The store, seats, lobby, limits, streams, moves (the fast path and concurrent writers
included) and whole games over HTTP on a real 3-master Redis Cluster.

A cluster of Debian's ``redis-server`` starts on free loopback ports for this module
(tests/redis_servers.py).  The app names it the one documented way, REDIS_CLUSTER_NODES;
the job queue stays on the suite's plain Redis (RQ does not speak Cluster).  The
modules imported below run here again, unchanged, against the cluster: each of their
tests resolves ``settings``, ``app``, ``servers`` and the rest to this module's
fixtures.  Tests that hold only on one Redis (the limits' all-or-nothing record across
windows, the one-trip move) stay in their own modules.
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from dataclasses import replace
from pathlib import Path

import pytest
import redis
from live_stack import api_servers
from redis.cluster import key_slot
from redis_servers import need_server, start_cluster, wait_for
from rq import Queue, Worker

from api.app import create_app
from services.store.connections import connect

HERE = Path(__file__).resolve().parent.parent
ROOT = HERE.parent
for sub in ("api", "seats", "live"):
    if str(HERE / sub) not in sys.path:
        sys.path.insert(0, str(HERE / sub))

# the same tests, on the cluster
from test_concurrency import *  # noqa: E402,F403
from test_fast_path import *  # noqa: E402,F403
from test_lobby import *  # noqa: E402,F403
from test_lobby_follow_up import *  # noqa: E402,F403
from test_open_seats import *  # noqa: E402,F403
from test_play_through_http import *  # noqa: E402,F403
from test_rate_limit_window import *  # noqa: E402,F403
from test_rematch import *  # noqa: E402,F403
from test_store import *  # noqa: E402,F403
from test_stream import *  # noqa: E402,F403

# the client's own resumes (tests/live) say nothing of the store: not again here
del test_the_client_resumes_by_itself_when_the_server_closes  # noqa: F821
del test_the_client_waits_out_a_rate_limit_and_resumes_where_it_was  # noqa: F821
# on a cluster each window is a script of its own, so a request refused by one still
# counts in those before it (api.ratelimit): tested below instead
del test_both_windows_must_have_room_and_the_tightest_is_reported  # noqa: F821
del test_the_windows_keep_the_promise_on_any_steady_clock  # noqa: F821
# whole games of the quicker kinds rather than every configuration
_full_game = test_full_game_through_http  # noqa: F405
del test_full_game_through_http  # noqa: F821


@pytest.fixture(scope="module")
def redis_cluster(tmp_path_factory):
    need_server()
    cluster = start_cluster(tmp_path_factory.mktemp("cluster"))
    yield cluster
    cluster.stop()


@pytest.fixture(scope="module")
def settings(settings, redis_cluster):  # noqa: F811 - this module's own, on the cluster
    tag = uuid.uuid4().hex[:8]
    return replace(
        settings,
        redis_cluster_nodes=redis_cluster.nodes,
        prefix=f"{settings.prefix}cluster-{tag}:",
        queue=f"{settings.queue}-cluster-{tag}",
    )


@pytest.fixture(scope="module")
def app(settings):  # noqa: F811
    app = create_app(settings)
    app.config["TESTING"] = True
    return app


@pytest.fixture(scope="module")
def servers(settings, app):  # noqa: F811
    with api_servers(settings, 2, STREAM_HEARTBEAT="1") as bases:
        yield bases


@pytest.fixture(scope="module")
def worker(settings, app):  # noqa: F811
    env = {**os.environ, "REDIS_URL": settings.redis_url,
           "REDIS_CLUSTER_NODES": settings.redis_cluster_nodes}  # fmt: skip
    proc = subprocess.Popen(
        [sys.executable, "-m", "workers.main", "--queue", settings.queue, "--simple",
         "--no-preload"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    queue = Queue(settings.queue, connection=redis.Redis.from_url(settings.redis_url))
    for _ in range(600):
        if any(w.pid == proc.pid for w in Worker.all(queue=queue)):
            break
        import time

        time.sleep(0.1)
    yield proc
    proc.terminate()  # RQ's warm shutdown; the tier leaves no long job behind
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [next(c for c in CONFIGS if c[0] == g) for g in ("tour", "beat", "tempo-muse")],  # noqa: F405
)
def test_a_whole_game_of_each_kind(client, bearer, store, game, players, options):
    _full_game(client, bearer, store, game, players, options)


# -- what only a cluster shows ------------------------------------------------------


def test_the_app_runs_on_the_cluster(app):
    be = app.extensions["greenroom"]
    assert be.store.clustered and type(be.redis).__name__ == "RedisCluster"


def test_games_spread_over_every_shard_and_each_keeps_one_slot(client, store, redis_cluster):
    ids = [client.post("/v1/games", json={"game": "tour", "players": 1}).get_json()["id"]
           for _ in range(24)]  # fmt: skip
    owners = set()
    for gid in ids:
        keys = [store.record_key(gid), store.log_key(gid), store.events_key(gid)]
        assert len({key_slot(k.encode()) for k in keys}) == 1
        owners.add(store.redis.get_node_from_key(keys[0]).port)
    assert owners == {s.port for s in redis_cluster.masters}


def test_health_reports_every_node(client, redis_cluster):
    body = client.get("/v1/health").get_json()
    assert body["redis"]["ok"]
    assert not [d for d in body["down"] if d != "workers"]  # no worker needs to run here
    ports = {int(n["name"].split()[0].rsplit(":", 1)[1]) for n in body["nodes"]}
    assert ports == {s.port for s in redis_cluster.masters}
    assert all(n["ok"] for n in body["nodes"])


def _subscribers(store, gid: str) -> int:
    """Sharded subscribers of the game's channel, on the shard that owns it."""
    channel = store.live_channel(gid)
    node = store.redis.get_node_from_key(channel)
    reply = store.redis.get_redis_connection(node).execute_command("PUBSUB", "SHARDNUMSUB", channel)
    return int(reply[1])


def test_a_watched_game_is_subscribed_on_its_shard_until_its_last_watcher_leaves(settings, store):
    from services.play.moves import create_game, perform
    from services.store.fanout import hub_for

    hub = hub_for(settings.game_redis(), settings.prefix)
    new = create_game(store, "tour", 1, {}, seed=3)
    gid = new.record.id
    assert _subscribers(store, gid) == 0
    with hub.watch(gid) as first, hub.watch(gid):
        assert _subscribers(store, gid) == 1  # one per process, however many watch
        perform(store, gid, 0, _first_legal(new.record))
        assert first.event.wait(5)
    wait_for(lambda: _subscribers(store, gid) == 0, 5, "the shard to drop the channel")


def test_each_window_is_its_own_script_and_a_refusal_counts_in_those_before(settings):
    from api.ratelimit import Limit, RateLimiter

    prefix = f"{settings.prefix}windows-{uuid.uuid4().hex[:6]}:"
    limiter = RateLimiter(connect(settings.game_redis()), prefix, None, None)
    assert not limiter.fused
    windows = [("roomy", Limit(100, 60)), ("tight", Limit(1, 60))]
    first = limiter.hit(windows, 0)
    assert first.admitted and first.limit == 1 and first.remaining == 0
    refused = limiter.hit(windows, 1)
    assert not refused.admitted and refused.limit == 1
    # stricter, never looser: the refused request still counts in the roomy window
    assert limiter.hit([("roomy", Limit(100, 60))], 2).remaining == 100 - 3


def _first_legal(record):
    from services.play.moves import game_for

    return game_for(record.game).legal_actions(record.state, 0)[0]


def test_a_dropped_shard_connection_is_subscribed_again_and_wakes_its_watchers(settings, store):
    from services.play.moves import create_game, perform
    from services.store.fanout import hub_for

    hub = hub_for(settings.game_redis(), settings.prefix)
    new = create_game(store, "tour", 1, {}, seed=4)
    gid = new.record.id
    channel = store.live_channel(gid)
    node = store.redis.get_redis_connection(store.redis.get_node_from_key(channel))
    with hub.watch(gid) as waiter:
        assert _subscribers(store, gid) == 1
        node.client_kill_filter(_type="pubsub")  # the shard drops every subscriber
        assert waiter.event.wait(10), "a lost subscription wakes its watchers to re-read"
        wait_for(lambda: _subscribers(store, gid) == 1, 10, "the channel to be placed again")
        waiter.event.clear()
        perform(store, gid, 0, _first_legal(new.record))
        assert waiter.event.wait(5)
    wait_for(lambda: _subscribers(store, gid) == 0, 5, "the shard to drop the channel")
