"""Simulated tour games: the balance table of docs/games/tour.md.

Per setup, seat 0's final score when every decision comes from the hint, and
when every decision is a uniformly random legal action, plus the solo
opponent's score and the number of actions of a hinted game.  Deterministic: game seeds
and random players are seeded.

    python benchmarks/tour_sim.py [seeds per line, default 20]
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from services.tour import GAME  # noqa: E402
from solver.tour import hint  # noqa: E402

SETUPS = [
    ("solo", 1, {}),
    ("solo, Basement", 1, {"difficulty": "basement"}),
    ("solo, Grind", 1, {"difficulty": "grind"}),
    ("solo + opponent", 1, {"opponent": True}),
    ("coop", 2, {"mode": "coop"}),
    ("versus (seat 0)", 2, {"mode": "versus"}),
]


def hinted(players: int, options: dict, seed: int) -> tuple[dict, int]:
    state = GAME.new(players, options, seed)
    actions = 0
    while not state["finished"]:
        for seat in reversed(GAME.seats_to_act(state)):
            result = hint(state, seat, 5.0)
            if result["actions"]:
                break
        for item in result["actions"]:
            state, _ = GAME.apply(state, item["seat"], item["action"])
            actions += 1
    return state, actions


def randomly(players: int, options: dict, seed: int) -> dict:
    state = GAME.new(players, options, seed)
    rng = random.Random(f"random:{seed}")
    while not state["finished"]:
        seat = rng.choice(GAME.seats_to_act(state))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"tour: {seeds} seeds per line, seat 0's score")
    for label, players, options in SETUPS:
        scores, rivals, counts = [], [], []
        for seed in range(seeds):
            state, n = hinted(players, options, seed)
            out = GAME.outcome(state)
            scores.append(out["scores"]["0"])
            counts.append(n)
            if "rival_score" in out:
                rivals.append(out["rival_score"])
        rand = [GAME.outcome(randomly(players, options, s))["scores"]["0"] for s in range(seeds)]
        rival = f" | opponent mean {statistics.mean(rivals):5.1f}" if rivals else ""
        print(
            f"{label:<16} hint mean {statistics.mean(scores):5.1f} ({min(scores)}-{max(scores)})"
            f" | random mean {statistics.mean(rand):5.1f}{rival}"
            f" | actions (hint) mean {statistics.mean(counts):4.0f}"
        )


if __name__ == "__main__":
    main()
