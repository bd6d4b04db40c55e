"""Overdrive allocation recommender: time per recommendation over random positions, with the
brute-force enumeration as the baseline in the same run.  Prints figures; asserts nothing.

    .venv/bin/python benchmarks/overdrive_recommender.py [--positions 200] [--seed 1]

A position is the start of a seat's allocation turn (all its dice rolled, none placed) in a
game walked by random legal play (2-4 seats, solo, coop).
"Recommend" is the whole hint: reading the position, the CP-SAT solve and the plan's
actions and breakdown, the openings to a new ability level included.  The brute force finds
the best value only, of the model's vocabulary (no openings), which the model must equal.

    .venv/bin/python benchmarks/overdrive_recommender.py --solo brutal [--seeds 3]
        [--first 0] [--band BAND] [--beam 3] [--budget 120]

searches solo games (one seat against Metallum) for a win: a beam over the seat's turns,
each turn branching on the hint under several value weights, with and without a paid
reroll of all dice first (which also moves the seeded dice Metallum rolls later); states
ranked by the seat's score less Metallum's as if the game ended there.  Prints the best
final margin per seed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from services.overdrive import GAME  # noqa: E402
from services.overdrive.content import content  # noqa: E402
from solver.overdrive import (  # noqa: E402
    UNLOCKED_LINE,
    brute,
    cpsat,
    hint,
    position,
    recommend,
    values,
)

CONFIGS = [(2, {}), (3, {}), (4, {}), (1, {"difficulty": "hardcore"}), (3, {"mode": "coop"})]


def positions(count: int, seed: int) -> list[tuple[dict, int]]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        players, options = rng.choice(CONFIGS)
        state = GAME.new(players, options, rng.randrange(10**9))
        for _ in range(rng.randrange(0, 250)):
            if GAME.outcome(state) is not None:
                break
            (seat,) = GAME.seats_to_act(state)
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        # move on to the start of a seat's turn: all its dice rolled, none placed
        while GAME.outcome(state) is None:
            (seat,) = GAME.seats_to_act(state)
            if state["phase"] == "allocation":
                before = state["round"], seat
                state, _ = GAME.apply(state, seat, {"type": "end_turn"})
                if state["phase"] == "allocation" and (state["round"], seat) != before:
                    break
            else:
                legal = GAME.legal_actions(state, seat)
                pick = next(a for a in legal if a["type"] in ("end_protect", "pass", "choose_loss"))
                state, _ = GAME.apply(state, seat, pick)
        if GAME.outcome(state) is None:
            out.append((state, GAME.seats_to_act(state)[0]))
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--solo", choices=list(content()["metallum"]["difficulties"]))
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--first", type=int, default=0, help="first seed of the solo search")
    parser.add_argument("--band", help="the band the solo search tries first")
    parser.add_argument("--beam", type=int, default=3)
    parser.add_argument("--budget", type=float, default=120.0, help="CPU seconds per seed")
    args = parser.parse_args()
    if args.solo:
        for seed in range(args.first, args.first + args.seeds):
            search(args.solo, seed, args.beam, args.budget, args.band)
        return
    cases = positions(args.positions, args.seed)
    recommend(*cases[0], 2.0)  # warm-up: imports, content
    rec_ms, solve_ms, brute_ms, agree = [], [], [], 0
    gained: list[float] = []
    used: Counter = Counter()
    for state, seat in cases:
        t0 = time.perf_counter()
        out = recommend(state, seat, 2.0)
        rec_ms.append((time.perf_counter() - t0) * 1000)
        acts = [step["action"] for step in out["actions"]]
        used.update({_feature(a) for a in acts} - {None})
        bought = {a["card"] for a in acts if a["type"] == "buy_hit"}
        if any(a["type"] == "place" and a["space"][4:] in bought for a in acts):
            used["Hit bought then played"] += 1
        extra = sum(ln["value"] for ln in out["breakdown"] if ln["source"] == UNLOCKED_LINE)
        used["unlocked mid-turn / held picks"] += bool(extra)
        if out["opening"]:
            used["opening to a new level"] += 1
            model = recommend(state, seat, 2.0, openings=False)
            gained.append(out["value"] - model["value"])
            out = model
            extra = sum(ln["value"] for ln in out["breakdown"] if ln["source"] == UNLOCKED_LINE)
        pos = position.from_state(state, seat)
        t1 = time.perf_counter()
        cpsat.solve(pos, 2.0)
        solve_ms.append((time.perf_counter() - t1) * 1000)
        t2 = time.perf_counter()
        best = brute.best_value_live(state, seat)  # Cover Bots: every copy choice
        brute_ms.append((time.perf_counter() - t2) * 1000)
        # the model's own value (what the engine adds for later unlocks is not searched)
        agree += round(out["value"] * 100) - round(extra * 100) == best
    dice = [len(position.from_state(s, seat)["dice"]) for s, seat in cases]
    print(f"{len(cases)} positions, {statistics.mean(dice):.1f} dice on average (max {max(dice)})")
    for name, xs in (("recommend (CP-SAT, whole hint)", rec_ms), ("CP-SAT solve only", solve_ms),
                     ("brute-force baseline", brute_ms)):  # fmt: skip
        print(f"{name:32s} median {statistics.median(xs):8.2f} ms   p95 {pct(xs, 0.95):8.2f} ms"
              f"   max {max(xs):8.2f} ms")  # fmt: skip
    print(f"recommended value equals brute force on {agree}/{len(cases)} positions")
    print("plans using: " + ", ".join(f"{k} {v}" for k, v in sorted(used.items())))
    if gained:
        print(f"openings gained {sum(gained):.2f} in all (max {max(gained):.2f}) over the model")


# value weights the solo search branches on: the documented ones, then Fame and Fans (the
# award and the score), Hits (each one Metallum cannot buy), Overdrive
WEIGHT_SETS = [
    {},
    {"fame": 150, "fans": 150},
    {"hit": 400},
    {"overdrive": 150},
]


def _hint_with(state: dict, seat: int, weights: dict) -> list[dict]:
    """The hint's actions under other value weights (the module's figures, swapped in)."""
    saved = dict(values.WEIGHTS), values.HIT_BOUGHT
    try:
        values.WEIGHTS.update({k: v for k, v in weights.items() if k in values.WEIGHTS})
        values.HIT_BOUGHT = weights.get("hit", values.HIT_BOUGHT)
        return [step["action"] for step in hint(state, seat, 2.0)["actions"]]
    finally:
        values.WEIGHTS.clear()
        values.WEIGHTS.update(saved[0])
        values.HIT_BOUGHT = saved[1]


def _margin(state: dict) -> int:
    from services.overdrive import scoring

    return scoring.breakdown(state, 0)["total"] - scoring.breakdown(state, "metallum")["total"]


def _run(state: dict, actions: list[dict]) -> dict:
    for action in actions:
        state, _ = GAME.apply(state, 0, action)
    return state


def _children(state: dict) -> list[dict]:
    """The states after the seat's next decision: its turn by each weight set, with and
    without a reroll of every die first; a battle step by the battle hint."""
    if state["phase"] != "allocation":
        return [_run(state, [s["action"] for s in hint(state, 0)["actions"]])]
    starts = [state]
    rec = state["seats"][0]
    if rec["grana"] >= content()["grana_actions"]["reroll"]:
        idx = [i for i, d in enumerate(rec["dice"]) if d["placed"] is None]
        starts.append(_run(state, [{"type": "reroll", "dice": idx}]))
    out, seen = [], set()
    for start in starts:
        for weights in WEIGHT_SETS:
            try:
                plan = _hint_with(start, 0, weights)
            except RuntimeError:  # no plan within the solver's time limit: not a branch
                continue
            after = _run(start, plan)
            key = repr(after)
            if key not in seen:
                seen.add(key)
                out.append(after)
    return out


def search(difficulty: str, seed: int, beam: int, budget: float, first: str | None) -> None:
    """A beam search for a solo win on one seeded game (see the module's docstring): the
    band ``first`` (default: the one the seed deals), then the others, within ``budget``."""
    dealt = first or GAME.new(1, {"difficulty": difficulty}, seed)["seats"][0]["band"]
    others = [b["id"] for b in content()["bands"] if b.get("solo", True) and b["id"] != dealt]
    bands = [dealt, *others]
    t0 = time.process_time()
    best: tuple[int, str] | None = None
    for band in bands:
        level = [GAME.new(1, {"difficulty": difficulty, "bands": [band]}, seed)]
        done: list[dict] = []
        while level and time.process_time() - t0 < budget:
            nxt = []
            for st in level:
                for child in _children(st):
                    (done if GAME.outcome(child) is not None else nxt).append(child)
            nxt.sort(key=_margin, reverse=True)
            level = nxt[:beam]
        for st in done:
            margin = _margin(st)
            assert (margin > 0) == bool(GAME.outcome(st)["winners"])
            if best is None or margin > best[0]:
                best = (margin, band)
        if time.process_time() - t0 >= budget:
            break
    cpu = time.process_time() - t0
    assert best is not None
    won = "a win" if best[0] > 0 else "no win"
    print(f"{difficulty} seed {seed}: {won}; best margin {best[0]:+d} ({best[1]}); "
          f"{cpu:.0f} s CPU, bands tried up to {band}")  # fmt: skip


def _feature(action: dict) -> str | None:
    """The part of the recommender's vocabulary an action belongs to (for the summary)."""
    kind = action["type"]
    if kind == "place" and action["space"] in ("jam_session", "opportunity", "new_member"):
        return action["space"]
    if "borrow" in action:
        return "borrow ability"
    if "target" in action and kind != "place":
        return "clear (card or ability)"
    if kind in ("buy_distortion", "buy_hit", "raise", "buy_die", "set_face", "copy"):
        return kind
    if kind == "play_distortion":
        eff = content()["distortion_by_no"][action["card"]]["effect"]["kind"]
        if eff in ("skull_to", "all_to", "convert", "swap", "skulls_wild"):
            return "all-dice face card / Skulls wild"
    return None


if __name__ == "__main__":
    main()
