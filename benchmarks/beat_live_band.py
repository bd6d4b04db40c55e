"""Live Beat bands: how often a band that follows its hints wins, against baselines.

For each venue and seat count, over seeded live deals (seed ``s`` is the deal
``GAME.new(players, {"venue": v}, s)`` lays out -- the same deal as the puzzle with
that seed), these bands play every deal to its end through the engine:

* **hint** -- every seat posts the live hint it gets for its own seat
  (``solver.beat.live.live_hint``: blueprint rollouts over deals sampled from the
  seat's view), a fixed number of samples per decision (``--samples``: figures that do
  not depend on the machine's load) or a time budget per decision (``--budget``),
  measured on the wall clock, or with ``--cpu-clock`` in the process's CPU time (the
  figures of a quiet machine whatever the load);
* **bots** -- a band of bots and no human: every seat asks the hint the bot worker asks
  (``solver.registry.HINTS``, the live hint) with the bots' budget (``--bot-budget``);
* **open** -- a reference, not a band anyone can be: the hint band's hint (same
  candidates, budget and rule), but each sample is the real deal with only what no seat
  knows yet reshuffled (``open_deal``: every hand as it is, the draw piles and the
  decks in a random order); how much the hint band loses to not seeing its bandmates'
  hands;
* **blueprint** -- every seat plays the blueprint's move for its own view (no search);
* **heuristic** -- each seat, from its own hand and public facts only, aims the song
  at whichever of ON POINT and LOUD still needs more songs (ON POINT on a tie), else
  at a FAIL, and plays the card that brings the expected sum (its
  card plus the mean of each bandmate's unstaged cards) closest to that aim (a FAIL:
  its lowest card); no Face Up, Cue or Solo (the Solo on the last song at Twin Moon);
  Encores taken while the targets need more songs than are left;
* **random** -- every seat plays a uniformly random card of its hand (Encores and
  the Scrapyard pass at random);

and the perfect-information solver (``solve.decide``, 10 s: generous, so that a loaded
machine does not turn verdicts ``unknown``) says whether the deal can be won at all.
Seats act in turn from the lead seat, each posting its whole turn.

**Seeds.**  Seeds below ``REPORTING_FROM`` (1000) are the *choosing* seeds: the
policy's parameters are tuned on them (``--split choosing``).  Seeds from 1000 on are
the *reporting* seeds (``--split reporting``, the default) and are never used to
choose anything; the report prints the two splits apart.
Printed: per cell the win shares, the hint band's share of the winnable deals and
how many of its decisions left the blueprint's move (a hint whose pick is not its first
candidate);
then per tier the ratio band / winnable.  Figures are printed, never asserted.

    .venv/bin/python benchmarks/beat_live_band.py [--split reporting|choosing] [--quick]
        [--deals2 20] [--deals34 6] [--deals 3] [--samples 16 12 8 | --budget 2]
        [--cpu-clock] [--bands hint bots ...] [--bot-budget 0.5] [--jobs 2]
        [--out results.jsonl [--resume]]
    .venv/bin/python benchmarks/beat_live_band.py --report results.jsonl
    .venv/bin/python benchmarks/beat_live_band.py --replay 20   # the blueprint band alone
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from services.beat import GAME  # noqa: E402
from services.beat import cards as C  # noqa: E402
from services.beat import venues as V  # noqa: E402
from solver.beat import live  # noqa: E402
from solver.beat.blueprint import mate_values, result_value  # noqa: E402
from solver.registry import HINTS, resolve  # noqa: E402

BANDS = ("hint", "bots", "open", "blueprint", "heuristic", "random")
#: the bands that play the live hint (their decisions and deviations are reported)
SEARCHING = ("hint", "bots", "open")
#: seeds from here on are reporting seeds: never used to choose a parameter
REPORTING_FROM = 1000
WINNABLE_BUDGET_S = 10.0  # generous: a loaded machine must not turn verdicts `unknown`


def _acting_seat(state: dict[str, Any]) -> int | None:
    if state["phase"] == "encore":
        return state["pending_encores"][0]["seat"]
    n = state["players"]
    for s in live.band_order(n, state["lead"]):
        if GAME.legal_actions(state, s):
            return s
    return None


def _heuristic(state: dict[str, Any], seat: int, rng: random.Random) -> list[dict]:
    view = GAME.view(state, seat)
    v = V.get_venue(view["venue"]["id"])
    legal = GAME.legal_actions(state, seat)
    if view["phase"] == "encore":
        return [{"type": "encore", "take": live.encore_take(view, seat)}]
    plays = [a for a in legal if a["type"] == "play" and not a.get("face_up")]
    if not plays:
        return [next(a for a in legal if a["type"] in ("ready", "solo_pass", "tour"))]
    counts = view["counts"]
    need = {}
    for res in (V.ON_POINT, V.LOUD):
        lo = result_value.goal(v.targets.get(res))[0]
        need[res] = lo - counts[res]
    mean_mates = 0.0
    for j, s in enumerate(view["seats"]):
        if j != seat and s["hand_count"]:
            pool = mate_values.card_pool(tuple(C.value(c) for c in s["stage"]), False)
            tot = sum(n for _, n in pool)
            mean_mates += sum(x * n for x, n in pool) / tot if tot else 0
    acts: list[dict] = []
    for song, cur in enumerate(view["current"]):
        d = cur["difficulty"] if cur["difficulty"] is not None else 6
        mine = [a for a in plays if a.get("song", 0) == song and "card" in a]
        if not mine:
            continue
        if need[V.ON_POINT] > 0 and need[V.ON_POINT] >= need[V.LOUD]:
            aim = d
        elif need[V.LOUD] > 0:
            aim = d + 1
        elif need[V.ON_POINT] > 0:
            aim = d
        else:
            aim = -100
        pick = min(mine, key=lambda a: (abs(C.value(a["card"]) + mean_mates - aim), a["card"]))
        acts.append(pick)
        plays = [a for a in plays if a.get("card") != pick["card"]]
        break  # one card per song; a second song (Rock in the Belt) gets the next turn
    last_song = view["song_deck"]["count"] == 0
    solo_now = v.rule_id == "must_play_solo" and not view["solo_used"] and last_song
    if solo_now and seat == view["solo_seat"]:
        extra = [a for a in plays if a.get("card")]
        if extra:
            acts.append({"type": "solo", "card": extra[0]["card"], "song": 0})
    return acts


def _random(state: dict[str, Any], seat: int, rng: random.Random) -> list[dict]:
    legal = GAME.legal_actions(state, seat)
    if state["phase"] == "encore":
        return [rng.choice(legal)]
    plays = [a for a in legal if a["type"] in ("play", "solo_pass") and not a.get("face_up")]
    plays = [a for a in plays if a["type"] == "play" or rng.random() < 0.2]
    if plays:
        return [rng.choice(plays)]
    return [next(a for a in legal if a["type"] in ("ready", "tour"))]


def _blueprint(state: dict[str, Any], seat: int, rng: random.Random) -> list[dict]:
    view = GAME.view(state, seat)
    if view["phase"] == "encore":
        return [{"type": "encore", "take": live.encore_take(view, seat)}]
    me = view["seats"][seat]
    if len([p for p in me["played"] if not p["solo"]]) >= me["need"]:
        return [a for a in GAME.legal_actions(state, seat) if a["type"] in ("ready", "tour")][:1]
    return live.blueprint_turn(view, seat)


def open_deal(state: dict[str, Any], view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The real deal with what no seat knows yet drawn at random: every hand, stage and
    played card as it is; each seat's draw pile and the Song, Encore and Event decks
    reshuffled (a deck the view shows in order is kept), and the engine's own random
    stream reseeded."""
    st = copy.deepcopy(state)
    for s in st["seats"]:
        rng.shuffle(s["draw"])
    for deck in ("song_deck", "encore_deck", "event_deck"):
        if view[deck].get("order") is None:
            rng.shuffle(st[deck])
    st["rng"] = {"seed": rng.randrange(2**31), "n": 0}
    return st


def apply_turn(state: dict[str, Any], seat: int, acts: list[dict[str, Any]]) -> dict[str, Any]:
    """Post a seat's turn, then ``ready`` for it when it can play no more (a turn that
    leaves it neither ready nor able to play would stall the band)."""
    for a in acts:
        if state["status"] != "running":
            break
        state, _ = GAME.apply(state, seat, a)
    if state["status"] == "running" and state["phase"] == "play":
        legal = GAME.legal_actions(state, seat)
        stuck = legal and not any(a["type"] == "play" for a in legal)
        if not state["seats"][seat]["ready"] and stuck:
            state, _ = GAME.apply(state, seat, {"type": "ready"})
    return state


def play_deal(
    venue: str,
    players: int,
    seed: int,
    band: str,
    samples: int,
    budget_s: float | None = None,
    bot_budget_s: float = 0.5,
    cpu_clock: bool = False,
) -> dict[str, Any]:
    """Play one deal to its end with ``band``; the hint band uses ``samples`` per
    decision, or ``budget_s`` seconds when given (CPU seconds with ``cpu_clock``)."""
    state = GAME.new(players, {"venue": venue}, seed)
    rng = random.Random(f"{venue}:{players}:{seed}")
    decisions, deviations, crashes, t0 = 0, 0, 0, time.process_time()
    clock = time.process_time if cpu_clock else time.monotonic
    for _ in range(2000):
        if state["status"] != "running":
            break
        seat = _acting_seat(state)
        if seat is None:
            break
        if band in SEARCHING:
            # the open reference: the same hint, each sample the real deal (open_deal)
            draw = (lambda v, r, st=state: open_deal(st, v, r)) if band == "open" else None
            try:
                if band == "bots":
                    h = resolve(HINTS["beat"])(state, seat, bot_budget_s)
                elif budget_s is not None:
                    h = live.live_hint(state, seat, budget_s, clock=clock, draw=draw)
                else:
                    h = live.live_hint(state, seat, 1e9, max_samples=samples, draw=draw)
                acts = [sa["action"] for sa in h["actions"]]
                deviations += _deviates(h)
            except Exception:  # noqa: BLE001 - counted: a hint must never raise
                crashes += 1
                acts = _random(state, seat, rng)
            decisions += 1
        elif band == "blueprint":
            acts = _blueprint(state, seat, rng)
        elif band == "heuristic":
            acts = _heuristic(state, seat, rng)
        else:
            acts = _random(state, seat, rng)
        state = apply_turn(state, seat, acts or GAME.legal_actions(state, seat)[:1])
    out = GAME.outcome(state) or {"won": False}
    return {
        "won": bool(out["won"]),
        "decisions": decisions,
        "deviations": deviations,
        "crashes": crashes,
        "cpu": time.process_time() - t0,
    }


def _deviates(h: dict[str, Any]) -> bool:
    """Whether a live hint left the blueprint's move (its first candidate)."""
    est = h.get("estimates") or []
    if len(est) < 2:
        return False
    first = [est[0]["action"], *est[0]["then"]]
    return [sa["action"] for sa in h["actions"]] != first


def winnable(venue: str, players: int, seed: int) -> str:
    from solver.beat import solve as S

    state = GAME.new(players, {"venue": venue, "mode": "puzzle"}, seed)
    live_state = GAME.new(players, {"venue": venue}, seed)
    assert [s["hand"] for s in state["seats"]] == [s["hand"] for s in live_state["seats"]]
    return S.decide(state, WINNABLE_BUDGET_S)["verdict"]


def _job(args: tuple) -> dict[str, Any]:
    venue, players, seed, samples, bands, budget_s, bot_budget_s, cpu_clock = args
    res = {
        b: play_deal(venue, players, seed, b, samples, budget_s, bot_budget_s, cpu_clock)
        for b in BANDS
        if b in bands
    }
    return {
        "venue": venue,
        "players": players,
        "seed": seed,
        "samples": samples,
        "hint_budget_s": budget_s,
        "hint_clock": "cpu" if cpu_clock else "wall",
        "bot_budget_s": bot_budget_s if "bots" in bands else None,
        "verdict": winnable(venue, players, seed),
        "bands": res,
    }


def _work(args: argparse.Namespace) -> list[tuple]:
    """The deals to play, easy venues first (a run cut short still covers them)."""
    venues = [v for v in V.load_venues() if not args.venues or v.id in args.venues]
    if args.quick:
        venues = [v for v in venues if v.number <= 5]
    samples = dict(zip((2, 3, 4), args.samples + args.samples[-1:] * 2, strict=False))
    work = []
    for v in venues:
        for n in args.players:
            if args.quick:
                k = 6 if n == 2 else 4
            elif v.number <= 10:
                k = args.deals2 if n == 2 else args.deals34
            else:
                k = args.deals
            prio = 0 if v.number <= 5 else (1 if v.number <= 10 and n == 2 else 2)
            prio = prio if v.number <= 10 else 3
            first = args.seed0 + (REPORTING_FROM if args.split == "reporting" else 0)
            for seed in range(first, first + k):
                if args.split == "choosing" and seed >= REPORTING_FROM:
                    raise SystemExit(f"seed {seed} is a reporting seed: never used for choosing")
                job = (
                    v.id,
                    n,
                    seed,
                    samples[n],
                    tuple(args.bands),
                    args.budget,
                    args.bot_budget,
                    args.cpu_clock,
                )
                work.append((prio, seed, v.number, n, job))
    work.sort(key=lambda w: w[:4])
    return [w[-1] for w in work]


def _pending(work: list[tuple], out: str) -> list[tuple]:
    """The deals of ``work`` that the JSON lines file ``out`` does not hold yet."""
    if not Path(out).exists():
        return work
    with open(out) as f:
        done = {(r["venue"], r["players"], r["seed"]) for r in map(json.loads, f)}
    return [w for w in work if w[:3] not in done]


def split_of(seed: int) -> str:
    """ "choosing" for the seeds parameters may be tuned on, "reporting" for the others."""
    return "reporting" if seed >= REPORTING_FROM else "choosing"


def _hint_setting(r: dict[str, Any]) -> str:
    if r.get("hint_budget_s") is not None:
        cpu = " CPU" if r.get("hint_clock") == "cpu" else ""
        return f"{r['hint_budget_s']:g} s{cpu} per hint"
    return f"{r['samples']} samples per hint"


def report(records: list[dict[str, Any]]) -> None:
    """Print the tables of ``records``, one set per seed split."""
    by_split: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        by_split[split_of(r["seed"])].append(r)
    for split in ("reporting", "choosing"):
        if by_split.get(split):
            print(f"\n## {split} seeds\n")
            _report_split(by_split[split])


def _report_split(records: list[dict[str, Any]]) -> None:
    cells: dict[tuple, list] = defaultdict(list)
    seen = set()
    for r in records:  # runs may overlap: each deal counts once
        key = (r["venue"], r["players"], r["seed"])
        if key not in seen:
            seen.add(key)
            cells[(r["venue"], r["players"])].append(r)
    played = [b for b in BANDS if any(b in r["bands"] for r in records)]
    # the searching band the cell's figures describe (the first of these played)
    searched = [b for b in SEARCHING if b in played][:1]
    main = (searched or played)[0]
    print(
        "| # | venue | tier | seats | deals | winnable | "
        + " | ".join(played)
        + f" | {main} / winnable | hint setting | {main} decisions | off the blueprint"
        " | CPU s per decision | crashes | unknown |"
    )
    print("|---|---|---|---|---|---|" + "---|" * len(played) + "---|---|---|---|---|---|---|")
    tiers: dict[tuple, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for v in V.load_venues():
        for n in (2, 3, 4):
            rows = cells.get((v.id, n))
            if not rows:
                continue
            k = len(rows)
            win = sum(r["verdict"] == "feasible" for r in rows)
            unknown = sum(r["verdict"] == "unknown" for r in rows)
            wins = {b: sum(r["bands"].get(b, {}).get("won", False) for r in rows) for b in played}
            on_win = {
                b: sum(
                    r["bands"].get(b, {}).get("won", False)
                    for r in rows
                    if r["verdict"] == "feasible"
                )
                for b in played
            }
            dec = sum(r["bands"].get(b, {}).get("decisions", 0) for r in rows for b in searched)
            dev = sum(r["bands"].get(b, {}).get("deviations", 0) for r in rows for b in searched)
            cpu = sum(r["bands"].get(b, {}).get("cpu", 0.0) for r in rows for b in searched)
            crashes = sum(r["bands"].get(b, {}).get("crashes", 0) for r in rows for b in searched)
            tier = "easy (1-5)" if v.tier in ("starter", "easy") else v.tier
            t = tiers[(tier, n)]
            t["deals"] += k
            t["winnable"] += win
            for b in played:
                t[b] += on_win[b]

            def pct(x: int, k: int = k) -> str:
                return f"{100 * x / k:.0f}%"

            ratio = f"{100 * on_win[main] / win:.0f}%" if win else "-"
            print(
                f"| {v.number} | {v.id} | {v.tier} | {n} | {k} | {pct(win)} | "
                + " | ".join(pct(wins[b]) for b in played)
                + f" | {ratio} | {_hint_setting(rows[0])} | {dec} | {dev}"
                f" | {cpu / dec if dec else 0:.3f} | {crashes} | {unknown} |"
            )
    print("\nper tier: deals won among the winnable ones")
    bands = [b for b in (*SEARCHING, "heuristic", "blueprint") if b in played]
    print("| tier | seats | deals | winnable | " + " | ".join(f"{b} band" for b in bands) + " |")
    print("|---|---|---|---|" + "---|" * len(bands))
    order = {"easy (1-5)": 0, "medium": 1, "hard": 2}
    for (tier, n), t in sorted(tiers.items(), key=lambda x: (order[x[0][0]], x[0][1])):
        win = t["winnable"]

        def r(x: int, win: int = win) -> str:
            return f"{x}/{win} = {100 * x / win:.0f}%" if win else "-"

        print(
            f"| {tier} | {n} | {t['deals']} | {win} | " + " | ".join(r(t[b]) for b in bands) + " |"
        )


def replay_table(args: argparse.Namespace) -> None:
    """The blueprint band on the fast replay (``live.rollout``: every seat deciding from
    its own information in the dealt world), ``--replay`` deals per venue and seat count:
    wins among all deals, per tier.  No perfect-information check (that is the costly
    part of a deal), so hundreds of deals take a minute of CPU."""
    venues = [v for v in V.load_venues() if not args.venues or v.id in args.venues]
    first = args.seed0 + (REPORTING_FROM if args.split == "reporting" else 0)
    seeds = range(first, first + args.replay)
    wins: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0])
    by_venue: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0])
    t0 = time.process_time()
    for v in venues:
        tier = "easy (1-5)" if v.tier in ("starter", "easy") else v.tier  # the venue's own tier
        for n in args.players:
            for seed in seeds:
                state = GAME.new(n, {"venue": v.id, "mode": "puzzle"}, seed)
                won = live.replay_band(state)
                for cell in (wins[(tier, n)], by_venue[(v.id, n)]):
                    cell[0] += won
                    cell[1] += 1
    print(
        f"{args.split} seeds {seeds.start}-{seeds.stop - 1}, {time.process_time() - t0:.0f} s CPU"
    )
    print("| tier | seats | deals | blueprint band wins |")
    print("|---|---|---|---|")
    for (tier, n), (won, k) in wins.items():
        print(f"| {tier} | {n} | {k} | {won}/{k} = {100 * won / k:.0f}% |")
    if args.by_venue:
        print("\n| venue | " + " | ".join(f"{n} seats" for n in args.players) + " |")
        print("|---|" + "---|" * len(args.players))
        for v in venues:
            cells = [by_venue[(v.id, n)] for n in args.players]
            print(f"| {v.id} | " + " | ".join(f"{won}/{k}" for won, k in cells) + " |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="venues 1-5, 6 / 4 deals, a few minutes")
    ap.add_argument("--deals2", type=int, default=20, help="deals at 2 seats, venues 1-10")
    ap.add_argument("--deals34", type=int, default=6, help="deals at 3-4 seats, venues 1-10")
    ap.add_argument("--deals", type=int, default=3, help="deals per cell, venues 11-26")
    ap.add_argument(
        "--samples",
        type=int,
        nargs="+",
        default=[16, 12, 8],
        help="hint samples per decision at 2 [3 [4]] seats",
    )
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument(
        "--split",
        choices=("reporting", "choosing"),
        default="reporting",
        help=f"reporting seeds (>= {REPORTING_FROM}, never used to choose) or choosing seeds",
    )
    ap.add_argument("--seed0", type=int, default=0, help="first seed of every cell, in the split")
    ap.add_argument(
        "--budget", type=float, default=None, help="hint seconds per decision instead of samples"
    )
    ap.add_argument(
        "--cpu-clock",
        action="store_true",
        help="measure --budget in the process's CPU time (a quiet machine's figures)",
    )
    ap.add_argument(
        "--bot-budget", type=float, default=0.5, help="the bots' hint seconds per decision"
    )
    ap.add_argument("--venues", nargs="*", default=None)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    ap.add_argument("--bands", nargs="*", default=list(BANDS), help="bands to play")
    ap.add_argument("--out", default=None, help="append each deal's result (JSON lines)")
    ap.add_argument(
        "--resume", action="store_true", help="skip the deals --out already holds (a run cut short)"
    )
    ap.add_argument(
        "--replay",
        type=int,
        default=0,
        help="only the blueprint band on the fast replay, this many deals per cell",
    )
    ap.add_argument(
        "--by-venue", action="store_true", help="with --replay: also the wins of every venue"
    )
    ap.add_argument(
        "--report", nargs="*", default=None, help="print the table of --out file(s) and stop"
    )
    args = ap.parse_args()
    if args.replay:
        replay_table(args)
        return
    if args.report:
        records = []
        for name in args.report:
            with open(name) as f:
                records += [json.loads(line) for line in f if line.strip()]
        print(f"{len({(r['venue'], r['players'], r['seed']) for r in records})} deals\n")
        report(records)
        return
    work = _work(args)
    if args.resume and args.out:
        work = _pending(work, args.out)
    t0 = time.time()
    records = []
    out = open(args.out, "a") if args.out else None  # noqa: SIM115 - kept open for the run
    with ProcessPoolExecutor(args.jobs) as ex:
        for fut in as_completed([ex.submit(_job, w) for w in work]):
            rec = fut.result()
            records.append(rec)
            if out:
                out.write(json.dumps(rec) + "\n")
                out.flush()
    if out:
        out.close()
    wall = time.time() - t0
    print(f"{len(work)} deals, {wall:.0f} s wall, {args.jobs} processes\n")
    report(records)


if __name__ == "__main__":
    main()
