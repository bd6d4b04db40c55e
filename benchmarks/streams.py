"""Move latency with and without 1,000 open game streams, in the same run.

A private stack (embedded Redis, the API under gunicorn as ``make run`` starts
it) hosts ``--games`` Tempo Muse tables of two seats.  Movers play random legal
moves on those tables and time each ``POST .../actions``:

- without streams, and
- while a separate process holds ``--streams`` open SSE streams on the same
  tables (both seats' tokens and spectators), so every move is pushed to
  ``streams / games`` viewers,

interleaved for ``--rounds`` rounds and ending without streams, so drift (other
load on the machine, games growing) falls on both sides; the ratio compares the
pooled p99 of all loaded phases with that of all phases without streams.

The holder counts the ``view`` events every stream received; a stream that
got no update while moves flowed is reported.  Prints figures and the p99
ratio; asserts nothing.

    .venv/bin/python benchmarks/streams.py [--streams 1000] [--seconds 10] [--rounds 2]
        [--worker-class gevent|gthread]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import resource
import subprocess
import sys
import time
from typing import Any
from urllib.parse import urlsplit

import requests
from _stack import measure, percentile, random_move, stack


def raise_open_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


# -- the stream holder (a process of its own, so it never slows the movers' GIL) ------
async def _hold_one(host, port, target, stats, index, connected: asyncio.Event, stop):
    path, token = target
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    try:
        reader, writer = await asyncio.open_connection(host, port)
    except OSError:
        stats["connect_errors"] += 1
        return
    head = f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n{auth}"
    writer.write(f"{head}Accept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    got_first = False
    try:
        while not stop.is_set():
            line = await reader.readline()
            if not line:
                stats["closed"] += 1
                break
            if line.startswith(b"event: view"):
                stats["views"][index] += 1
                if not got_first:
                    got_first = True
                    stats["first"] += 1
                    if stats["first"] == stats["target"]:
                        connected.set()
            elif line.startswith(b"event: end"):
                stats["ended"] += 1
    except (OSError, asyncio.IncompleteReadError):
        stats["closed"] += 1
    finally:
        writer.close()


async def _hold(base: str, paths: list[str], connect_s: float) -> None:
    url = urlsplit(base)
    stats = {
        "target": len(paths),
        "first": 0,
        "closed": 0,
        "ended": 0,
        "connect_errors": 0,
        "views": [0] * len(paths),
    }
    connected, stop = asyncio.Event(), asyncio.Event()
    tasks = []
    for i, path in enumerate(paths):
        tasks.append(
            asyncio.create_task(_hold_one(url.hostname, url.port, path, stats, i, connected, stop))
        )
        if i % 50 == 49:
            await asyncio.sleep(0.05)  # do not trip the listen backlog
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(connected.wait(), connect_s)
    print(json.dumps({"ready": stats["first"]}), flush=True)
    # the parent runs the loaded phase, then says stop on stdin
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    open_now = stats["first"] - stats["closed"]
    first_views = list(stats["views"])
    stop.set()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    out = {k: v for k, v in stats.items() if k != "views"}
    out["open_at_stop"] = open_now
    out["view_events"] = sum(first_views)
    out["streams_with_updates"] = sum(1 for n in first_views if n >= 2)
    print(json.dumps(out), flush=True)


def holder_main() -> None:
    raise_open_files()
    spec = json.loads(sys.stdin.readline())
    asyncio.run(_hold(spec["base"], spec["paths"], spec["connect_s"]))


# -- movers ------------------------------------------------------------------------
def mover(base, tables, stop, latencies, errors, seed):
    session = requests.Session()
    rng = random.Random(seed)
    while time.monotonic() < stop:
        gid, host = rng.choice(tables)
        headers = {"Authorization": f"Bearer {host}"}
        try:
            random_move(session, base, gid, headers, rng, latencies, errors, timeout=10)
        except requests.RequestException:
            errors.append(0)


def measure_moves(base, tables, movers: int, seconds: float) -> dict[str, Any]:
    """``movers`` threads playing random moves on ``tables`` for ``seconds``."""

    def target(base, stop, latencies, errors, i):
        mover(base, tables, stop, latencies, errors, i)

    return measure(target, base, movers, seconds)


def create_tables(base: str, count: int) -> list[dict]:
    session = requests.Session()
    out = []
    for i in range(count):
        r = session.post(
            f"{base}/v1/games", json={"game": "tempo-muse", "players": 2, "seed": 1000 + i}
        )
        r.raise_for_status()
        out.append(r.json())
    return out


def stream_paths(tables: list[dict], streams: int) -> list[list[str]]:
    """``[path, token]`` (token "" for a spectator): both seats of every table first, then
    spectators, round-robin over the tables."""
    paths = []
    i = 0
    while len(paths) < streams:
        t = tables[i % len(tables)]
        kind = (i // len(tables)) % 4
        base = f"/v1/games/{t['id']}/stream"
        paths.append([base, t["seat_tokens"][kind] if kind < 2 else ""])
        i += 1
    return paths


def with_streams(base, tables, args) -> tuple[dict, int, float, dict]:
    """Open the streams in a holder process, time moves while they are open, close them."""
    holder = subprocess.Popen(
        [sys.executable, __file__, "--hold"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    spec = {
        "base": base,
        "paths": stream_paths(tables, args.streams),
        "connect_s": args.connect_seconds,
    }
    holder.stdin.write(json.dumps(spec) + "\n")
    holder.stdin.flush()
    t0 = time.monotonic()
    ready = json.loads(holder.stdout.readline())["ready"]
    connect_s = time.monotonic() - t0
    pool = [(t["id"], t["host_token"]) for t in tables]
    during = measure_moves(base, pool, args.movers, args.seconds)
    holder.stdin.write("stop\n")
    holder.stdin.flush()
    held = json.loads(holder.stdout.readline())
    holder.wait(timeout=30)
    return during, ready, connect_s, held


def pooled(phases: list[dict]) -> dict[str, float]:
    latencies = [x for m in phases for x in m["latencies"]]
    seconds = sum(m["seconds"] for m in phases)
    return {
        "per_s": len(latencies) / seconds,
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
        "n": len(latencies),
        "errors": sum(m["errors"] for m in phases),
    }


def row(name: str, m: dict) -> None:
    print(
        f"{name:<34}{m['per_s']:>9.0f}{m['p50_ms']:>9.1f}{m['p99_ms']:>9.1f}"
        f"{m['n']:>8}{m['errors']:>6}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--games", type=int, default=250)
    parser.add_argument("--movers", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--rounds", type=int, default=2, help="without/with pairs, interleaved")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--worker-class", default="gevent", choices=["gevent", "gthread"])
    parser.add_argument("--connect-seconds", type=float, default=60)
    args = parser.parse_args()
    raise_open_files()
    without, loaded, notes = [], [], []
    with stack(processes=args.processes, worker_class=args.worker_class) as (base, _):
        tables = create_tables(base, args.games)
        pool = [(t["id"], t["host_token"]) for t in tables]
        # interleaved phases, so drift (games growing, other load) hits both sides alike
        for _ in range(args.rounds):
            without.append(measure_moves(base, pool, args.movers, args.seconds))
            during, ready, connect_s, held = with_streams(base, tables, args)
            loaded.append(during)
            notes.append((ready, connect_s, held))
        without.append(measure_moves(base, pool, args.movers, args.seconds))

    print(
        f"{args.worker_class} workers, {args.processes} API processes; {args.games} Tempo Muse "
        f"tables; {args.movers} movers; {args.rounds} rounds of {args.seconds:.0f} s phases"
    )
    for i, (ready, connect_s, held) in enumerate(notes, 1):
        print(
            f"round {i}: {ready} of {args.streams} streams got their first view in "
            f"{connect_s:.1f} s; {held['open_at_stop']} open when the phase ended; "
            f"{held['streams_with_updates']} received pushed updates; "
            f"{held['view_events']} view events; {held['ended']} ended with their game"
        )
    print(
        f"{'moves (POST .../actions)':<34}{'per s':>9}{'p50 ms':>9}{'p99 ms':>9}{'n':>8}{'err':>6}"
    )
    for i, m in enumerate(without):
        row(f"without streams, phase {2 * i + 1}", m)
        if i < len(loaded):
            row(f"with {notes[i][0]} streams, phase {2 * i + 2}", loaded[i])
    calm, busy = pooled(without), pooled(loaded)
    row("without streams, all phases", calm)
    row("with streams, all phases", busy)
    ratio = busy["p99_ms"] / calm["p99_ms"] if calm["n"] and busy["n"] else float("nan")
    print(f"p99 ratio with/without streams (pooled): {ratio:.2f}")


if __name__ == "__main__":
    if "--hold" in sys.argv:
        holder_main()
    else:
        main()
