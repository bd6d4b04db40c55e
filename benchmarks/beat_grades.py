"""Does the grade mean something? Bands' win share by the grade of the deal.

For each venue, seat count and seed, the deal ``GAME.new(players, {"venue": v}, seed)``
lays out is graded (:mod:`solver.beat.grade`, as ``POST /v1/solver/beat/grade`` does),
then played to its end by bands that each seat plays from its own view:

* **blueprint** -- the blueprint band on the fast replay (``live.rollout``): cheap, so
  it gives the volume;
* **heuristic** -- the heuristic band of ``benchmarks/beat_live_band.py``;
* **hint** -- the live hint band of ``benchmarks/beat_live_band.py`` with ``--samples``
  fixed samples per decision (figures that do not depend on the machine's load). With
  4 samples or fewer the hint never leaves the blueprint's move (its sign test needs 5
  paired samples to call a gain clear), so it is the blueprint band: 8 by default.

**Seeds.** Seeds below ``REPORTING_FROM`` (1000) are the *choosing* seeds: the grade's
thresholds are chosen on them (``tools/beat/fit_grades.py``). Seeds from 1000 on are the
*reporting* seeds (``--split reporting``, the default), never used to choose anything;
``--seed0`` counts from the split's first seed. Every row also holds the measured
properties the grade is defined from (N, rounds, keeps, lines), so the choosing tool can
refit the grade without grading again.

Printed per grade: the deals and each band's win share with a 90 % Wilson interval; the
grade is meaningful when the shares fall as the grade rises. Figures are printed, never
asserted. Rows of several runs (``--report a.jsonl b.jsonl``) merge per deal, so the
hint band can be run on a subset later and joined.

    .venv/bin/python benchmarks/beat_grades.py [--split reporting|choosing] [--seed0 0]
        [--venues garage twin_moon ...] [--players 2 3] [--deals 6]
        [--bands blueprint heuristic hint] [--samples 8] [--out f.jsonl [--resume]]
    .venv/bin/python benchmarks/beat_grades.py --bands hint --only-grades f.jsonl
        [--grades 3 4 5] --out g.jsonl   # the hint band on deals f.jsonl graded
    .venv/bin/python benchmarks/beat_grades.py --report f.jsonl [g.jsonl ...]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from beat_live_band import REPORTING_FROM, play_deal  # noqa: E402

from services.beat import GAME  # noqa: E402
from services.beat import venues as V  # noqa: E402
from solver.beat import grade as G  # noqa: E402
from solver.beat import grade_api as GA  # noqa: E402
from solver.beat import live  # noqa: E402

GRADE_BUDGET_S = 600.0  # wall clock: a loaded machine must not cut the grade
BANDS = ("blueprint", "heuristic", "hint")
#: the easy and medium venues of the first ten: the ones the daily puzzle plays most
DEFAULT_VENUES = [v.id for v in V.load_venues() if v.number <= 10]


def blueprint_replay(venue: str, players: int, seed: int) -> bool:
    """The blueprint band on the fast replay: True when it wins the deal."""
    state = GAME.new(players, {"venue": venue, "mode": "puzzle"}, seed)
    return live.replay_band(state)


def features(rep: dict[str, Any]) -> dict[str, Any]:
    """The measured properties of a grade report a grade may be defined from."""
    rounds = rep.get("rounds") or []
    return {
        "winnable": rep["winnable"],
        "grade": rep["grade"],
        "narrowness": rep["narrowness"],
        "lines": rep["lines"],
        "lines_exact": rep["lines_exact"],
        "rounds": [[r["plays"], r["keep"], r["exact"]] for r in rounds],
        "tags": rep.get("tags", []),
    }


def play_row(venue: str, players: int, seed: int, bands: list[str], samples: int) -> dict:
    v = V.get_venue(venue)
    row: dict[str, Any] = {
        "venue": venue,
        "number": v.number,
        "tier": v.tier,
        "players": players,
        "seed": seed,
    }
    if set(bands) - {"hint"}:  # a hint-only run joins the rows that graded the deal
        state = GAME.new(players, {"venue": venue, "mode": "puzzle"}, seed)
        t0 = time.process_time()
        rep = GA.graded(state, time.monotonic() + GRADE_BUDGET_S)
        row.update(features(rep), grade_cpu=round(time.process_time() - t0, 3))
    for band in bands:
        t0 = time.process_time()
        if band == "blueprint":
            row[band] = blueprint_replay(venue, players, seed)
        else:
            row[band] = play_deal(venue, players, seed, band, samples)["won"]
        if band == "hint":
            row["hint_samples"] = samples
            row["hint_cpu"] = round(time.process_time() - t0, 1)
    return row


def _work(args: argparse.Namespace) -> list[tuple[str, int, int]]:
    """Seed by seed over every venue and seat count: a run cut short covers them all."""
    first = args.seed0 + (REPORTING_FROM if args.split == "reporting" else 0)
    work = []
    for seed in range(first, first + args.deals):
        if args.split == "choosing" and seed >= REPORTING_FROM:
            raise SystemExit(f"seed {seed} is a reporting seed: never used for choosing")
        for n in args.players:
            for venue in args.venues:
                work.append((venue, n, seed))
    return work


def run(args: argparse.Namespace) -> list[dict]:
    work = _work(args)
    if args.resume and args.out and Path(args.out).exists():
        done = {(r["venue"], r["players"], r["seed"]) for r in load([args.out])}
        work = [w for w in work if w not in done]
    if args.only_grades:
        graded = merge(load(args.only_grades))
        work = [w for w in work if w in graded and grade_now(graded[w]) in args.grades]
    rows = []
    out = open(args.out, "a") if args.out else None  # noqa: SIM115 - appended per deal
    for venue, n, seed in work:
        row = play_row(venue, n, seed, args.bands, args.samples)
        rows.append(row)
        print(json.dumps(row), flush=True)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
    return rows


def load(names: list[str]) -> list[dict]:
    rows = []
    for name in names:
        with open(name) as f:
            rows += [json.loads(line) for line in f if line.strip()]
    return rows


def merge(rows: list[dict]) -> dict[tuple[str, int, int], dict]:
    """One record per deal: the fields of every row about it (later rows win)."""
    out: dict[tuple[str, int, int], dict] = {}
    for r in rows:
        out.setdefault((r["venue"], r["players"], r["seed"]), {}).update(r)
    return out


def grade_now(r: dict) -> int | None:
    """The deal's grade under the shipped definition (rows keep their measured
    properties, so a changed definition regrades old rows without grading again)."""
    if not r.get("winnable") or r.get("narrowness") is None:
        return None
    return G.grade_from(r["narrowness"], r["lines"] == 1, V.get_venue(r["venue"]).tier)


def wilson(k: int, n: int, z: float = 1.645) -> tuple[float, float]:
    """The 90 % Wilson interval of a share ``k / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, mid - half), min(1.0, mid + half))


def table(records: list[dict], bands: list[str]) -> list[str]:
    by = defaultdict(list)
    for r in records:
        by[grade_now(r)].append(r)
    lines = [
        "| grade | deals | " + " | ".join(f"{b} band (90 % interval)" for b in bands) + " |",
        "|---|---|" + "---|" * len(bands),
    ]
    for g in sorted(by, key=lambda x: (x is None, x or 0)):
        rs = by[g]
        cells = []
        for b in bands:
            played = [bool(r[b]) for r in rs if b in r]
            if not played:
                cells.append("-")
                continue
            k, n = sum(played), len(played)
            lo, hi = wilson(k, n)
            cells.append(f"{k}/{n} = {100 * k / n:.0f}% ({100 * lo:.0f}-{100 * hi:.0f})")
        label = g if g is not None else "none (unwinnable or undecided)"
        lines.append(f"| {label} | {len(rs)} | " + " | ".join(cells) + " |")
    cpu = [r["grade_cpu"] for r in records if "grade_cpu" in r]
    if cpu:
        lines.append(f"\ngrading CPU s per deal: median {statistics.median(cpu):.2f}")
    return lines


def report(rows: list[dict], bands: list[str]) -> None:
    merged = list(merge(rows).values())
    for split in ("reporting", "choosing"):
        part = [r for r in merged if (r["seed"] >= REPORTING_FROM) == (split == "reporting")]
        if not part:
            continue
        seats = sorted({r["players"] for r in part})
        for n in [*seats, None] if len(seats) > 1 else [None]:
            sub = [r for r in part if n is None or r["players"] == n]
            label = f"{n} seats" if n else "all seats"
            print(f"\n## {split} seeds, {label}: {len(sub)} deals\n")
            print("\n".join(table(sub, bands)))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--venues", nargs="+", default=DEFAULT_VENUES)
    p.add_argument("--players", type=int, nargs="+", default=[2])
    p.add_argument("--deals", type=int, default=6, help="seeds per venue and seat count")
    p.add_argument(
        "--split",
        choices=("reporting", "choosing"),
        default="reporting",
        help=f"reporting seeds (>= {REPORTING_FROM}, never used to choose) or choosing seeds",
    )
    p.add_argument("--seed0", type=int, default=0, help="first seed, counted in the split")
    p.add_argument("--bands", nargs="+", default=list(BANDS[:2]), choices=BANDS)
    p.add_argument("--samples", type=int, default=8, help="hint samples per decision")
    p.add_argument("--out", help="append each deal's row (JSON lines)")
    p.add_argument("--resume", action="store_true", help="skip the deals --out already holds")
    p.add_argument(
        "--only-grades",
        nargs="+",
        metavar="JSONL",
        help="play only deals these rows grade (under the shipped definition) as --grades",
    )
    p.add_argument("--grades", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    p.add_argument("--report", nargs="+", help="print the tables of JSONL files and stop")
    args = p.parse_args()
    if args.report:
        report(load(args.report), args.bands)
        return
    report(run(args), args.bands)


if __name__ == "__main__":
    main()
