"""32 clients playing a mix of all five games for a fixed time through a private stack,
against bare ``GET /v1/health`` in the same run; Redis memory per active game; how
throughput grows with API processes (1, 2, 4) and hint throughput with workers (1, 4).
Prints figures; asserts nothing.

    .venv/bin/python benchmarks/load_mix.py [--seconds 10] [--clients 32]
"""

from __future__ import annotations

import argparse
import random
import time

import redis
import requests
from _stack import hit_health, measure, play_games, stack

MIX = [
    ("tour", 1, {"mode": "solo"}),
    ("tour", 2, {"mode": "versus"}),
    ("beat", 2, {}),
    ("beat", 4, {}),
    ("composition", 3, {}),
    ("overdrive", 2, {}),
    ("tempo-muse", 2, {}),
]


def play_mix(base, stop, latencies, errors, seed):
    play_games(MIX, base, stop, latencies, errors, seed)


def row(name, m):
    print(
        f"{name:<34}{m['per_s']:>9.0f}{m['p50_ms']:>9.1f}{m['p99_ms']:>9.1f}{m['n']:>8}{m['errors']:>6}"
    )


def memory_per_game(base, redis_url, games=200):
    client = redis.Redis.from_url(redis_url)
    before = client.info("memory")["used_memory"]
    session = requests.Session()
    rng = random.Random(0)
    for i in range(games):
        game, players, options = MIX[i % len(MIX)]
        created = session.post(
            f"{base}/v1/games", json={"game": game, "players": players, "options": options}
        ).json()
        headers = {"Authorization": f"Bearer {created['host_token']}"}
        for _ in range(10):
            actions = session.get(
                f"{base}/v1/games/{created['id']}/actions", headers=headers
            ).json()["actions"]
            if not actions:
                break
            session.post(
                f"{base}/v1/games/{created['id']}/actions",
                json=rng.choice(actions),
                headers=headers,
            )
    return (client.info("memory")["used_memory"] - before) / games


def hint_throughput(base, jobs=40):
    session = requests.Session()
    created = session.post(f"{base}/v1/games", json={"game": "tour", "players": 1}).json()
    headers = {"Authorization": f"Bearer {created['seat_tokens'][0]}"}
    start = time.monotonic()
    locations = [
        session.post(f"{base}/v1/games/{created['id']}/hints", json={}, headers=headers).headers[
            "Location"
        ]
        for _ in range(jobs)
    ]
    for loc in locations:
        while session.get(f"{base}{loc}", headers={"Prefer": "wait=10"}).json()["status"] in (
            "queued",
            "started",
        ):
            pass
    return jobs / (time.monotonic() - start)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--clients", type=int, default=32)
    args = parser.parse_args()
    print(
        f"{args.clients} clients, {args.seconds:.0f} s per figure, loopback; "
        "the clients share the 2 cores with the server"
    )
    print(f"{'what':<34}{'per s':>9}{'p50 ms':>9}{'p99 ms':>9}{'count':>8}{'errs':>6}")
    with stack(processes=2, workers=1) as (base, server):
        health = measure(hit_health, base, args.clients, args.seconds)
        mix = measure(play_mix, base, args.clients, args.seconds)
        row("GET /v1/health (2 API processes)", health)
        row("mixed game actions (2 processes)", mix)
        print(f"ratio actions/health: {mix['per_s'] / health['per_s']:.2f}")
        print(
            "Redis memory per active game (10 moves each): "
            f"{memory_per_game(base, server.url) / 1024:.1f} KiB"
        )
    for processes in (1, 2, 4):
        with stack(processes=processes) as (base, _):
            row(
                f"mixed actions, {processes} API process(es)",
                measure(play_mix, base, args.clients, args.seconds),
            )
    for workers in (1, 4):
        with stack(processes=2, workers=workers) as (base, _):
            print(f"tour hint jobs, {workers} worker(s): {hint_throughput(base):.1f} jobs/s")


if __name__ == "__main__":
    main()
