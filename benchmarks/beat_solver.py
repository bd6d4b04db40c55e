"""Beat solver speed per venue: median / p95 solve time and the share of `unknown`.

For each venue and player count, over seeded deals (seeds 0..N-1, the engine's own
deals), with a single CP-SAT worker and model building included, the production
solver (``solver.beat.solve.decide``: search slice, then CP-SAT) is timed against a
plain exhaustive search (``method="search"``) on the same deals, both with the same
budget.  Wall-clock times decide ``unknown``; the median CPU time of the production
solver is printed too, since a shared machine's load inflates wall-clock figures.
Figures are printed as a Markdown table, never asserted.

    .venv/bin/python benchmarks/beat_solver.py --deals 50 --budget 2 [--parallel]

The table's CP-SAT column is the share of deals the CP-SAT model decided (the rest
were decided by the search); the summary counts the cells meeting each target and
the deals where both methods answered and disagree (there must be none).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
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
    for f in (sim.song_result, sim.song_outcome, sim.judged, sim.breaks, sim.final_failures):
        f.cache_clear()


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


def _time(venue: V.Venue, players: int, seeds: range, budget: float, method: str) -> dict:
    """Wall and CPU time and verdict of ``method`` on each seeded deal."""
    out: dict[str, list] = {"t": [], "cpu": [], "v": [], "m": []}
    for seed in seeds:
        state = D.engine_state({"venue": venue.id, "players": players, "seed": seed, "deal": None})
        cold()
        t, c = time.perf_counter(), time.process_time()
        if method == "production" and V.visible_sorted_setlist(venue):
            r = S.pulsar_decide(state, budget)
        elif method == "production":
            r = S.decide(state, budget)
        else:
            r = S.decide(state, budget, "search")
        out["t"].append(time.perf_counter() - t)
        out["cpu"].append(time.process_time() - c)
        out["v"].append(r["verdict"])
        out["m"].append(r.get("method", ""))
    return out


def _baseline(venue_id: str, players: int, n: int, budget: float) -> dict:
    return _time(V.get_venue(venue_id), players, range(n), budget, "search")


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
    ap.add_argument(
        "--parallel",
        action="store_true",
        help="run the baseline in a second process beside the production solver "
        "(each stays single-threaded; use on an otherwise idle 2-core machine)",
    )
    a = ap.parse_args()
    S.preload()
    venues = [V.get_venue(x) for x in a.venues.split(",") if x] or list(V.load_venues())
    nb = 0 if a.no_baseline else min(a.deals, a.baseline_deals or a.deals)
    pool = ProcessPoolExecutor(1, initializer=S.preload) if a.parallel and nb else None
    print(
        f"deals per cell: {a.deals} (baseline: first {nb}), budget {a.budget}s, "
        "single CP-SAT worker, build included\n"
    )
    print(
        "| venue | n | median ms | p95 ms | median CPU ms | unknown | feasible | CP-SAT "
        "| baseline median ms | baseline p95 ms | baseline unknown | ratio (median) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    cells, disagree = [], 0
    for v in venues:
        for n in (int(x) for x in a.players.split(",")):
            fut = pool.submit(_baseline, v.id, n, nb, a.budget) if pool else None
            r = _time(v, n, range(a.deals), a.budget, "production")
            b = fut.result() if fut else _time(v, n, range(nb), a.budget, "search")
            med, p95 = statistics.median(r["t"]) * 1000, _p95(r["t"]) * 1000
            cpu = statistics.median(r["cpu"]) * 1000
            unk = r["v"].count("unknown") / len(r["v"])
            fea = r["v"].count("feasible") / len(r["v"])
            cp = sum("cpsat" in m for m in r["m"]) / len(r["m"])
            for x, y in zip(r["v"], b["v"], strict=False):
                disagree += "unknown" not in (x, y) and x != y
            cells.append((v, n, med, p95, unk))
            if b["t"]:
                bmed, bp95 = statistics.median(b["t"]) * 1000, _p95(b["t"]) * 1000
                bunk = b["v"].count("unknown") / len(b["v"])
                base = f"{bmed:.0f} | {bp95:.0f} | {bunk:.0%} | {bmed / med:.2f}"
            else:
                base = "- | - | - | -"
            print(
                f"| {v.id} | {n} | {med:.0f} | {p95:.0f} | {cpu:.0f} | {unk:.0%} | {fea:.0%} "
                f"| {cp:.0%} | {base} |",
                flush=True,
            )
    general = [c for c in cells if not V.visible_sorted_setlist(c[0])]
    pulsar = [c for c in cells if V.visible_sorted_setlist(c[0])]
    fast = sum(c[2] <= 50 for c in general)
    tail = sum(c[3] <= 500 for c in general)
    sure = sum(c[4] == 0 for c in general)
    print(
        f"\n{len(general)} venue x seat cells (Pulsar Palace apart): median <= 50 ms in "
        f"{fast}, p95 <= 500 ms in {tail}, no unknown in {sure}"
    )
    if pulsar:
        print(
            "Pulsar Palace median (target 20 ms): "
            + ", ".join(f"{c[1]} seats {c[2]:.0f} ms" for c in pulsar)
        )
    print(f"verdicts where both decided and disagree: {disagree}")
    if pool:
        pool.shutdown()


if __name__ == "__main__":
    main()
