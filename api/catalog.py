"""/v1/catalog: the games, their player counts, option schemas and content."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import Blueprint
from api.errors import ApiError, error_responses
from services.game_specs import spec_of, specs
from services.registry import UnknownGame, get_game

blp = Blueprint("catalog", __name__, url_prefix="/v1/catalog", description="Games and content")


def _entry(name: str) -> dict:
    """The game's own description, and the page's table for it (None: the generic one)."""
    return {**get_game(name).describe(), "table": spec_of(name).web_table}


def _game(name: str):
    try:
        return get_game(name)
    except UnknownGame:
        raise ApiError(404, "unknown_game", f"there is no game called {name!r}") from None


@blp.route("")
class Catalog(MethodView):
    @blp.response(200)
    def get(self):
        """Every hosted game"""
        return {"games": [_entry(spec.id) for spec in specs()]}


@blp.route("/<game>")
class GameEntry(MethodView):
    @blp.response(200)
    @error_responses(blp, 404)
    def get(self, game):
        """One game's entry"""
        _game(game)
        return _entry(game)


@blp.route("/<game>/<section>")
class Content(MethodView):
    @blp.response(200)
    @error_responses(blp, 404)
    def get(self, game, section):
        """A section of a game's content (e.g. Beat venues, events, songs)"""
        content = _game(game).catalog()
        if section not in content:
            raise ApiError(404, "unknown_section", f"{game} has sections {sorted(content)}")
        return {"game": game, "section": section, "items": content[section]}
