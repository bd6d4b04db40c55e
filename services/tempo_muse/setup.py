"""A new game: the options checked, the deck shuffled, the hands dealt, round 1 opened."""

from __future__ import annotations

from typing import Any

from services.core import RulesError, draw_rng, new_rng_state
from services.tempo_muse.content import Content
from services.tempo_muse.engine import begin_round

State = dict[str, Any]
Event = dict[str, Any]

OPTIONS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "round_limit": {
            "type": "integer",
            "minimum": 5,
            "maximum": 200,
            "default": 40,
            "description": "the game ends after this round even if no Studio is complete",
        }
    },
    "additionalProperties": False,
}


def new_game(c: Content, players: int, options: dict[str, Any] | None, seed: int) -> State:
    """Check the options (``RulesError`` names the bad one), then deal."""
    if players != 2:
        raise RulesError("invalid_options", "Tempo Muse is for exactly 2 players")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RulesError("invalid_options", "options must be an object")
    unknown = sorted(set(options) - {"round_limit"})
    if unknown:
        raise RulesError("invalid_options", f"unknown options: {unknown}")
    limit = options.get("round_limit", c.round_limit)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 5 <= limit <= 200:
        raise RulesError("invalid_options", "round_limit must be an integer in 5..200")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError("invalid_options", "seed must be an integer")
    return new_state(c, seed, limit)


def new_state(c: Content, seed: int, round_limit: int) -> State:
    """Shuffle, deal the starting hands, and open round 1 (no Downbeat draw)."""
    s: State = {
        "players": 2,
        "rng": new_rng_state(seed),
        "round": 1,
        "first": 0,
        "phase": "composition",
        "to_act": 0,
        "turn": 0,
        "deck": c.deck(),
        "discard": [],
        "hands": [[], []],
        "studios": [[], []],
        "cycled": [False, False],
        "pending_cycle": None,
        "mix_done": [False, False],
        "round_limit": round_limit,
        "final_round": None,
        "end": None,
    }
    draw_rng(s).shuffle(s["deck"])
    for _ in range(c.hand_size):
        for seat in (0, 1):
            s["hands"][seat].append(s["deck"].pop())
    for seat in (0, 1):
        s["hands"][seat].sort()
    events: list[Event] = []
    begin_round(c, s, events)
    return s
