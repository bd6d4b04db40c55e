"""CPU time of grading, generating and analysing Beat puzzles (one process, no API).

* grade: ``GA.graded`` on the deals seeds ``0..N-1`` lay out at each venue and seat count;
* generate: ``generate`` for each venue and seat count at each ``--grade`` (wall budget
  ``--gen-budget``; or, with ``--gen-candidates N``, N candidates and no clock, so that
  a loaded machine does not cut the search and the figures are CPU time for the same work);
* analysis: a random band plays a 4-seat venue to its end, then ``analysis.analyse``.

Medians and worst cases of ``time.process_time`` per call are printed (each generation
also with its wall-clock time and the grades its candidates had); figures, not tests.

    .venv/bin/python benchmarks/beat_puzzle_timing.py [--venues 1 2 3] [--players 2 3 4]
        [--deals 3] [--grade 2 4] [--gen-budget 20 | --gen-candidates 10] [--games 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from services.beat import GAME  # noqa: E402
from services.beat import venues as V  # noqa: E402
from solver.beat import analysis as A  # noqa: E402
from solver.beat import generate as G  # noqa: E402
from solver.beat import grade_api as GA  # noqa: E402


def cpu(fn):
    t0 = time.process_time()
    out = fn()
    return out, time.process_time() - t0


def summary(name: str, xs: list[float]) -> None:
    if xs:
        print(f"{name}: n={len(xs)} median {statistics.median(xs):.2f} s, max {max(xs):.2f} s")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--venues", nargs="+", type=int, default=[1, 2, 3, 4, 5])
    p.add_argument("--players", nargs="+", type=int, default=[2, 3, 4])
    p.add_argument("--deals", type=int, default=2)
    p.add_argument("--grade", nargs="+", type=int, default=[2])
    p.add_argument("--gen-budget", type=float, default=20.0)
    p.add_argument("--gen-candidates", type=int, default=None)
    p.add_argument("--games", type=int, default=3)
    a = p.parse_args()
    for n in a.players:
        grades, gens, found = [], [], 0
        for number in a.venues:
            venue = V.get_venue(number).id
            for seed in range(a.deals):
                state = GAME.new(n, {"venue": venue, "mode": "puzzle"}, seed)
                _, t = cpu(lambda: GA.graded(state, time.monotonic() + 3600))  # noqa: B023
                grades.append(t)
            for g in a.grade if a.gen_budget > 0 or a.gen_candidates else ():
                budget = a.gen_budget if a.gen_candidates is None else 1e9

                def gen(g=g, venue=venue, budget=budget):
                    return G.generate(venue, n, g, False, budget, max_candidates=a.gen_candidates)  # noqa: B023

                w0 = time.monotonic()
                out, t = cpu(gen)
                wall = time.monotonic() - w0
                gens.append(t)
                found += out["found"]
                seen = out["grades_seen"]
                print(f"  {venue} {n} seats grade {g}: found {out['found']} after {out['tried']}, "
                      f"{t:.2f} s CPU ({wall:.1f} s wall), {seen}", flush=True)  # fmt: skip
        summary(f"grade, {n} seats", grades)
        summary(f"generate grades {a.grade}, {n} seats ({found}/{len(gens)} found)", gens)
    times = []
    for seed in range(a.games):
        rng = random.Random(seed)
        state = GAME.new(4, {"venue": "garage"}, seed)
        log = []
        while state["status"] == "running":
            acts = [(s, x) for s in range(4) for x in GAME.legal_actions(state, s)]
            s, x = rng.choice(acts)
            state, _ = GAME.apply(state, s, x)
            log.append({"seat": s, "action": x})
        payload = {"players": 4, "options": {"venue": "garage"}, "seed": seed, "log": log}
        _, t = cpu(lambda: A.analyse(payload, 60.0))  # noqa: B023
        times.append(t)
    summary("analysis, 4-seat Garage games", times)


if __name__ == "__main__":
    main()
