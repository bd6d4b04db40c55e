"""Does the grade mean something? Bands' win share by the grade of the deal.

For each venue and seed, the deal ``GAME.new(players, {"venue": v}, seed)`` lays out
is graded (:mod:`solver.beat.grade`, as ``POST /v1/solver/beat/grade`` does), then
played to its end by the live **hint** band and the **heuristic** band of
``benchmarks/beat_live_band.py`` (each seat from its own view). Printed per grade: the
deals, each band's win share, and the grading time; the grade is meaningful when the
shares fall as the grade rises. Figures are printed, never asserted.

    .venv/bin/python benchmarks/beat_grades.py [--venues garage twin_moon ...]
        [--players 2] [--deals 6] [--bands hint heuristic] [--samples 4] [--out f.jsonl]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from beat_live_band import play_deal  # noqa: E402

from services.beat import GAME  # noqa: E402
from solver.beat import grade_api as GA  # noqa: E402

GRADE_BUDGET_S = 600.0  # wall clock: a loaded machine must not cut the grade


def run(args: argparse.Namespace) -> list[dict]:
    rows = []
    out = open(args.out, "a") if args.out else None  # noqa: SIM115 - appended per deal
    for venue in args.venues:
        for seed in range(args.seed0, args.seed0 + args.deals):
            state = GAME.new(args.players, {"venue": venue, "mode": "puzzle"}, seed)
            t0 = time.process_time()
            rep = GA.graded(state, time.monotonic() + GRADE_BUDGET_S)
            row = {
                "venue": venue,
                "players": args.players,
                "seed": seed,
                "grade": rep["grade"],
                "winnable": rep["winnable"],
                "narrowness": rep["narrowness"],
                "grade_cpu": round(time.process_time() - t0, 3),
            }
            if rep["grade"] is not None:
                for band in args.bands:
                    row[band] = play_deal(venue, args.players, seed, band, args.samples)["won"]
            rows.append(row)
            print(json.dumps(row), flush=True)
            if out:
                out.write(json.dumps(row) + "\n")
                out.flush()
    return rows


def report(rows: list[dict], bands: list[str]) -> None:
    by = defaultdict(list)
    for r in rows:
        by[r["grade"]].append(r)
    print(
        f"{'grade':>6} {'deals':>6} "
        + " ".join(f"{b:>10}" for b in bands)
        + "  grade cpu s (median)"
    )
    for g in sorted(by, key=lambda x: (x is None, x or 0)):
        rs = by[g]
        shares = []
        for b in bands:
            played = [r[b] for r in rs if b in r]
            shares.append(f"{sum(played)}/{len(played)}" if played else "-")
        cpu = statistics.median(r["grade_cpu"] for r in rs)
        print(f"{g!s:>6} {len(rs):>6} " + " ".join(f"{s:>10}" for s in shares) + f"  {cpu:.2f}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--venues", nargs="+", default=["garage", "twin_moon", "red_rocks", "roswell"])
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--deals", type=int, default=6)
    p.add_argument("--seed0", type=int, default=0)
    p.add_argument("--bands", nargs="+", default=["hint", "heuristic"])
    p.add_argument("--samples", type=int, default=4)
    p.add_argument("--out")
    p.add_argument("--report", help="print the table of a JSONL file and stop")
    args = p.parse_args()
    if args.report:
        rows = [json.loads(line) for line in open(args.report)]  # noqa: SIM115
        report(rows, args.bands)
        return
    report(run(args), args.bands)


if __name__ == "__main__":
    main()
