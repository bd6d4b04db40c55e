"""Puzzle positions reached the way a band reaches them, and the truth of a verdict there.

A walk plays a seeded puzzle deal through the engine: at each step one seat that can
act either follows the puzzle hint or posts a random legal action (take-backs, Cues,
tunes, Face Up plays and the Solo included), so positions in the middle of a round
are common.  At every hinted step the solver's verdict is checked against the engine
from that very position: a "feasible" plan must replay to a win, and an "infeasible"
one must survive an exhaustive search over the engine's own actions when the
position is small enough for it.
"""

from __future__ import annotations

import json
import random
from typing import Any

from services.beat import GAME
from solver.beat import hints as H
from solver.beat import plan as P
from solver.beat import solve as S

BUDGET_S = 10.0


def cards_left(state: dict[str, Any]) -> int:
    """The most cards any seat still holds or will draw (its plays this round included)."""
    return max(len(s["hand"]) + len(s["draw"]) + len(s["played"]) for s in state["seats"])


def engine_can_win(state: dict[str, Any], memo: dict[str, bool] | None = None) -> bool:
    """Whether some sequence of the engine's legal actions wins from ``state``.

    Every action is tried, take-backs and Cues included.  The band is one cooperative
    player, so this is reachability: a position met again on the current line counts
    as lost there and the search goes on with the other actions.  Tiny positions only.
    """
    memo = {} if memo is None else memo
    if state["status"] != "running":
        return P.won(state)
    key = json.dumps(state, sort_keys=True)
    if key in memo:
        return memo[key]
    memo[key] = False
    seats = GAME.seats_to_act(state)
    # plays and signals of different seats commute: the first seat that can act moves
    # first, but every seat's take-back is open to the search through its own turn
    for a in GAME.legal_actions(state, seats[0]):
        nxt, _ = GAME.apply(state, seats[0], a)
        if engine_can_win(nxt, memo):
            memo[key] = True
            return True
    return False


def check_verdict(state: dict[str, Any], res: dict[str, Any], brute_cards: int) -> str:
    """Raise AssertionError unless the verdict holds in the engine from ``state``."""
    where = (state["venue"], state["players"], state["round"], _committed(state))
    if res["verdict"] == "feasible":
        final, actions = P.replay(state, res["plan"])
        assert P.won(final), (where, final.get("venue_result"), actions[:12])
    elif res["verdict"] == "infeasible" and cards_left(state) <= brute_cards:
        assert not engine_can_win(state), (where, "infeasible, yet the engine can win")
    return res["verdict"]


def _committed(state: dict[str, Any]) -> list:
    return [
        (i, p["card"], bool(p["solo"]), p["tune"] and p["tune"]["delta"], bool(p["cue"]))
        for i, s in enumerate(state["seats"])
        for p in s["played"]
    ] + [i for i, s in enumerate(state["seats"]) if s["ready"]]


def random_action(state: dict[str, Any], rng: random.Random) -> tuple[int, dict[str, Any]]:
    seat = rng.choice(GAME.seats_to_act(state))
    acts = GAME.legal_actions(state, seat)
    # favour plays, tunes and signals over "ready" so that rounds fill up
    moves = [a for a in acts if a["type"] != "ready"]
    if moves and rng.random() < 0.7:
        return seat, rng.choice(moves)
    return seat, rng.choice(acts)


def walk(
    venue: str,
    players: int,
    seed: int,
    rng: random.Random,
    hint_share: float = 0.6,
    checks: int = 3,
    check_share: float = 0.5,
    brute_cards: int = 0,
    max_steps: int = 400,
) -> list[str]:
    """Play one deal by hints and random actions and check hinted positions: up to
    ``checks`` of them (each with probability ``check_share``), and every one small
    enough for the exhaustive search (at most ``brute_cards`` cards a seat).

    Returns the verdicts checked, ``"brute:"`` before those the exhaustive search
    confirmed.  Hints are followed through :func:`hints.hint` itself; the verdict
    checked is the one the hint is built on (``S.decide`` on the same position).
    """
    state = GAME.new(players, {"venue": venue, "mode": "puzzle"}, seed)
    seen: list[str] = []
    for _ in range(max_steps):
        if state["status"] != "running":
            break
        if state["phase"] == "play" and rng.random() < hint_share:
            seat = rng.choice(GAME.seats_to_act(state))
            small = cards_left(state) <= brute_cards
            if small or (len(seen) < checks and rng.random() < check_share):
                verdict = check_verdict(state, S.decide(state, BUDGET_S), brute_cards)
                seen.append(f"brute:{verdict}" if small and verdict == "infeasible" else verdict)
            h = H.hint(state, seat, BUDGET_S)
            sa = h["actions"][0]
            state, _ = GAME.apply(state, sa["seat"], sa["action"])
        else:
            seat, a = random_action(state, rng)
            state, _ = GAME.apply(state, seat, a)
    return seen
