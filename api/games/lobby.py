"""GET /v1/games: the lobby, listed games with a seat anyone may claim."""

from __future__ import annotations

from flask.views import MethodView

from api.blueprint import Blueprint
from api.errors import error_responses
from api.games.seat_schemas import LobbyQuerySchema, LobbySchema
from api.games.seating_api import seat_store

blp = Blueprint("lobby", __name__, url_prefix="/v1/games", description="Games waiting for players")


@blp.route("")
class Lobby(MethodView):
    @blp.arguments(LobbyQuerySchema, location="query")
    @blp.response(200, LobbySchema)
    @error_responses(blp, 400)
    def get(self, query):
        """Listed games with an open seat, the most recently changed first (paginated).

        Only what anyone may see: the game, its options, player count and
        seats (names, bots, which are open); never a seed, state or secret.
        """
        limit, offset = query["limit"], query["offset"]
        page = seat_store().lobby(query.get("game"), offset, limit)
        more = offset + len(page.games) < page.total
        return {
            "games": page.games,
            "total": page.total,
            "limit": limit,
            "offset": offset,
            "next_offset": offset + limit if more else None,
        }
