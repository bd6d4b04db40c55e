"""POST /v1/games/{id}/rematch: the next game with the same seats and options."""

from __future__ import annotations

from flask.views import MethodView

from api.auth import Principal, bearer_token, principal_for, require_player
from api.blueprint import Blueprint
from api.errors import ApiError, ErrorSchema
from api.games.seat_schemas import RematchSchema
from api.games.seating_api import kick_bots, seat_store
from api.games.views import envelope
from api.request_reads import game_record
from services.rematch import rematch

blp = Blueprint("rematch", __name__, url_prefix="/v1/games", description="Rematches")


@blp.route("/<game_id>/rematch")
class Rematch(MethodView):
    @blp.response(200, RematchSchema)
    @blp.alt_response(401, schema=ErrorSchema)
    @blp.alt_response(404, schema=ErrorSchema)
    @blp.alt_response(409, schema=ErrorSchema)
    @blp.alt_response(410, schema=ErrorSchema)
    def post(self, game_id):
        """Make (or find) the rematch of a finished game; returns the caller's new token.

        Any seat token (or the host token) of the finished game may call it.
        The first call creates the game: same seats, names, bots and options, a
        fresh seed. Every call returns the caller's own token for it (the same
        one each time); other players get theirs by calling it with their own
        old token. The old game's view names the rematch (`rematch`).
        """
        seats = seat_store()
        old = game_record(game_id)
        principal = principal_for(old)
        require_player(principal)
        if not principal.host and len(principal.seats) != 1:
            raise ApiError(403, "not_your_seat", "use one seat's token")
        seat = None if principal.host else next(iter(principal.seats))
        result = rematch(seats, old, bearer_token() or "", seat, principal.host)
        if result.created:
            kick_bots(result.record)
        record = result.record
        caller = (
            Principal(frozenset(range(record.players)), host=True)
            if principal.host
            else Principal(frozenset([seat]))
        )
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
