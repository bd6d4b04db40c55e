"""Live Beat hints: how many samples a hint reaches in its CPU budget.

A live hint (``solver.beat.live.live_hint``) keeps the blueprint's move unless another
candidate wins clearly more of the paired samples, so every sample it affords makes it
stronger.  This measures the samples, not the hint's play.

**Positions.**  For each venue, seat count and choosing seed (``GAME.new(players,
{"venue": v}, seed)``; seeds below 1000 only), the blueprint band plays the deal through
the engine for a seeded number of seat turns; the hint is asked for the seat to act
there (mid-round positions with signals are common).  Venues 1-10 take seeds
``--seed0 .. --seed0 + --deals10 - 1``, venues 11-26 ``--deals26`` seeds, at 2-4 seats.

**Modes.**

* ``--budget 2`` (default): every hint gets that many seconds of the process's CPU
  time (``clock=time.process_time``: the figures of a quiet machine whatever else
  runs); printed: samples reached, median and quartiles, overall and per tier;
* ``--samples N``: every hint runs exactly ``N`` samples; printed: CPU seconds per
  sample (total CPU over total samples, and the median per position) -- an A/B of two
  commits that does not depend on the machine's load.  ``--record FILE`` writes every
  answer, ``--check FILE`` compares the answers with such a file (the same pick and the
  same counts) and prints the positions that differ.

``--profile N`` prints the top ``N`` functions of a cProfile of the whole run (by
cumulative and internal time).  Figures are printed, never asserted.

    nice .venv/bin/python benchmarks/beat_hint_samples.py [--budget 2] [--players 2 3 4]
        [--deals10 2] [--deals26 1] [--seed0 0] [--venues garage ...]
    nice .venv/bin/python benchmarks/beat_hint_samples.py --samples 8 [--record a.json |
        --check a.json] [--profile 25]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from services.beat import GAME  # noqa: E402
from services.beat import venues as V  # noqa: E402
from solver.beat import live  # noqa: E402

#: seeds from here on are reporting seeds: never measured here
REPORTING_FROM = 1000


def acting_seat(state: dict[str, Any]) -> int | None:
    """The seat whose turn it is (the pending Encore's, else the first in the band's
    order with a legal action)."""
    if state["status"] != "running":
        return None
    if state["phase"] == "encore":
        return state["pending_encores"][0]["seat"]
    for seat in live.band_order(state["players"], state["lead"]):
        if GAME.legal_actions(state, seat):
            return seat
    return None


def blueprint_turn(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The blueprint's whole turn for ``seat`` (as the bands of ``beat_live_band.py``)."""
    view = GAME.view(state, seat)
    if view["phase"] == "encore":
        return [{"type": "encore", "take": live.encore_take(view, seat)}]
    me = view["seats"][seat]
    if len([p for p in me["played"] if not p["solo"]]) >= me["need"]:
        return [a for a in GAME.legal_actions(state, seat) if a["type"] == "ready"][:1]
    many = len(view["current"]) > 1
    if not me["hand"] and me["hidden_count"]:
        return [{"type": "play", "hidden": 0, **({"song": 0} if many else {})}, {"type": "ready"}]
    seen = live.seen_of(view, seat, True)
    return live._play_actions(live.B.choose(seen), many)


def position(venue: str, players: int, seed: int) -> tuple[dict[str, Any], int] | None:
    """A live position of the blueprint band on this deal after a seeded number of
    seat turns, and the seat to act (None when the deal ends first)."""
    rng = random.Random(f"hint-samples:{venue}:{players}:{seed}")
    turns = rng.randrange(players * 6)
    state = GAME.new(players, {"venue": venue}, seed)
    for _ in range(turns):
        seat = acting_seat(state)
        if seat is None:
            break
        for action in blueprint_turn(state, seat):
            if state["status"] != "running":
                break
            state, _ = GAME.apply(state, seat, action)
    seat = acting_seat(state)
    return None if seat is None else (state, seat)


def tier_of(venue: V.Venue) -> str:
    """The venues' own tiers, easy 1-5, medium 6-16, hard 17-26."""
    return "easy" if venue.tier in ("starter", "easy") else venue.tier


def cells(args: argparse.Namespace) -> list[tuple[str, int, int]]:
    """(venue, players, seed) of every position measured."""
    out = []
    for venue in V.load_venues():
        if args.venues and venue.id not in args.venues:
            continue
        deals = args.deals10 if venue.number <= 10 else args.deals26
        for players in args.players:
            for seed in range(args.seed0, args.seed0 + deals):
                out.append((venue.id, players, seed))
    return out


def answer_of(hint: dict[str, Any]) -> dict[str, Any]:
    """What must not change between two commits at a fixed number of samples."""
    return {
        "actions": hint["actions"],
        "samples": hint.get("samples"),
        "wins": [e["wins"] for e in hint.get("estimates", [])],
    }


def quartiles(values: list[float]) -> tuple[float, float, float]:
    if len(values) < 2:
        v = values[0] if values else 0.0
        return v, v, v
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], q[1], q[2]


def run(args: argparse.Namespace) -> None:
    rows = []
    for venue_id, players, seed in cells(args):
        pos = position(venue_id, players, seed)
        if pos is None:
            continue
        state, seat = pos
        t0 = time.process_time()
        if args.samples:
            hint = live.live_hint(
                state, seat, 1e9, max_samples=args.samples, clock=time.process_time
            )
        else:
            hint = live.live_hint(state, seat, args.budget, clock=time.process_time)
        cpu = time.process_time() - t0
        rows.append(
            {
                "key": f"{venue_id}:{players}:{seed}",
                "tier": tier_of(V.get_venue(venue_id)),
                "players": players,
                "samples": hint.get("samples", 0),
                "cpu": cpu,
                "answer": answer_of(hint),
            }
        )
    searched = [r for r in rows if r["samples"]]
    print(f"{len(rows)} positions, {len(searched)} searched (the others have one move)")
    if args.samples:
        total_cpu = sum(r["cpu"] for r in searched)
        total = sum(r["samples"] for r in searched)
        per = [r["cpu"] / r["samples"] for r in searched]
        print(
            f"{args.samples} samples a hint: {total_cpu:.1f} s CPU for {total} samples = "
            f"{1000 * total_cpu / max(1, total):.2f} ms a sample (median per position "
            f"{1000 * statistics.median(per) if per else 0:.2f} ms)"
        )
    else:
        print(f"samples reached in {args.budget} s of CPU, per group: median (q1-q3), min-max")
        groups: dict[str, list[int]] = {"all": [r["samples"] for r in searched]}
        for r in searched:
            groups.setdefault(f"{r['tier']}, {r['players']} seats", []).append(r["samples"])
            groups.setdefault(r["tier"], []).append(r["samples"])
        for name, values in groups.items():
            q1, q2, q3 = quartiles([float(v) for v in values])
            print(
                f"  {name:<18} n={len(values):<3} median {q2:.0f} ({q1:.0f}-{q3:.0f}), "
                f"{min(values)}-{max(values)}"
            )
    answers = {r["key"]: r["answer"] for r in rows}
    if args.record:
        Path(args.record).write_text(json.dumps(answers, indent=1, sort_keys=True) + "\n")
    if args.check:
        old = json.loads(Path(args.check).read_text())
        differ = [k for k in answers if k in old and old[k] != answers[k]]
        print(f"check: {len(answers) - len(differ)} of {len(answers)} answers equal")
        for k in differ:
            print(f"  differs: {k}: {old[k]} -> {answers[k]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--budget", type=float, default=2.0, help="CPU seconds per hint")
    ap.add_argument("--samples", type=int, default=0, help="a fixed number of samples")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--venues", nargs="+", default=None)
    ap.add_argument("--deals10", type=int, default=2, help="seeds per cell, venues 1-10")
    ap.add_argument("--deals26", type=int, default=1, help="seeds per cell, venues 11-26")
    ap.add_argument("--seed0", type=int, default=0)
    ap.add_argument("--record", help="write the answers (JSON)")
    ap.add_argument("--check", help="compare the answers with a recorded file")
    ap.add_argument("--profile", type=int, default=0, help="print the top N of a profile")
    args = ap.parse_args()
    last = args.seed0 + max(args.deals10, args.deals26) - 1
    if last >= REPORTING_FROM:
        ap.error(f"seeds from {REPORTING_FROM} on are reporting seeds: not measured here")
    if not args.profile:
        run(args)
        return
    prof = cProfile.Profile()
    prof.runcall(run, args)
    stats = pstats.Stats(prof)
    stats.sort_stats("cumulative").print_stats(args.profile)
    stats.sort_stats("tottime").print_stats(args.profile)


if __name__ == "__main__":
    main()
