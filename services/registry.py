"""The rules of every hosted game, by API id, as registered in ``services.game_specs``."""

from __future__ import annotations

import importlib
from functools import cache

from services.core import Game
from services.game_specs import Derived, on_change, spec_of, specs

#: API id -> "module:attribute" of the Game instance (follows the registered specs)
GAMES: Derived[str] = Derived(lambda registered: {s.id: s.rules for s in registered})


class UnknownGame(KeyError):
    pass


@cache
def get_game(name: str) -> Game:
    """The Game for ``name``; raises UnknownGame.  Kept per name (it is asked on every
    request) until the registered games change."""
    try:
        target = spec_of(name).rules
    except KeyError:
        raise UnknownGame(name) from None
    return _load(target)


@cache
def _load(target: str) -> Game:
    module, attr = target.split(":")
    return getattr(importlib.import_module(module), attr)


on_change(get_game.cache_clear)


def all_games() -> list[Game]:
    return [_load(spec.rules) for spec in specs()]
