"""Simulated Tempo Muse games: the figures quoted in docs/games/tempo-muse.md.

Pairs a uniformly random legal player and the greedy recommender (the hint
policy) and reports game length (rounds, actions), how games end, the margin
between the Studios, and how often the seat that starts with the first-player
token wins (and the seat holding it in the last round).  A line replays
greedy games with attacks allowed on any rival, the variant the shipped rule
replaced.

Nova the Nuke: greedy games under four designs (its effect x whether a final
round follows the completing round), each against the same seeds with Nova's
effect switched off, so "decisive" counts the games whose winner Nova changed.
Hands: the hand counts announced at the end of every round (the rulebook's
limit is 15, one discard per round) for greedy and random play.
Deterministic: game seeds and random players are seeded.

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


@dataclasses.dataclass
class Stats:
    """What one game leaves behind besides its outcome."""

    actions: int = 0
    last_first: int = 0
    nova_fired: int = 0
    nova_landed: int = 0
    hands: list[int] = dataclasses.field(default_factory=list)
    limit_discards: int = 0


def play(game: TempoMuse, kinds: str, seed: int) -> tuple[dict, Stats]:
    """One game; ``kinds[seat]`` is ``g`` (greedy) or ``r`` (random)."""
    state = game.new(2, {}, seed)
    rng = random.Random(f"players:{seed}")
    st = Stats(last_first=state["first"])
    top = max(game.content.cards)
    while game.outcome(state) is None:
        seat = game.seats_to_act(state)[0]
        if kinds[seat] == "g":
            action = recommend(state, seat)["action"]
        else:
            action = rng.choice(game.legal_actions(state, seat))
        st.last_first = state["first"]
        state, events = game.apply(state, seat, action)
        st.actions += 1
        for e in events:
            if e["type"] == "effect" and e["position"] == top:
                st.nova_fired += 1
                st.nova_landed += bool(e.get("cards") or e.get("knocked"))
            elif e["type"] == "announce":
                st.hands += list(e["hand_counts"].values())
            elif e["type"] == "discard" and e["phase"] == "drop":
                st.limit_discards += 1
    return game.outcome(state), st


def pct(n: int, total: int) -> str:
    return f"{100 * n / total:.1f}%"


def report(game: TempoMuse, kinds: str, games: int, label: str) -> None:
    rounds, actions, margins, losers = [], [], [], []
    seat0 = seat1 = shared = limit = last_first_wins = 0
    for seed in range(games):
        out, st = play(game, kinds, seed)
        n, last_first = st.actions, st.last_first
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


def nova_variant(kind: str, final_rounds: int) -> TempoMuse:
    """The shipped content with Nova's effect ``kind`` ("none": no effect at all)."""
    c = GAME.content
    cards = dict(c.cards)
    cards[15] = dataclasses.replace(cards[15], kind=kind)
    return TempoMuse(dataclasses.replace(c, cards=cards, final_rounds=final_rounds))


def nova_report(games: int) -> None:
    """Nova firings, landings and the games it decided, per design."""
    designs = [
        ("knockout", 1, "shipped: knockout + final round"),
        ("knockout", 0, "knockout, game ends at once"),
        ("nuke", 1, "half-hand nuke + final round"),
        ("nuke", 0, "old: half-hand nuke, ends at once"),
    ]
    baselines: dict[int, list[list[int]]] = {}
    for kind, final, label in designs:
        if final not in baselines:
            off = nova_variant("none", final)
            baselines[final] = [play(off, "gg", seed)[0]["winners"] for seed in range(games)]
        game = nova_variant(kind, final)
        fired = landed = decisive = last_first = 0
        rounds = []
        for seed in range(games):
            out, st = play(game, "gg", seed)
            fired += st.nova_fired
            landed += st.nova_landed
            decisive += out["winners"] != baselines[final][seed]
            last_first += out["winners"] == [st.last_first]
            rounds.append(out["rounds"])
        print(
            f"Nova {label:<34} fired {fired / games:4.2f}/game, landed {pct(landed, fired):>6} "
            f"| decided {pct(decisive, games):>6} of games | rounds mean "
            f"{statistics.mean(rounds):4.1f} | last round's first player wins "
            f"{pct(last_first, games)}"
        )


def hand_report(game: TempoMuse, kinds: str, games: int, label: str) -> None:
    """Announced hand counts against the limit (more than it: one discard a round)."""
    limit = game.content.hand_limit
    hands: list[int] = []
    discards = 0
    for seed in range(games):
        _, st = play(game, kinds, seed)
        hands += st.hands
        discards += st.limit_discards
    hands.sort()
    print(
        f"hands {label:<20} mean {statistics.mean(hands):4.1f} p90 "
        f"{hands[int(0.9 * len(hands))]:2d} p99 {hands[int(0.99 * len(hands))]:2d} max "
        f"{hands[-1]:2d} | above {limit}: {pct(sum(h > limit for h in hands), len(hands))} "
        f"of announcements | limit discards {discards / games:4.2f}/game"
    )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    print(f"Tempo Muse: {games} games per line, round limit {GAME.content.round_limit}")
    for kinds, label in LABELS.items():
        report(GAME, kinds, games, label)
    variant = TempoMuse(dataclasses.replace(GAME.content, attacks_need_richer_rival=False))
    report(variant, "gg", games, "greedy, attacks hit anyone")
    nova_report(games)
    hand_report(GAME, "gg", games, "greedy vs greedy")
    hand_report(GAME, "rr", games, "random vs random")


if __name__ == "__main__":
    main()
