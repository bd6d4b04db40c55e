"""POST /v1/games/{id}/rematch: the next game with the same seats and options."""

from __future__ import annotations

from flask.views import MethodView

from api.auth import Principal, bearer_token, require_player
from api.blueprint import Blueprint
from api.errors import ApiError, error_responses
from api.games.seat_schemas import RematchSchema
from api.games.seating_api import kick_bots, seat_store
from api.games.views import envelope
from api.request_reads import game_and_caller
from services.play.rematch import rematch

blp = Blueprint("rematch", __name__, url_prefix="/v1/games", description="Rematches")


@blp.route("/<game_id>/rematch")
class Rematch(MethodView):
    @blp.response(200, RematchSchema)
    @error_responses(blp, 401, 404, 409, 410)
    def post(self, game_id):
        """Make (or find) the rematch of a finished game; returns the caller's new token.

        Any seat token (or the host token) of the finished game may call it.
        The first call creates the game: same seats, names, bots and options, a
        fresh seed. Every call returns the caller's own token for it (the same
        one each time); other players get theirs by calling it with their own
        old token. The old game's view names the rematch (`rematch`).
        """
        seats = seat_store()
        old, principal = game_and_caller(game_id)
        require_player(principal)
        if not principal.host and len(principal.seats) != 1:
            raise ApiError(403, "not_your_seat", "use one seat's token")
        seat = None if principal.host else next(iter(principal.seats))
        result = rematch(seats, old, bearer_token() or "", seat, principal.host)
        if result.created:
            kick_bots(result.record)
        record = result.record
        caller = Principal.host_of(record.players) if principal.host else principal
        return {
            "id": record.id,
            "game": record.game,
            "players": record.players,
            "version": record.version,
            "created": result.created,
            "seat": result.seat,
            "token": result.token,
            "host_token": result.host_token,
            "view": envelope(record, caller),
        }
