"""A new tour: the options checked, the band sheets dealt, week 1 opened."""

from __future__ import annotations

from typing import Any

from services.core import RulesError, new_rng_state
from services.tour import sheet as sh
from services.tour.content import DIFFICULTIES, MODES, content
from services.tour.week import State, start_week

OPTIONS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "mode": {
            "type": "string",
            "enum": list(MODES),
            "description": "solo (1 player), coop or versus (2 players); "
            "default: solo for 1 player, versus for 2",
        },
        "difficulty": {"type": "string", "enum": list(DIFFICULTIES), "default": "club"},
        "opponent": {
            "type": "boolean",
            "default": False,
            "description": "solo only: play against the computer opponent",
        },
        "band": {"type": "string", "maxLength": 40, "description": "your band's name"},
    },
    "additionalProperties": False,
}


def new_state(players: int, options: dict[str, Any], seed: int) -> State:
    """Check the options (``RulesError`` names the bad one) and open week 1."""
    if not isinstance(options, dict):
        raise RulesError("invalid_options", "options must be an object")
    unknown = set(options) - set(OPTIONS_SCHEMA["properties"])
    if unknown:
        raise RulesError("invalid_options", f"unknown options: {sorted(unknown)}")
    if players not in (1, 2) or isinstance(players, bool):
        raise RulesError("invalid_options", "the tour seats 1 or 2 players")
    mode = options.get("mode", "solo" if players == 1 else "versus")
    if mode not in MODES:
        raise RulesError("invalid_options", f"mode must be one of {list(MODES)}")
    if content()["modes"][mode]["players"] != players:
        need = content()["modes"][mode]["players"]
        raise RulesError("invalid_options", f"{mode} is for {need} player(s)")
    difficulty = options.get("difficulty", "club")
    if difficulty not in DIFFICULTIES:
        raise RulesError("invalid_options", f"difficulty must be one of {list(DIFFICULTIES)}")
    opponent = options.get("opponent", False)
    if not isinstance(opponent, bool):
        raise RulesError("invalid_options", "opponent must be true or false")
    if opponent and mode != "solo":
        raise RulesError("invalid_options", "the computer opponent is for solo games")
    band = options.get("band", "The Band")
    if not isinstance(band, str) or not 0 < len(band) <= 40:
        raise RulesError("invalid_options", "band must be a name of 1 to 40 characters")
    sheets = content()["modes"][mode]["sheets"]
    state: State = {
        "players": players,
        "mode": mode,
        "difficulty": difficulty,
        "opponent": opponent,
        "band": band,
        "rng": new_rng_state(seed),
        "week": 1,
        "finished": False,
        "offers": [],
        "sheets": [sh.new_sheet(difficulty) for _ in range(sheets)],
        "rival": {"fans": 0, "fame": 0, "cash": 0} if opponent else None,
        "headline_done": False,
    }
    start_week(state, [])
    return state
