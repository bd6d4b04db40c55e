"""Choose the Beat grade's definition on choosing deals; validate it on held-out deals.

Input: JSON lines of ``benchmarks/beat_grades.py`` (each deal's measured properties --
narrowness N, uniqueness, the venue's tier, the rounds -- and whether each band won it).
The grade is chosen on the blueprint band (cheap, so there are many choosing deals) and
validated on it and on the live hint band, which the choosing never saw.

**Choosing** (seeds below 1000 only; a reporting seed among the choosing rows stops the
tool). The difficulty is ``D = N + w`` for the medium and hard venues, ``D = N`` for the
starter and easy ones; a unique deal is grade 5, and the four floors of grades 2-5 are
D's quintiles over the other choosing deals, so each grade holds a fifth of the dealt
winnable deals (and a generator finds each grade about as often). ``w`` is the one on
the grid :data:`WEIGHTS` whose grades best predict the blueprint band's results -- the
log-likelihood of every result under its grade's win share -- among the weights where

* the band's win share falls by at least ``--margin`` from each grade to the next, and
* every grade holds at least ``--reach`` of each tier's deals (a grade every venue can
  be dealt at: the generator and the daily puzzle ask for any grade at any venue).

**Validation** (``--heldout``: seeds from 1000 on, never used above): the chosen
definition grades the held-out deals and the tool prints, per grade, the deals and each
band's win share; ``falls`` says whether each band's share falls strictly from grade to
grade. ``--write`` stores the definition and its validation in
``solver/beat/grade_steps.json`` (read by :mod:`solver.beat.grade`) and the held-out
deals' properties and results in ``tests/puzzles/grade_heldout_deals.json`` (which the
tests regrade under the shipped definition).

Also printed: logistic fits of the blueprint band's win on the choosing deals, N and the
tier with each further measured property, to show what each adds.

    .venv/bin/python -m tools.beat.fit_grades --choosing c.jsonl [...] --heldout r.jsonl [...]
        [--margin 0] [--reach 0.03] [--write]
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
STEPS_FILE = ROOT / "solver" / "beat" / "grade_steps.json"
HELDOUT_FILE = ROOT / "tests" / "puzzles" / "grade_heldout_deals.json"
REPORTING_FROM = 1000
#: the band the grade is chosen on, and the bands it is validated on
CHOSEN_ON = ("blueprint",)
BANDS = ("blueprint", "hint")
#: the tier weights tried (in decades of N)
WEIGHTS = [x / 4 for x in range(0, 17)]
HARD_TIERS = ("medium", "hard")
TIERS = {"starter": "starter and easy", "easy": "starter and easy", "medium": "medium"}


def load(names: list[str]) -> list[dict[str, Any]]:
    """The graded winnable deals of JSON lines files (rows about one deal merged)."""
    merged: dict[tuple, dict[str, Any]] = {}
    for name in names:
        with open(name) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    merged.setdefault((r["venue"], r["players"], r["seed"]), {}).update(r)
    return [r for r in merged.values() if r.get("winnable") and r.get("narrowness") is not None]


def difficulty(r: dict[str, Any], w: float) -> float:
    """As :func:`solver.beat.grade.difficulty` (rounded alike, so floors compare alike)."""
    return round(r["narrowness"] + (w if r["tier"] in HARD_TIERS else 0.0), 2)


def _unique(r: dict[str, Any]) -> bool:
    return r["lines"] == 1


def grade(r: dict[str, Any], w: float, steps: tuple[float, ...]) -> int:
    return 5 if _unique(r) else 1 + sum(difficulty(r, w) >= s for s in steps)


def floors(rows: list[dict[str, Any]], w: float) -> tuple[float, ...] | None:
    """D's quintiles over the deals that are not unique (None if two coincide)."""
    ds = sorted(difficulty(r, w) for r in rows if not _unique(r))
    steps = tuple(ds[int(q * len(ds))] for q in (0.2, 0.4, 0.6, 0.8))
    return steps if len(set(steps)) == 4 else None


def table(rows: list[dict[str, Any]], w: float, steps: tuple[float, ...]) -> list[dict]:
    """Per grade: the deals and each band's [wins, deals played]."""
    out = [{"grade": g, "deals": 0, **{b: [0, 0] for b in BANDS}} for g in range(1, 6)]
    for r in rows:
        cell = out[grade(r, w, steps) - 1]
        cell["deals"] += 1
        for b in BANDS:
            if b in r:
                cell[b][0] += bool(r[b])
                cell[b][1] += 1
    return out


def falls(tab: list[dict], band: str, margin: float = 0.0) -> bool:
    """Whether ``band``'s win share falls by more than ``margin`` from grade to grade."""
    if any(not c[band][1] for c in tab):
        return False
    shares = [c[band][0] / c[band][1] for c in tab]
    return all(a - b > margin for a, b in itertools.pairwise(shares))


def loglik(tab: list[dict]) -> float:
    total = 0.0
    for c in tab:
        for b in CHOSEN_ON:
            k, n = c[b]
            total += sum(x * math.log(x / n) for x in (k, n - k) if x)
    return total


def reach(rows: list[dict[str, Any]], w: float, steps: tuple[float, ...]) -> float:
    """The least share of a tier's deals that one grade holds."""
    least = 1.0
    for tier in set(TIERS.values()):
        sub = [r for r in rows if TIERS.get(r["tier"], "medium") == tier]
        if sub:
            least = min(least, *(c["deals"] / len(sub) for c in table(sub, w, steps)))
    return least


def choose(
    rows: list[dict[str, Any]], margin: float, least_reach: float
) -> tuple[float, tuple[float, ...], list[dict]]:
    """The chosen (weight, floors) and every weight's scores (see the module)."""
    if any(r["seed"] >= REPORTING_FROM for r in rows):
        raise SystemExit("a reporting seed among the choosing rows: never used for choosing")
    scan = []
    for w in WEIGHTS:
        steps = floors(rows, w)
        if steps is None:
            continue
        tab = table(rows, w, steps)
        scan.append(
            {
                "w": w,
                "steps": steps,
                "loglik": loglik(tab),
                "falls": all(falls(tab, b, margin) for b in CHOSEN_ON),
                "reach": reach(rows, w, steps),
                "shares": [round(c["blueprint"][0] / max(1, c["blueprint"][1]), 2) for c in tab],
            }
        )
    ok = [s for s in scan if s["falls"] and s["reach"] >= least_reach]
    if not ok:
        raise SystemExit("no weight keeps the order and the reach on the choosing deals")
    best = max(ok, key=lambda s: s["loglik"])
    return best["w"], best["steps"], scan


def properties(r: dict[str, Any]) -> dict[str, float]:
    """Measured properties of a deal a grade could be defined from."""
    rounds = r["rounds"]
    return {
        "N": r["narrowness"],
        "tier": 1.0 if r["tier"] in HARD_TIERS else 0.0,
        "fewest keeping plays (-log10 of the least keep / plays)": -math.log10(
            min(k / p for p, k, _ in rounds)
        ),
        "rounds with one keeping play": sum(1.0 for _, k, _ in rounds if k == 1),
        "rounds": float(len(rounds)),
        "log10 lines (1000 when not counted)": math.log10(r["lines"] or 1000),
        "unique": 1.0 if r["lines"] == 1 else 0.0,
    }


def logistic(rows: list[dict[str, Any]], names: list[str]) -> tuple[list[float], float]:
    """A logistic fit of the blueprint band's win on ``names``: weights, log-likelihood."""
    import numpy as np

    x = np.array([[1.0] + [properties(r)[n] for n in names] for r in rows])
    y = np.array([1.0 if r["blueprint"] else 0.0 for r in rows])
    b = np.zeros(x.shape[1])
    for _ in range(50):  # Newton's method, a small ridge for separable columns
        p = 1 / (1 + np.exp(-x @ b))
        h = x.T @ (x * (p * (1 - p))[:, None]) + 1e-4 * np.eye(len(b))
        b += np.linalg.solve(h, x.T @ (y - p))
    p = np.clip(1 / (1 + np.exp(-x @ b)), 1e-9, 1 - 1e-9)
    return [float(v) for v in b], float((y * np.log(p) + (1 - y) * np.log(1 - p)).sum())


def compare(rows: list[dict[str, Any]]) -> None:
    """How much each property adds to N and the tier in predicting the blueprint band's
    win on the choosing deals (log-likelihood; AIC counts each weight as 2)."""
    rows = [r for r in rows if "blueprint" in r]
    print("\n| properties | weights (intercept first) | log-likelihood | AIC |")
    print("|---|---|---|---|")
    base = ["N", "tier"]
    extra = [n for n in properties(rows[0]) if n not in base]
    for names in [[], ["N"], ["tier"], base, *([*base, e] for e in extra)]:
        b, ll = logistic(rows, names)
        label = " + ".join(names) or "none"
        ws = ", ".join(f"{v:.2f}" for v in b)
        print(f"| {label} | {ws} | {ll:.1f} | {2 * len(b) - 2 * ll:.1f} |")


def show(title: str, tab: list[dict]) -> None:
    print(f"\n{title}")
    print("| grade | deals | " + " | ".join(f"{b} band" for b in BANDS) + " |")
    print("|---|---|" + "---|" * len(BANDS))
    for c in tab:
        cells = [f"{k}/{n} = {100 * k / n:.0f}%" if n else "-" for k, n in (c[b] for b in BANDS)]
        print(f"| {c['grade']} | {c['deals']} | " + " | ".join(cells) + " |")


def _seeds(rows: list[dict[str, Any]]) -> list[int]:
    s = sorted({r["seed"] for r in rows})
    return [s[0], s[-1]] if s else []


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--choosing", nargs="+", required=True)
    ap.add_argument("--heldout", nargs="+", default=[])
    ap.add_argument("--margin", type=float, default=0.0)
    ap.add_argument("--reach", type=float, default=0.03)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    rows = load(args.choosing)
    w, steps, scan = choose(rows, args.margin, args.reach)
    print("| w | floors | log-likelihood | falls | least reach | blueprint shares |")
    print("|---|---|---|---|---|---|")
    for s in scan:
        print(
            f"| {s['w']} | {s['steps']} | {s['loglik']:.1f} | {s['falls']} | {s['reach']:.2f}"
            f" | {s['shares']} |"
        )
    print(f"\nchosen on {len(rows)} winnable deals: tier weight {w}, floors {steps}")
    chosen_tab = table(rows, w, steps)
    show("choosing deals", chosen_tab)
    compare(rows)
    held = load(args.heldout) if args.heldout else []
    if any(r["seed"] < REPORTING_FROM for r in held):
        raise SystemExit("a choosing seed among the held-out rows")
    held_tab = table(held, w, steps)
    ok = bool(held) and all(falls(held_tab, b) for b in BANDS)
    if held:
        show(f"held-out deals: {len(held)}, falls: {ok}", held_tab)
    if not args.write:
        return
    fit = {
        "about": "The Beat grade's definition, chosen by tools/beat/fit_grades.py on choosing "
        "deals and validated on held-out deals (see solver/beat/grade.py)",
        "steps": list(steps),
        "tier_weight": dict.fromkeys(HARD_TIERS, w),
        "chosen_on": {
            "seeds": _seeds(rows),
            "deals": len(rows),
            "venues": sorted({r["venue"] for r in rows}),
            "players": sorted({r["players"] for r in rows}),
            "margin": args.margin,
            "reach": args.reach,
            "table": chosen_tab,
        },
        "validated_on": {
            "seeds": _seeds(held),
            "deals": len(held),
            "players": sorted({r["players"] for r in held}),
            "table": held_tab,
            "falls": ok,
        },
    }
    STEPS_FILE.write_text(json.dumps(fit, indent=1) + "\n")
    keep = ["venue", "tier", "players", "seed", "narrowness", "lines", *BANDS, "heuristic"]
    deals = [[r.get(k) for k in keep] for r in sorted(held, key=lambda r: (r["seed"], r["venue"]))]
    HELDOUT_FILE.write_text(
        json.dumps({"fields": keep, "deals": deals}, separators=(",", ":")) + "\n"
    )
    print(f"\nwrote {STEPS_FILE.relative_to(ROOT)} and {HELDOUT_FILE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
