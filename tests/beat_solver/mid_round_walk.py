"""Puzzle positions reached the way a band reaches them, and the truth of a verdict there.

A walk plays a seeded puzzle deal through the engine: at each step one seat that can
act either follows the puzzle hint or posts a random legal action (take-backs, Cues,
tunes, Face Up plays and the Solo included), so positions in the middle of a round
are common.  At hinted steps the solver's verdict is checked against the engine from
that very position: a "feasible" plan must replay to a win, and an "infeasible"
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


def small(state: dict[str, Any], brute_cards: int) -> bool:
    """Small enough for :func:`engine_can_win`: at most ``brute_cards`` cards a seat, or
    the last song of the Song deck at 2 seats."""
    last = not state["song_deck"] and state["phase"] == "play" and state["players"] == 2
    return cards_left(state) <= brute_cards or (brute_cards > 0 and last)


class TooBig(Exception):
    """The exhaustive search met more positions than it may visit."""


def engine_can_win(state: dict[str, Any], memo: dict[str, bool] | None = None) -> bool:
    """Whether some sequence of the engine's legal actions wins from ``state``.

    Every action is tried, take-backs and Cues included.  The band is one cooperative
    player, so this is reachability: a position met again on the current line counts
    as lost there and the search goes on with the other actions.  Raises TooBig past
    ``MAX_POSITIONS`` positions (an Encore can add rounds to a small position).
    """
    memo = {} if memo is None else memo
    if state["status"] != "running":
        return P.won(state)
    key = json.dumps(state, sort_keys=True)
    if key in memo:
        return memo[key]
    if len(memo) >= MAX_POSITIONS:
        raise TooBig
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


MAX_POSITIONS = 20_000


def check_verdict(state: dict[str, Any], res: dict[str, Any], brute_cards: int) -> str:
    """Raise AssertionError unless the verdict holds in the engine from ``state``;
    returns it, as ``brute:infeasible`` when the exhaustive search confirmed it."""
    where = (state["venue"], state["players"], state["round"], _committed(state))
    if res["verdict"] == "feasible":
        final, actions = P.replay(state, res["plan"])
        assert P.won(final), (where, final.get("venue_result"), actions[:12])
    elif res["verdict"] == "infeasible" and small(state, brute_cards):
        try:
            assert not engine_can_win(state), (where, "infeasible, yet the engine can win")
        except TooBig:
            return "infeasible"
        return "brute:infeasible"
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
    enough for the exhaustive search (:func:`small`).

    Returns the verdicts checked (:func:`check_verdict`).  Hints are followed through
    :func:`hints.hint` itself; the verdict checked is the one the hint is built on
    (``S.decide`` on the same position).
    """
    state = GAME.new(players, {"venue": venue, "mode": "puzzle"}, seed)
    seen: list[str] = []
    for _ in range(max_steps):
        if state["status"] != "running":
            break
        if state["phase"] == "play" and rng.random() < hint_share:
            seat = rng.choice(GAME.seats_to_act(state))
            if small(state, brute_cards) or (len(seen) < checks and rng.random() < check_share):
                seen.append(check_verdict(state, S.decide(state, BUDGET_S), brute_cards))
            h = H.hint(state, seat, BUDGET_S)
            sa = h["actions"][0]
            state, _ = GAME.apply(state, sa["seat"], sa["action"])
        else:
            seat, a = random_action(state, rng)
            state, _ = GAME.apply(state, seat, a)
    return seen


def tail_walk(
    venue: str,
    players: int,
    seed: int,
    rng: random.Random,
    brute_cards: int = 2,
    hint_share: float = 0.3,
) -> list[str]:
    """Play a winning plan's rounds until the position is :func:`small` (from the deal
    itself when no plan wins), then hints and random actions to the end, checking every
    hinted position (small ones by the exhaustive search as well)."""
    state = GAME.new(players, {"venue": venue, "mode": "puzzle"}, seed)
    res = S.decide(state, BUDGET_S)
    for dec in res.get("plan", []):
        if small(state, brute_cards) or state["status"] != "running":
            break
        state, _ = P.apply_round(state, dec)
    seen: list[str] = []
    while state["status"] == "running":
        if state["phase"] == "play" and rng.random() < hint_share:
            seen.append(check_verdict(state, S.decide(state, BUDGET_S), brute_cards))
            sa = H.hint(state, rng.choice(GAME.seats_to_act(state)), BUDGET_S)["actions"][0]
            state, _ = GAME.apply(state, sa["seat"], sa["action"])
        else:
            seat, a = random_action(state, rng)
            state, _ = GAME.apply(state, seat, a)
    return seen
