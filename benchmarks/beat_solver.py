"""Beat solver speed per venue: median / p95 solve time and the share of `unknown`.

For each venue and player count, over seeded deals (seeds 0..N-1, the engine's own
deals), with a single CP-SAT worker and model building included, the production
solver (``solver.beat.solve.decide``: search slice, then CP-SAT) is timed against a
plain exhaustive search (``method="search"``) on the same deals, both with the same
budget.  Wall-clock times decide ``unknown``; the median CPU time of the production
solver is printed too, since a shared machine's load inflates wall-clock figures.
Figures are printed as a Markdown table, never asserted.

    .venv/bin/python benchmarks/beat_solver.py --deals 50 --budget 2
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


def cold() -> None:
    """Forget the memoised song judgements so that neither method inherits the other's.

    The CP-SAT result tables of the ``ignore_card`` events stay cached: they depend on
    the venue, difficulty and events only, never on the deal, and a worker process keeps
    them across jobs (the first deals of a venue pay for them here, as in a worker).
    """
    for f in (sim.song_result, sim.breaks, sim.final_failures):
        f.cache_clear()


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


def run(venue: V.Venue, players: int, deals: int, budget: float, baseline: int) -> dict:
    """Time both methods; the baseline runs on the first ``baseline`` seeds only."""
    fast, cpu, slow, verdicts, base_verdicts = [], [], [], [], []
    for seed in range(deals):
        state = D.engine_state({"venue": venue.id, "players": players, "seed": seed, "deal": None})
        cold()
        t, c = time.perf_counter(), time.process_time()
        if V.visible_sorted_setlist(venue):
            r = S.pulsar_decide(state, budget)
        else:
            r = S.decide(state, budget)
        fast.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        verdicts.append(r["verdict"])
        if seed < baseline:
            cold()
            t = time.perf_counter()
            b = S.decide(state, budget, "search")
            slow.append(time.perf_counter() - t)
            base_verdicts.append(b["verdict"])
    return {"t": fast, "cpu": cpu, "v": verdicts, "bt": slow, "bv": base_verdicts}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--budget", type=float, default=2.0)
    ap.add_argument("--venues", default="", help="comma-separated venue ids (default: all)")
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument(
        "--baseline-deals", type=int, default=None, help="baseline on fewer deals (default: all)"
    )
    a = ap.parse_args()
    S.preload()
    venues = [V.get_venue(x) for x in a.venues.split(",") if x] or list(V.load_venues())
    nb = 0 if a.no_baseline else min(a.deals, a.baseline_deals or a.deals)
    print(
        f"deals per cell: {a.deals} (baseline: first {nb}), budget {a.budget}s, "
        "single CP-SAT worker, build included\n"
    )
    print(
        "| venue | n | median ms | p95 ms | median CPU ms | unknown | feasible "
        "| baseline median ms | baseline p95 ms | baseline unknown | ratio (median) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for v in venues:
        for n in (int(x) for x in a.players.split(",")):
            r = run(v, n, a.deals, a.budget, nb)
            med, p95 = statistics.median(r["t"]) * 1000, _p95(r["t"]) * 1000
            cpu = statistics.median(r["cpu"]) * 1000
            unk = r["v"].count("unknown") / len(r["v"])
            fea = r["v"].count("feasible") / len(r["v"])
            if r["bt"]:
                bmed, bp95 = statistics.median(r["bt"]) * 1000, _p95(r["bt"]) * 1000
                bunk = r["bv"].count("unknown") / len(r["bv"])
                base = f"{bmed:.0f} | {bp95:.0f} | {bunk:.0%} | {bmed / med:.2f}"
            else:
                base = "- | - | - | -"
            print(
                f"| {v.id} | {n} | {med:.0f} | {p95:.0f} | {cpu:.0f} | {unk:.0%} | {fea:.0%} "
                f"| {base} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
