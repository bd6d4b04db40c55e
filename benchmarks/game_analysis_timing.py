"""Time to analyse a finished game of each of the five games (one process, no API).

* The Beat, 4 seats: a band follows the solver's winning line from the deal and leaves
  it at a random play, then plays at random (so the venue stays winnable deep into the
  game and the binary search asks late positions); a deal no line wins is played at random.
* Composition, Overdrive, the tour, Tempo Muse: a whole game of random legal moves at the
  default options, then ``solver.hint_analysis.analyse`` with an ample budget (the
  hint at every decision).

Prints the median and worst wall-clock and CPU seconds per game, with the game's steps;
figures, not tests.

    .venv/bin/python benchmarks/game_analysis_timing.py [--games 3] [--venues 1 4 8]
        [--only beat composition ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from services.beat import GAME as BEAT  # noqa: E402
from services.registry import get_game  # noqa: E402
from solver.beat import analysis as A  # noqa: E402
from solver.beat import deal as D  # noqa: E402
from solver.beat import plan as P  # noqa: E402
from solver.beat import solve as S  # noqa: E402
from solver.registry import PRELOADS, resolve  # noqa: E402

OTHERS = {"composition": 2, "overdrive": 3, "tour": 2, "tempo-muse": 2}


def timed(fn):
    w0, c0 = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w0, time.process_time() - c0


def beat_log(venue: str, seed: int) -> list[dict]:
    rng = random.Random(seed)
    state = BEAT.new(4, {"venue": venue}, seed)
    line: list[dict] = []
    res = S.decide({**state, "mode": "puzzle"}, 20.0)
    if res["verdict"] == "feasible" and res.get("plan") is not None:
        _, line = P.replay({**state, "mode": "puzzle"}, res["plan"])
    leave = rng.randrange(len(line) // 2, len(line) + 1) if line else 0
    log: list[dict] = []
    for step in line[:leave]:
        state, _ = BEAT.apply(state, step["seat"], step["action"])
        log.append(step)
    while state["status"] == "running":
        acts = [(s, a) for s in range(4) for a in BEAT.legal_actions(state, s)]
        s, a = rng.choice(acts)
        state, _ = BEAT.apply(state, s, a)
        log.append({"seat": s, "action": a})
    return log


def random_log(game: str, players: int, seed: int) -> list[dict]:
    rules = get_game(game)
    state = rules.new(players, {}, seed)
    rng = random.Random(seed)
    log: list[dict] = []
    while rules.outcome(state) is None:
        seats = rules.seats_to_act(state)
        if not seats:
            break
        seat = rng.choice(seats)
        action = rng.choice(rules.legal_actions(state, seat))
        state, _ = rules.apply(state, seat, action)
        log.append({"seat": seat, "action": action})
    return log


def report(name: str, rows: list[tuple[int, float, float]]) -> None:
    steps = [r[0] for r in rows]
    wall, cpu = [r[1] for r in rows], [r[2] for r in rows]
    print(
        f"| {name} | {len(rows)} | {min(steps)}-{max(steps)} | "
        f"{statistics.median(wall):.2f} s | {max(wall):.2f} s | "
        f"{statistics.median(cpu):.2f} s | {max(cpu):.2f} s |",
        flush=True,
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--venues", nargs="+", type=int, default=[1, 4, 8])
    p.add_argument("--only", nargs="+", default=["beat", *OTHERS])
    a = p.parse_args()
    for target in PRELOADS:  # the worker loads these once before its first job
        resolve(target)()
    print("| game | games | steps | wall median | wall max | CPU median | CPU max |")
    print("|---|---|---|---|---|---|---|")
    if "beat" in a.only:
        for number in a.venues:
            venue = D.find_venue(number).id
            rows = []
            for seed in range(a.games):
                log = beat_log(venue, seed)
                payload = {"players": 4, "options": {"venue": venue}, "seed": seed, "log": log}
                _, wall, cpu = timed(lambda: A.analyse(payload, 60.0))  # noqa: B023
                rows.append((len(log), wall, cpu))
            report(f"The Beat, 4 seats, venue {number} ({venue})", rows)
    for game, players in OTHERS.items():
        if game not in a.only:
            continue
        from solver import hint_analysis as H

        rows, missed = [], 0
        for seed in range(a.games):
            log = random_log(game, players, seed)
            payload = {"game": game, "players": players, "options": {}, "seed": seed,
                       "log": log}  # fmt: skip
            out, wall, cpu = timed(lambda: H.analyse(payload, 600.0))  # noqa: B023
            missed += sum(1 for s in out["per_step"] if "error" in s)
            rows.append((len(log), wall, cpu))
        failed = f" (steps where the hint failed: {missed})" if missed else ""
        report(f"{game}, {players} seats{failed}", rows)


if __name__ == "__main__":
    main()
