"""Actions per second for 16 clients playing tour games through a running server,
against bare ``GET /v1/health`` in the same run.  Prints figures; asserts nothing.

    .venv/bin/python benchmarks/api_throughput.py [--seconds 10] [--clients 16]
"""

from __future__ import annotations

import argparse

from _stack import hit_health, measure, play_games, stack


def play_tour(base: str, stop: float, latencies: list[float], errors: list[int], seed: int):
    play_games([("tour", 1, {"mode": "solo"})], base, stop, latencies, errors, seed)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    with stack(processes=args.processes) as (base, _):
        health = measure(hit_health, base, args.clients, args.seconds)
        tour = measure(play_tour, base, args.clients, args.seconds)
    print(f"{args.clients} clients, {args.seconds:.0f} s each, {args.processes} gunicorn processes")
    print(f"{'what':<22}{'per s':>10}{'p50 ms':>10}{'p99 ms':>10}{'count':>9}{'5xx':>6}")
    for name, m in (("GET /v1/health", health), ("tour actions (POST)", tour)):
        print(
            f"{name:<22}{m['per_s']:>10.0f}{m['p50_ms']:>10.1f}{m['p99_ms']:>10.1f}"
            f"{m['n']:>9}{m['errors']:>6}"
        )
    print(f"ratio actions/health throughput: {tour['per_s'] / health['per_s']:.2f}")


if __name__ == "__main__":
    main()
