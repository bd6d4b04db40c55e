"""Time controls: the optional ``options.clock`` of a game, and what a timeout does.

Pure data, no I/O.  ``{"move_s": n}`` gives every human seat that may act ``n`` seconds
from the game's latest change (a move or a seat change) to act.  When they run out, the
game's timeout rule applies to each such seat (docs/games/*.md, "Clock"):

- ``bot_move`` in cooperative and solo games (beat; overdrive solo and coop; any game of
  one player): the seat's bot plays that one decision and the seat stays the player's;
- ``takeover`` in competitive games: the seat's bot takes the seat for the rest of the
  game, as if its player had left it.

The rules never see the clock: :func:`rules_options` takes it out of their options.
"""

from __future__ import annotations

from typing import Any

from services.core import RulesError

#: seconds per decision a clock may give
MOVE_S = (1.0, 7 * 24 * 3600.0)


def rules_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options the game's rules take (the clock is the service's, not theirs)."""
    if "clock" not in options:
        return options
    return {k: v for k, v in options.items() if k != "clock"}


def clock_of(options: dict[str, Any]) -> dict[str, Any] | None:
    """The game's validated clock, or None; RulesError('invalid_options') when malformed."""
    clock = options.get("clock")
    if clock is None:
        return None
    if not isinstance(clock, dict) or set(clock) != {"move_s"}:
        raise RulesError("invalid_options", 'clock is {"move_s": seconds per decision}')
    move_s = clock["move_s"]
    if isinstance(move_s, bool) or not isinstance(move_s, int | float):
        raise RulesError("invalid_options", "clock.move_s must be a number")
    if not MOVE_S[0] <= move_s <= MOVE_S[1]:
        raise RulesError("invalid_options", f"clock.move_s is {MOVE_S[0]:g} to {MOVE_S[1]:g}")
    return {"move_s": float(move_s)}


def competitive(game: str, players: int, options: dict[str, Any]) -> bool:
    """Whether seats play against each other (beat, one seat, and overdrive's solo and
    coop modes are played together or alone)."""
    if players == 1 or game == "beat":
        return False
    return not (game == "overdrive" and options.get("mode") in ("solo", "coop"))


def timeout_rule(game: str, players: int, options: dict[str, Any]) -> str:
    """``bot_move`` for cooperative and solo games, ``takeover`` for competitive ones."""
    return "takeover" if competitive(game, players, options) else "bot_move"


def clock_view(
    game: str, players: int, options: dict[str, Any], status: str, updated: float
) -> dict[str, Any] | None:
    """What every view shows of the clock: its setting, the rule, and when time runs out
    for the seats to act (none once the game is over)."""
    clock = clock_of(options)
    if clock is None:
        return None
    running = status == "running"
    return {
        **clock,
        "on_timeout": timeout_rule(game, players, options),
        "deadline": updated + clock["move_s"] if running else None,
    }
