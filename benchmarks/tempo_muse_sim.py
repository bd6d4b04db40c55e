"""Simulated Tempo Muse games: the figures quoted in docs/games/tempo-muse.md.

Pairs a uniformly random legal player and the greedy recommender (the hint
policy) and reports game length (rounds, actions), how games end, the margin
between the Studios, and how often the seat that starts with the first-player
token wins.  Deterministic: game seeds and random players are seeded.

    python benchmarks/tempo_muse_sim.py [games per pairing, default 400]
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from services.tempo_muse import GAME  # noqa: E402
from solver.tempo_muse.policy import recommend  # noqa: E402


def play(kinds: str, seed: int, round_limit: int) -> tuple[dict, int]:
    """One game; ``kinds[seat]`` is ``g`` (greedy) or ``r`` (random)."""
    state = GAME.new(2, {"round_limit": round_limit}, seed)
    rng = random.Random(f"players:{seed}")
    actions = 0
    while GAME.outcome(state) is None:
        seat = GAME.seats_to_act(state)[0]
        if kinds[seat] == "g":
            action = recommend(state, seat)["action"]
        else:
            action = rng.choice(GAME.legal_actions(state, seat))
        state, _ = GAME.apply(state, seat, action)
        actions += 1
    return GAME.outcome(state), actions


def report(kinds: str, games: int, round_limit: int) -> None:
    rounds, actions, margins = [], [], []
    first_wins = second_wins = shared = limit = 0
    for seed in range(games):
        out, n = play(kinds, seed, round_limit)
        rounds.append(out["rounds"])
        actions.append(n)
        margins.append(abs(out["scores"]["0"] - out["scores"]["1"]))
        limit += out["reason"] == "round_limit"
        if len(out["winners"]) == 2:
            shared += 1
        elif out["winners"] == [0]:
            first_wins += 1
        else:
            second_wins += 1
    label = {
        "gg": "greedy vs greedy",
        "rr": "random vs random",
        "gr": "greedy(first) vs random",
        "rg": "random(first) vs greedy",
    }[kinds]
    print(
        f"{label:<24} games {games}  rounds mean {statistics.mean(rounds):.1f} "
        f"median {statistics.median(rounds):.0f} max {max(rounds)}  "
        f"actions mean {statistics.mean(actions):.0f} max {max(actions)}  "
        f"round-limit endings {100 * limit / games:.1f}%  "
        f"Studio margin mean {statistics.mean(margins):.1f}  "
        f"first-seat wins {100 * first_wins / games:.1f}% "
        f"second {100 * second_wins / games:.1f}% shared {100 * shared / games:.1f}%"
    )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    limit = GAME.content.round_limit
    print(f"Tempo Muse, default content, round limit {limit}")
    for kinds in ("gg", "rr", "gr", "rg"):
        report(kinds, games, limit)


if __name__ == "__main__":
    main()
