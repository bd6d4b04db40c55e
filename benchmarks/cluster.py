"""Redis CPU per move and per view on one Redis and on a 3-master Redis Cluster, the key
spread over the shards, and the CPU a move's notification costs with 50 watching API
processes under pattern (one Redis) and sharded (cluster) pub/sub.

Private servers from Debian's ``redis-server`` on loopback ports (tests/redis_servers.py),
no persistence; the app runs in this process (Flask's test client through the fast path,
rate limits on and never reached), so the Redis figures are the servers' own CPU
(``INFO cpu``, user + system, summed over the masters, less what they spend idle over the
same time: timers and the cluster's gossip) divided by the requests.  Each
move is a real new move: every game is made with one seed and replays the legal actions
found once on the first.  It asserts nothing.

    .venv/bin/python benchmarks/cluster.py [--games 60] [--moves 12] [--watchers 50]

A third row keeps the game state on the cluster and the rate-limit windows on a Redis of
their own (``LIMITS_REDIS_URL``): one script for both windows instead of one per window.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from redis_servers import start_cluster, start_server  # noqa: E402

from api.app import create_app  # noqa: E402
from api.config import Settings  # noqa: E402
from services.play.moves import create_game, game_for, perform  # noqa: E402
from services.store.games import GameStore  # noqa: E402

LIMIT = "100000000/minute"


def _raw_cpu(clients: list[redis.Redis]) -> float:
    total = 0.0
    for c in clients:
        info = c.info("cpu")
        total += float(info["used_cpu_user"]) + float(info["used_cpu_sys"])
    return total


def idle_rate(clients: list[redis.Redis], seconds: float = 2.0) -> float:
    """CPU seconds per second the servers spend with no request (their timers and, on a
    cluster, the nodes' gossip), to take out of every measurement."""
    start, t0 = _raw_cpu(clients), time.perf_counter()
    time.sleep(seconds)
    return (_raw_cpu(clients) - start) / (time.perf_counter() - t0)


class Meter:
    """The servers' CPU spent on requests since it started: their total less idle time."""

    def __init__(self, clients: list[redis.Redis], idle: float):
        self.clients, self.idle = clients, idle
        self.cpu, self.t0 = _raw_cpu(clients), time.perf_counter()

    def spent(self) -> float:
        elapsed = time.perf_counter() - self.t0
        return _raw_cpu(self.clients) - self.cpu - self.idle * elapsed


@dataclass
class Target:
    name: str
    settings: Settings
    masters: list[redis.Redis]
    idle: float = 0.0


def script_of_moves(store: GameStore, seed: int, moves: int) -> list[dict]:
    """The first ``moves`` legal actions (the first listed each time) of a seeded solo tour."""
    new = create_game(store, "tour", 1, {"mode": "solo"}, seed=seed)
    actions = []
    record = new.record
    rules = game_for("tour")
    for _ in range(moves):
        legal = rules.legal_actions(record.state, 0)
        if not legal or record.status == "finished":
            break
        actions.append(legal[0])
        record = perform(store, record.id, 0, legal[0]).record
    return actions


def request_costs(target: Target, games: int, moves: int) -> dict[str, float]:
    app = create_app(target.settings)
    client = app.test_client()
    store = app.extensions["greenroom"].store
    seed = 11
    plan = script_of_moves(store, seed, moves)
    made = [create_game(store, "tour", 1, {"mode": "solo"}, seed=seed) for _ in range(games)]
    auth = [{"Authorization": f"Bearer {m.seat_tokens[0]}"} for m in made]
    meter = Meter(target.masters, target.idle)
    sent = 0
    for step in plan:
        for m, a in zip(made, auth):
            r = client.post(f"/v1/games/{m.record.id}/actions", json={"action": step}, headers=a)
            assert r.status_code == 200, r.get_json()
            sent += 1
    per_move = meter.spent() / sent
    meter = Meter(target.masters, target.idle)
    views = 0
    for _ in range(5):
        for m, a in zip(made, auth):
            assert client.get(f"/v1/games/{m.record.id}", headers=a).status_code == 200
            views += 1
    per_view = meter.spent() / views
    spread = [c.dbsize() for c in target.masters]
    return {"move_us": per_move * 1e6, "view_us": per_view * 1e6, "moves": sent,
            "keys": spread}  # fmt: skip


class Watchers:
    """``count`` subscriber connections standing for API processes, each draining its
    messages in a thread of its own."""

    def __init__(self) -> None:
        self.pubsubs: list = []
        self.stop = threading.Event()
        self.received = 0

    def add(self, pubsub) -> None:
        self.pubsubs.append(pubsub)
        threading.Thread(target=self._drain, args=(pubsub,), daemon=True).start()

    def _drain(self, pubsub) -> None:
        while not self.stop.is_set():
            try:
                if pubsub.get_message(timeout=0.2) is not None:
                    self.received += 1
            except (redis.RedisError, OSError, ValueError):
                return

    def close(self) -> None:
        self.stop.set()


def fanout_cost(target: Target, watchers: int, per_game: int, games: int, moves: int,
                sharded: bool) -> float:  # fmt: skip
    """Redis CPU per move (read and commit through ``perform``) with ``watchers``
    subscribers: each a pattern subscription to every game, or (sharded) a subscription
    on the owning shard to the games it watches, ``per_game`` watchers per game."""
    app = create_app(target.settings)
    store = app.extensions["greenroom"].store
    seed = 13
    plan = script_of_moves(store, seed, moves)
    made = [create_game(store, "tour", 1, {"mode": "solo"}, seed=seed) for _ in range(games)]
    subs = Watchers()
    rng = random.Random(5)
    if watchers and not sharded:
        for _ in range(watchers):
            ps = target.masters[0].pubsub(ignore_subscribe_messages=True)
            ps.psubscribe(f"{target.settings.prefix}live:*")
            subs.add(ps)
    elif watchers:
        conns = [[None] * len(target.masters) for _ in range(watchers)]
        by_port = {c.connection_pool.connection_kwargs["port"]: i
                   for i, c in enumerate(target.masters)}  # fmt: skip
        for m in made:
            channel = store.live_channel(m.record.id)
            node = store.redis.get_node_from_key(channel)
            shard = by_port[int(node.port)]
            for w in rng.sample(range(watchers), per_game):
                if conns[w][shard] is None:
                    conns[w][shard] = target.masters[shard].pubsub(ignore_subscribe_messages=True)
                conns[w][shard].ssubscribe(channel)
        for row in conns:
            for ps in row:
                if ps is not None:
                    subs.add(ps)
    meter = Meter(target.masters, target.idle)
    sent = 0
    for step in plan:
        for m in made:
            perform(store, m.record.id, 0, step)
            sent += 1
    per_move = meter.spent() / sent
    subs.close()
    return per_move * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--watchers", type=int, default=50)
    parser.add_argument("--per-game", type=int, default=4, help="watching processes per game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        single = start_server(Path(tmp) / "single")
        cluster = start_cluster(Path(tmp) / "cluster")
        try:
            base = dict(rate_limit_address=LIMIT, rate_limit_token=LIMIT, queue="bench-cluster")
            one = Target("1 Redis", Settings(redis_url=single.url, prefix=_prefix(), **base),
                         [single.client()])  # fmt: skip
            three = Target(
                "3-shard cluster",
                Settings(
                    redis_url=single.url,
                    redis_cluster_nodes=cluster.nodes,
                    prefix=_prefix(),
                    **base,
                ),  # fmt: skip
                [s.client() for s in cluster.masters],
            )
            limits = start_server(Path(tmp) / "limits")
            apart = Target(
                "cluster + limits Redis",
                Settings(
                    redis_url=single.url,
                    redis_cluster_nodes=cluster.nodes,
                    limits_redis_url=limits.url,
                    prefix=_prefix(),
                    **base,
                ),  # fmt: skip
                [*three.masters, limits.client()],
            )
            for t in (one, three, apart):
                t.idle = idle_rate(t.masters)
            print(f"idle CPU: 1 Redis {one.idle * 100:.2f} %, cluster {three.idle * 100:.2f} %")
            print("Redis CPU per request (µs, summed over masters), through the fast path")
            print(f"{'':18} {'move':>8} {'view':>8}   keys per master")
            for t in (one, three, apart):
                r = request_costs(t, args.games, args.moves)
                print(f"{t.name:18} {r['move_us']:8.1f} {r['view_us']:8.1f}   {r['keys']}")
            print(f"\nRedis CPU per move (µs: read + commit), {args.watchers} watching processes")
            rows = [
                ("1 Redis, nobody watching", one, 0, False),
                (f"1 Redis, {args.watchers} pattern subscribers", one, args.watchers, False),
                ("cluster, nobody watching", three, 0, True),
                (f"cluster, sharded, {args.per_game} watchers/game", three, args.watchers, True),
            ]
            for label, t, w, sharded in rows:
                us = fanout_cost(t, w, args.per_game, args.games, args.moves, sharded)
                print(f"{label:42} {us:8.1f}")
        finally:
            single.kill()
            cluster.stop()
            if "limits" in locals():
                limits.kill()


def _prefix() -> str:
    return f"bench-{uuid.uuid4().hex[:6]}:"


if __name__ == "__main__":
    main()
