"""Games played by following their own hints, for the tests of every hint's ``why``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from services.registry import get_game
from solver.registry import HINTS, resolve


def walk(
    game: str, players: int, seed: int, steps: int, budget_s: float = 0.2, **options: Any
) -> Iterator[tuple[dict, int, dict]]:
    """``(state, seat, hint)`` for up to ``steps`` moves, each move the hint's first
    action (a listed legal action when the hint offers none for that seat)."""
    rules = get_game(game)
    hint_of = resolve(HINTS[game])
    state = rules.new(players, options, seed)
    for _ in range(steps):
        acting = rules.seats_to_act(state)
        if not acting or rules.outcome(state) is not None:
            return
        seat = acting[0]
        hint = hint_of(state, seat, budget_s)
        yield state, seat, hint
        mine = [a for a in hint.get("actions", []) if a["seat"] == seat]
        action = mine[0]["action"] if mine else rules.legal_actions(state, seat)[0]
        state, _ = rules.apply(state, seat, action)


def check_why(hint: dict, raw_id: str) -> str:
    """The hint's ``why``: one plain sentence, naming no id that matches ``raw_id``."""
    why = hint["why"]
    assert isinstance(why, str) and why[:1].isupper() and why.endswith("."), why
    assert why.count(". ") == 0, f"one sentence: {why}"
    assert not re.search(raw_id, why), f"a raw id in: {why}"
    assert "{" not in why and "[" not in why and "_" not in why, f"raw data in: {why}"
    return why
