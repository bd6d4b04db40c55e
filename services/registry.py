"""Every hosted game, by its API id.  Adding a game is one line here."""

from __future__ import annotations

import importlib
from functools import cache

from services.core import Game

#: API id -> "module:attribute" of the Game instance
GAMES: dict[str, str] = {
    "overdrive": "services.overdrive:GAME",
    "composition": "services.composition:GAME",
    "tour": "services.tour:GAME",
    "beat": "services.beat:GAME",
    "tempo-muse": "services.tempo_muse:GAME",
}


class UnknownGame(KeyError):
    pass


@cache
def get_game(name: str) -> Game:
    """The Game for ``name``; raises UnknownGame."""
    try:
        target = GAMES[name]
    except KeyError:
        raise UnknownGame(name) from None
    module, attr = target.split(":")
    return getattr(importlib.import_module(module), attr)


def all_games() -> list[Game]:
    return [get_game(name) for name in GAMES]
