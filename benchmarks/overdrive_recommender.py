"""Overdrive allocation recommender: time per recommendation over random positions, with the
brute-force enumeration as the baseline in the same run.  Prints figures; asserts nothing.

    .venv/bin/python benchmarks/overdrive_recommender.py [--positions 200] [--seed 1]

A position is the start of a seat's allocation turn (all its dice rolled, none placed) in a
game walked by random legal play (2-4 seats, solo, coop).
"Recommend" is the whole hint: reading the position, the CP-SAT solve and the plan's
actions and breakdown.  The brute force finds the best value only.
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
from solver.overdrive import UNLOCKED_LINE, brute, cpsat, position, recommend  # noqa: E402

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
    args = parser.parse_args()
    cases = positions(args.positions, args.seed)
    recommend(*cases[0], 2.0)  # warm-up: imports, content
    rec_ms, solve_ms, brute_ms, agree = [], [], [], 0
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
        pos = position.from_state(state, seat)
        t1 = time.perf_counter()
        cpsat.solve(pos, 2.0)
        solve_ms.append((time.perf_counter() - t1) * 1000)
        t2 = time.perf_counter()
        best = brute.best_value_live(state, seat)  # Cover Bots: every copy choice
        brute_ms.append((time.perf_counter() - t2) * 1000)
        # the model's own value (what the engine adds for mid-turn unlocks is not searched)
        agree += round(out["value"] * 100) - round(extra * 100) == best
    dice = [len(position.from_state(s, seat)["dice"]) for s, seat in cases]
    print(f"{len(cases)} positions, {statistics.mean(dice):.1f} dice on average (max {max(dice)})")
    for name, xs in (("recommend (CP-SAT, whole hint)", rec_ms), ("CP-SAT solve only", solve_ms),
                     ("brute-force baseline", brute_ms)):  # fmt: skip
        print(f"{name:32s} median {statistics.median(xs):8.2f} ms   p95 {pct(xs, 0.95):8.2f} ms"
              f"   max {max(xs):8.2f} ms")  # fmt: skip
    print(f"recommended value equals brute force on {agree}/{len(cases)} positions")
    print("plans using: " + ", ".join(f"{k} {v}" for k, v in sorted(used.items())))


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
