"""The checks every registered game passes, whatever its rules.

Hidden information: a game names what each seat may not see in a probe module,
``leak_probe_<game id with _ for ->`` (tests/hardening holds the built-in games'), with
``scramble_hidden(state, viewer, rng)`` (a state the viewer cannot tell apart) and,
optionally, ``hidden_ids(state, viewer)`` and ``event_leaks(move, state)``.  A game without
one is taken to be open: then every seat and the spectator must see the same view, and
only the seed (future randomness) is hidden.
"""

from __future__ import annotations

import importlib
import json
import random
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from leak_probe_common import State, reseed

from services.core import Game, RulesError
from services.game_specs import specs

#: the toy game the tests register (tests/conformance/tictactoe.py)
TOY = "tic-tac-toe"

#: no game needs more moves than this to end (a loop in a rule would)
MAX_MOVES = 20_000


@dataclass
class Walk:
    """One random legal game: its seed, every move with its events, and the states."""

    seed: int
    players: int
    moves: list[tuple[int, dict[str, Any], list[dict[str, Any]]]]
    final: State
    positions: int
    actions_tried: int


def under_test() -> list[str]:
    """Every registered game, and the toy one a test registers."""
    return [s.id for s in specs() if s.id != TOY] + [TOY]


def probe_module(game_id: str) -> ModuleType | None:
    """The game's leak probe module, if it has one."""
    name = "leak_probe_" + game_id.replace("-", "_")
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return None


def frozen(state: State) -> str:
    return json.dumps(state, sort_keys=True)


def walk(game: Game, players: int, seed: int, every_action_each: int = 1) -> Walk:
    """Random legal play from ``seed`` to the end, checking the protocol on the way.

    At every ``every_action_each``-th position each listed action of each seat to act is
    applied (on the side) and must be legal; ``apply`` must never change its input, every
    view must be JSON, and the game must end within :data:`MAX_MOVES`.
    """
    rng = random.Random(f"conformance:{seed}")
    state = game.new(players, {}, seed)
    moves: list[tuple[int, dict[str, Any], list[dict[str, Any]]]] = []
    positions = tried = 0
    while game.outcome(state) is None:
        assert len(moves) < MAX_MOVES, f"{game.name} did not end in {MAX_MOVES} moves"
        positions += 1
        for viewer in [None, *range(players)]:
            json.dumps(game.view(state, viewer))
        movers = game.seats_to_act(state)
        assert movers, f"{game.name}: a running game with nobody to act"
        choices = []
        for seat in movers:
            listed = game.legal_actions(state, seat)
            assert listed, f"{game.name}: seat {seat} is to act with no legal action"
            choices += [(seat, a) for a in listed]
        before = frozen(state)
        if positions % every_action_each == 0:
            for seat, action in choices:
                try:
                    game.apply(state, seat, json.loads(json.dumps(action)))
                except RulesError as e:
                    raise AssertionError(f"{game.name}: listed {action} refused: {e.code}") from e
                assert frozen(state) == before, f"{game.name}: apply changed the state it was given"
                tried += 1
        seat, action = rng.choice(choices)
        after, events = game.apply(state, seat, action)
        assert frozen(state) == before, f"{game.name}: apply changed the state it was given"
        json.dumps(events)
        moves.append((seat, action, events))
        state = after
    for seat in range(players):
        assert game.legal_actions(state, seat) == [], f"{game.name}: a finished game lists moves"
    return Walk(seed, players, moves, state, positions, tried)


def check_outcome(game: Game, state: State, players: int) -> None:
    """A finished game's outcome names its winners among the seats, and every seat's score."""
    result = game.outcome(state)
    assert result is not None
    assert set(result) >= {"winners", "scores"}, result
    assert all(isinstance(s, int) and 0 <= s < players for s in result["winners"]), result
    assert isinstance(result["scores"], dict)


def replay(game: Game, players: int, seed: int, moves: list) -> tuple[State, list]:
    """The state and events of replaying ``moves`` from a fresh game of ``seed``."""
    state = game.new(players, {}, seed)
    events = []
    for seat, action, _ in moves:
        state, got = game.apply(state, seat, action)
        events.append(got)
    return state, events


def open_game_probe(game: Game, players: int, seed: int, every: int = 1) -> int:
    """For a game with no probe module: every viewer sees the same, and the seed is hidden
    from all (a state with another seed looks the same to everyone).  Returns the checks."""
    rng = random.Random(f"open:{seed}")
    state = game.new(players, {}, seed)
    checks = 0
    step = 0
    while True:
        if step % every == 0:
            views = [game.view(state, v) for v in [None, *range(players)]]
            assert all(v == views[0] for v in views), f"{game.name}: views differ by seat"
            other = json.loads(frozen(state))
            reseed(other, rng)
            assert game.view(other, None) == views[0], f"{game.name}: the view shows the seed"
            checks += 1
        if game.outcome(state) is not None:
            return checks
        choices = [(s, a) for s in game.seats_to_act(state) for a in game.legal_actions(state, s)]
        seat, action = rng.choice(choices)
        state, _ = game.apply(state, seat, action)
        step += 1
