"""Live Beat hints judged one decision at a time: which rule for leaving the blueprint
gains deals, by seat count.

A live hint keeps the blueprint's move (its candidate 0) unless another candidate wins
on more of the paired sampled deals than it loses, by more than ``DEVIATE_Z`` standard
deviations of a sign test and by at least ``MIN_GAIN`` deals
(``solver.beat.live._pick``).  This measures that rule against the real deal.

**Decisions.**  For each venue, seat count and seed (``GAME.new(players, {"venue": v},
seed)``), the blueprint band plays the deal through the engine; at every decision with
two or more candidates (``live.candidates``) each candidate is played in the *real*
deal, every seat then following the blueprint (one rollout each: the blueprint is
deterministic).  Where the candidates' real outcomes all agree, no rule can gain or
lose there and no hint is run.  Elsewhere the hint's paired rollouts are run
(``live.paired_rollouts``, ``--budget`` seconds of the process's CPU time or
``--samples``), and the record keeps both.

**Report** (``--report``): per seat count, for each ``z`` and minimum gain on a grid,
the decisions where the rule leaves the blueprint, the real deals it gains (its pick
wins, the blueprint's move loses), those it loses, and the net.  Each decision is judged
with every later decision the blueprint's, so this is the value of one deviation, not of
a band of hints.  Seeds below 1000 only (choosing seeds); figures are printed, never
asserted.

    nice .venv/bin/python benchmarks/beat_hint_decisions.py --players 4 --seeds 0 30
        [--venues garage ...] [--budget 2 | --samples 40] [--jobs 2] --out d.jsonl
    .venv/bin/python benchmarks/beat_hint_decisions.py --report d.jsonl [more.jsonl]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import beat_live_band as band  # noqa: E402

from services.beat import GAME  # noqa: E402
from services.beat import venues as V  # noqa: E402
from solver.beat import live  # noqa: E402

ZS = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0)
GAINS = (1, 2, 3, 4)


def _acting_seat(state: dict[str, Any]) -> int | None:
    return band._acting_seat(state) if state["status"] == "running" else None


def band_walk(venue: str, players: int, seed: int) -> Iterator[tuple[int, dict[str, Any], int]]:
    """The blueprint band's decisions on this deal: (turn, state, seat) before each."""
    state = GAME.new(players, {"venue": venue}, seed)
    rng = random.Random(f"{venue}:{players}:{seed}")
    turn = 0
    while (seat := _acting_seat(state)) is not None:
        yield turn, state, seat
        acts = band._blueprint(state, seat, rng) or GAME.legal_actions(state, seat)[:1]
        state = band.apply_turn(state, seat, acts)
        turn += 1


def deal_decisions(
    venue: str, players: int, seed: int, budget: float, samples: int
) -> list[dict[str, Any]]:
    """Every informative decision of the blueprint band on this deal."""
    out = []
    for turn, state, seat in band_walk(venue, players, seed):
        view = GAME.view(state, seat)
        if view["phase"] not in ("play", "encore"):
            continue
        cands = live.candidates(state, view, seat)
        if len(cands) < 2:
            continue
        real = [live.rollout_won(c, state, seat) for c in cands]
        if len(set(real)) < 2:
            continue
        got = live.paired_rollouts(
            view,
            seat,
            cands,
            budget if budget else 1e9,
            max_samples=samples or 10_000,
            clock=time.process_time,
        )
        out.append(
            {
                "venue": venue,
                "players": players,
                "seed": seed,
                "turn": turn,
                "real": real,
                "wins": got.wins,
                "beats": got.beats,
                "loses": got.loses,
                "samples": got.samples,
            }
        )
    return out


def report(records: list[dict[str, Any]]) -> None:
    by_players: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        by_players[r["players"]].append(r)
    for players in sorted(by_players):
        rows = by_players[players]
        deals = {(r["venue"], r["seed"]) for r in rows}
        med = sorted(r["samples"] for r in rows)[len(rows) // 2] if rows else 0
        print(
            f"\n{players} seats: {len(rows)} informative decisions on {len(deals)} deals "
            f"(median {med} samples); the current rule is z={live.DEVIATE_Z}, "
            f"min gain {live.MIN_GAIN}"
        )
        print("| z | min gain | left the blueprint | gained | lost | net |")
        print("|---|---|---|---|---|---|")
        for z in ZS:
            for g in GAINS:
                left = gained = lost = 0
                for r in rows:
                    i = live._pick(r["beats"], r["loses"], z, g)
                    if i:
                        left += 1
                        gained += r["real"][i] and not r["real"][0]
                        lost += r["real"][0] and not r["real"][i]
                print(f"| {z} | {g} | {left} | {gained} | {lost} | {gained - lost:+d} |")
        best_any = sum(any(r["real"][1:]) and not r["real"][0] for r in rows)
        print(f"(decisions where some candidate wins and the blueprint's move loses: {best_any})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--seeds", type=int, nargs=2, default=[0, 10], metavar=("FROM", "TO"))
    ap.add_argument("--venues", nargs="*", default=None)
    ap.add_argument("--budget", type=float, default=2.0, help="CPU seconds per hint")
    ap.add_argument("--samples", type=int, default=0, help="a fixed number of samples")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default=None)
    ap.add_argument("--report", nargs="*", default=None)
    args = ap.parse_args()
    if args.report:
        recs = [json.loads(line) for f in args.report for line in Path(f).read_text().splitlines()]
        report(recs)
        return
    if args.seeds[1] > band.REPORTING_FROM:
        ap.error(f"seeds from {band.REPORTING_FROM} on are reporting seeds: not used here")
    budget = 0.0 if args.samples else args.budget
    work = [
        (v.id, p, s)
        for v in V.load_venues()
        if not args.venues or v.id in args.venues
        for p in args.players
        for s in range(*args.seeds)
    ]
    recs: list[dict[str, Any]] = []
    t0 = time.time()
    with ProcessPoolExecutor(args.jobs) as ex:
        futs = [ex.submit(deal_decisions, *w, budget, args.samples) for w in work]
        for f in as_completed(futs):
            got = f.result()
            recs.extend(got)
            if args.out:
                with open(args.out, "a") as fh:
                    for r in got:
                        fh.write(json.dumps(r) + "\n")
    print(f"{len(work)} deals, {len(recs)} informative decisions, {time.time() - t0:.0f} s wall")
    report(recs)


if __name__ == "__main__":
    main()
