"""How fast a bot seat answers: a human against a bot, over HTTP, forking per bot turn or not.

Starts a private stack (embedded Redis, the API, one RQ worker) twice: once
with RQ's plain forking worker for every job (``WORKER_CLASS=fork``, the
baseline) and once with the default worker, which runs bot turns in the worker
process.  In each, a client plays seat 0 of two-seat tour games (the first
listed action, as fast as it can) against a bot in seat 1, and the bot's answer
time is read from the game log: from the human's move to the bot's next move.
Prints the figures and the ratio; nothing is asserted.

    .venv/bin/python benchmarks/bot_turns.py [--games 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

import requests
from _stack import percentile, stack


def play(base: str, session: requests.Session) -> tuple[list[float], float]:
    """One game; returns the bot's answer times (s) and the game's wall time."""
    body = {"game": "tour", "players": 2, "options": {"mode": "versus"}, "open_seats": [1]}
    created = session.post(f"{base}/v1/games", json=body).json()
    gid, me = created["id"], {"Authorization": f"Bearer {created['seat_tokens'][0]}"}
    host = {"Authorization": f"Bearer {created['host_token']}"}
    session.post(f"{base}/v1/games/{gid}/seats/1/bot", json={}, headers=host).raise_for_status()
    t0 = time.perf_counter()
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        listing = session.get(f"{base}/v1/games/{gid}/actions", headers=me).json()
        if listing["actions"]:
            session.post(f"{base}/v1/games/{gid}/actions", json=listing["actions"][0], headers=me)
            continue
        if session.get(f"{base}/v1/games/{gid}").json()["status"] == "finished":
            break
        time.sleep(0.005)
    wall = time.perf_counter() - t0
    entries = session.get(f"{base}/v1/games/{gid}/log").json()["entries"]
    answers = [
        b["at"] - a["at"] for a, b in zip(entries, entries[1:]) if a["seat"] == 0 and b["seat"] == 1
    ]
    return answers, wall


def measure(games: int, worker_class: str) -> dict[str, float]:
    with stack(processes=1, workers=1, env_extra={"WORKER_CLASS": worker_class}) as (base, _):
        session = requests.Session()
        deadline = time.monotonic() + 120  # the worker preloads the solvers first
        while session.get(f"{base}/v1/health").json()["queue"]["workers"] < 1:
            if time.monotonic() > deadline:
                raise RuntimeError("no worker came up")
            time.sleep(0.2)
        play(base, session)  # warm-up
        answers: list[float] = []
        walls = []
        for _ in range(games):
            a, wall = play(base, session)
            answers += a
            walls.append(wall)
    return {
        "n": len(answers),
        "p50_ms": percentile(answers, 0.5) * 1000,
        "p99_ms": percentile(answers, 0.99) * 1000,
        "game_s": statistics.median(walls),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    args = ap.parse_args()
    fork = measure(args.games, "fork")
    inline = measure(args.games, "")
    print("bot answer time, tour versus (human plays its first listed action at once)")
    print(f"{'worker':<28}{'answers':>8}{'p50 ms':>9}{'p99 ms':>9}{'game s':>9}")
    for name, m in (("fork per bot turn (baseline)", fork), ("bot turns in the worker", inline)):
        print(f"{name:<28}{m['n']:>8}{m['p50_ms']:>9.1f}{m['p99_ms']:>9.1f}{m['game_s']:>9.2f}")
    print(f"p50 ratio inline/fork: {inline['p50_ms'] / fork['p50_ms']:.2f}")


if __name__ == "__main__":
    main()
