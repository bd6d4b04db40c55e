"""A game created from a puzzle code: the code decides game, seats, options and seed."""

from __future__ import annotations

from typing import Any

from api.backend import backend
from services.core import RulesError
from services.store.puzzle_archive import PuzzleArchive
from solver.beat import puzzle_code as PC


def archive() -> PuzzleArchive:
    be = backend()
    return PuzzleArchive(be.redis, be.store.prefix)


def create_args(body: dict[str, Any]) -> tuple[str, int, dict[str, Any], int | None, str | None]:
    """(game, players, options, seed, code) of a create body, with or without a code.

    A code carries the whole deal, so a body that also names another game, a
    different seat count, options or a seed contradicts it: 422 naming the field.
    """
    code = body.get("code")
    if code is None:
        return body["game"], body["players"], body["options"], body.get("seed"), None
    decoded = PC.decode(code)
    if body.get("game", "beat") != "beat":
        raise RulesError("invalid_code", "a puzzle code opens a game of The Beat", {"game": []})
    if body.get("players", decoded["players"]) != decoded["players"]:
        msg = f"this code deals {decoded['players']} seats"
        raise RulesError("invalid_code", msg, {"players": [msg]})
    for field in ("options", "seed"):
        if body.get(field):
            msg = f"{field} cannot be given with a code: the code holds the whole deal"
            raise RulesError("invalid_code", msg, {field: [msg]})
    return "beat", decoded["players"], PC.game_options(decoded), PC.CODE_SEED, code.strip()
