"""/v1/games/{id}/seats/{n}: claim an open seat, invite someone to it, seat a bot, or
leave a seat (a player) or take it from its player (the host), or resign."""

from __future__ import annotations

from flask import request
from flask.views import MethodView

from api.auth import Principal, require_host, require_player
from api.backend import backend
from api.blueprint import Blueprint
from api.errors import ApiError, error_responses
from api.games.seat_schemas import (
    BotSeatSchema,
    ClaimedSeatSchema,
    ClaimSeatSchema,
    InviteSchema,
    LeaveSeatSchema,
    SeatChangedSchema,
)
from api.games.seating_api import kick_bots, seat_store
from api.games.views import envelope
from api.request_reads import game_and_caller, game_record
from services.core import RulesError
from services.play.clock import competitive
from services.play.joining import claim_seat, leave_seat, mint_invite, seat_bot
from services.play.seating import public_view, seating_of
from services.store.endings import end_game
from services.store.games import GameRecord

blp = Blueprint(
    "seats", __name__, url_prefix="/v1/games", description="Open seats, invites and bots"
)


def _host_record(game_id: str) -> GameRecord:
    """The game (read with the request's rate-limit check), if the caller is its host."""
    record, principal = game_and_caller(game_id)
    require_host(principal)
    return record


def _seat_changed(record: GameRecord, seat: int) -> dict:
    """What a seat change answers: the game's new version and its public seating."""
    return {
        "id": record.id,
        "seat": seat,
        "version": record.version,
        "seating": public_view(seating_of(record.seating, record.players)),
    }


@blp.route("/<game_id>/seats/<int:seat>")
class Seat(MethodView):
    @blp.arguments(ClaimSeatSchema)
    @blp.response(200, ClaimedSeatSchema)
    @error_responses(blp, 400, 403, 404, 409, 422)
    def post(self, body, game_id, seat):
        """Claim an open seat with a name (and the invite, for an invited seat).

        The answer holds the seat's token, shown only this once; 409 when the
        seat is taken (two claims of one seat: exactly one wins).
        """
        result = claim_seat(
            seat_store(), game_id, seat, body["name"], body.get("invite"), game_record(game_id)
        )
        kick_bots(result.record)
        record = result.record
        return {
            "id": record.id,
            "seat": seat,
            "name": record.seating[seat]["name"],
            "token": result.secret,
            "version": record.version,
            "view": envelope(record, Principal(frozenset([seat]))),
        }


@blp.route("/<game_id>/seats/<int:seat>/invite")
class Invite(MethodView):
    @blp.response(201, InviteSchema)
    @error_responses(blp, 401, 403, 404, 409)
    def post(self, game_id, seat):
        """Mint an invite for an open seat (host token only).

        The invite claims exactly that seat, once; while it is out, the seat
        is kept for it (a claim without it is refused). A newer invite
        replaces the older one.
        """
        result = mint_invite(seat_store(), game_id, seat, _host_record(game_id))
        url = f"{request.host_url}#/join/{game_id}/{seat}?invite={result.secret}"
        return {
            "id": game_id,
            "seat": seat,
            "invite": result.secret,
            "url": url,
            "version": result.record.version,
        }, 201


@blp.route("/<game_id>/seats/<int:seat>/bot")
class Bot(MethodView):
    @blp.arguments(BotSeatSchema)
    @blp.response(200, SeatChangedSchema)
    @error_responses(blp, 400, 401, 403, 404, 409)
    def post(self, body, game_id, seat):
        """Seat a bot in an open seat (host token only): the hint engine plays it on a worker"""
        record = _host_record(game_id)
        result = seat_bot(seat_store(), game_id, seat, body.get("name"), record)
        kick_bots(result.record)
        return _seat_changed(result.record, seat)


@blp.route("/<game_id>/seats/<int:seat>/leave")
class Leave(MethodView):
    @blp.arguments(LeaveSeatSchema)
    @blp.response(200, SeatChangedSchema)
    @error_responses(blp, 400, 401, 403, 404, 409)
    def post(self, body, game_id, seat):
        """Leave a seat (its own token) or take it from its player (the host token).

        The seat's token stops working. A bot takes the seat and the game goes on,
        or, when the game was created with `on_leave: "open"` (or the host asks
        with `then: "open"`), it reopens for anyone to claim. 409 for a seat no
        player holds or a finished game.
        """
        record, principal = game_and_caller(game_id)
        require_player(principal)
        if principal.host:
            then = body.get("then", "bot")
        elif seat not in principal.seats:
            raise ApiError(403, "not_your_seat", f"this token does not hold seat {seat}")
        elif "then" in body:
            raise ApiError(403, "host_only", "only the host token chooses what follows a leave")
        else:
            then = seat_store().on_leave(game_id)
        result = leave_seat(seat_store(), game_id, seat, then, record)
        kick_bots(result.record)
        return _seat_changed(result.record, seat)


@blp.route("/<game_id>/seats/<int:seat>/resign")
class Resign(MethodView):
    @blp.response(200, SeatChangedSchema)
    @error_responses(blp, 401, 403, 404, 409, 422)
    def post(self, game_id, seat):
        """Resign a competitive game (the seat's own token): the game ends at once.

        Its outcome is `{"ended": "resigned", "seat": n}`: the resigning seat loses,
        and no other standing is worked out. 422 `resign_not_offered` in cooperative
        and solo games (leave the seat instead), `game_over` once the game has ended.
        """
        record, principal = game_and_caller(game_id)
        require_player(principal)
        if principal.host or seat not in principal.seats:
            raise ApiError(403, "not_your_seat", "only the seat's own token may resign it")
        if not competitive(record.game, record.players, record.options):
            raise RulesError("resign_not_offered", "only competitive games can be resigned")
        record = end_game(backend().store, record, {"reason": "resigned", "seat": seat})
        return _seat_changed(record, seat)
