"""Simulated Tempo Muse games: the figures quoted in docs/games/tempo-muse.md.

Pairs a uniformly random legal player and the greedy recommender (the hint
policy) and reports game length (rounds, actions), how games end, the margin
between the Studios, and how often the seat that starts with the first-player
token wins (and the seat holding it in the last round).  A last line replays
greedy games with attacks allowed on any rival, the variant the shipped rule
replaced.  Deterministic: game seeds and random players are seeded.

    python benchmarks/tempo_muse_sim.py [games per pairing, default 400]
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from services.tempo_muse import GAME, TempoMuse  # noqa: E402
from solver.tempo_muse.policy import recommend  # noqa: E402

LABELS = {
    "gg": "greedy vs greedy",
    "rr": "random vs random",
    "gr": "greedy(seat 0) vs random",
    "rg": "random(seat 0) vs greedy",
}


def play(game: TempoMuse, kinds: str, seed: int) -> tuple[dict, int, int]:
    """One game; ``kinds[seat]`` is ``g`` (greedy) or ``r`` (random).

    Returns the outcome, the number of actions, and the last round's first player.
    """
    state = game.new(2, {}, seed)
    rng = random.Random(f"players:{seed}")
    actions = 0
    last_first = state["first"]
    while game.outcome(state) is None:
        seat = game.seats_to_act(state)[0]
        if kinds[seat] == "g":
            action = recommend(state, seat)["action"]
        else:
            action = rng.choice(game.legal_actions(state, seat))
        last_first = state["first"]
        state, _ = game.apply(state, seat, action)
        actions += 1
    return game.outcome(state), actions, last_first


def pct(n: int, total: int) -> str:
    return f"{100 * n / total:.1f}%"


def report(game: TempoMuse, kinds: str, games: int, label: str) -> None:
    rounds, actions, margins, losers = [], [], [], []
    seat0 = seat1 = shared = limit = last_first_wins = 0
    for seed in range(games):
        out, n, last_first = play(game, kinds, seed)
        rounds.append(out["rounds"])
        actions.append(n)
        scores = sorted(out["scores"].values())
        margins.append(scores[1] - scores[0])
        losers.append(scores[0])
        limit += out["reason"] == "round_limit"
        if len(out["winners"]) == 2:
            shared += 1
            continue
        seat0 += out["winners"] == [0]
        seat1 += out["winners"] == [1]
        last_first_wins += out["winners"] == [last_first]
    print(
        f"{label:<26} rounds mean {statistics.mean(rounds):4.1f} median "
        f"{statistics.median(rounds):2.0f} max {max(rounds):2d} | actions mean "
        f"{statistics.mean(actions):3.0f} max {max(actions):3d} | round limit "
        f"{pct(limit, games):>6} | Studio margin mean {statistics.mean(margins):4.1f}, "
        f"loser median {statistics.median(losers):4.1f} | wins: seat 0 (first in round 1) "
        f"{pct(seat0, games):>6}, seat 1 {pct(seat1, games):>6}, shared {pct(shared, games)}, "
        f"last round's first player {pct(last_first_wins, games)}"
    )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    print(f"Tempo Muse: {games} games per line, round limit {GAME.content.round_limit}")
    for kinds, label in LABELS.items():
        report(GAME, kinds, games, label)
    variant = TempoMuse(dataclasses.replace(GAME.content, attacks_need_richer_rival=False))
    report(variant, "gg", games, "greedy, attacks hit anyone")


if __name__ == "__main__":
    main()
