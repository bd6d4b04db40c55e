"""CPU time of the production Beat solver per venue and player count, for A/B runs.

Wall-clock figures on a shared machine move with the other work; CPU time
(``time.process_time``) of one process mostly does not.  For seeds 0..N-1 (the
engine's own deals) it prints, per cell, the median and p95 CPU ms of
``solve.decide`` (``pulsar_decide`` at Pulsar Palace), model build included, song
caches cold, and the verdict per seed (``f``/``i``/``u``), so two commits can be
compared cell by cell and deal by deal.  Figures are printed, never asserted.

    .venv/bin/python benchmarks/beat_solver_cpu.py --deals 20 [--venues a,b]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from services.beat import venues as V  # noqa: E402
from solver.beat import deal as D  # noqa: E402
from solver.beat import sim  # noqa: E402
from solver.beat import solve as S  # noqa: E402


def cell(venue: V.Venue, players: int, deals: int, budget: float) -> tuple[float, float, str]:
    """Median and p95 CPU ms over the seeded deals, and the verdicts in seed order."""
    cpu, verdicts = [], []
    for seed in range(deals):
        state = D.engine_state({"venue": venue.id, "players": players, "seed": seed, "deal": None})
        for f in (sim.song_result, sim.song_outcome, sim.judged, sim.breaks, sim.final_failures):
            f.cache_clear()
        c = time.process_time()
        if V.visible_sorted_setlist(venue):
            r = S.pulsar_decide(state, budget)
        else:
            r = S.decide(state, budget)
        cpu.append(1000 * (time.process_time() - c))
        verdicts.append(r["verdict"][0])
    cpu.sort()
    p95 = cpu[min(len(cpu) - 1, int(round(0.95 * (len(cpu) - 1))))]
    return statistics.median(cpu), p95, "".join(verdicts)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--budget", type=float, default=2.0)
    ap.add_argument("--venues", default="", help="comma-separated venue ids (default: all)")
    args = ap.parse_args()
    only = set(filter(None, args.venues.split(",")))
    S.preload()  # OR-Tools' import and first model outside the figures, as in a worker
    print("| venue | seats | median CPU ms | p95 CPU ms | verdicts by seed |")
    print("|---|---|---|---|---|")
    for v in V.load_venues():
        if only and v.id not in only:
            continue
        for n in (2, 3, 4):
            med, p95, verdicts = cell(v, n, args.deals, args.budget)
            print(f"| {v.id} | {n} | {med:.0f} | {p95:.0f} | {verdicts} |", flush=True)


if __name__ == "__main__":
    main()
