"""GET /v1/games/{id}/stream: a game pushed to one viewer as Server-Sent Events.

Wire format (one SSE event per line group; ``id:`` is always a version):

- ``event: view`` — ``{"version", "view", "moves", "complete"}``: the viewer's
  full view (exactly ``GET /v1/games/{id}``) and the moves since the previous
  event (all versions after ``Last-Event-ID`` on a resume, none on a fresh
  connection).  Each move is ``{"version", "seat", "events"}``; ``events`` are
  the rules' events of that move, shown only to the seat that made it (as the
  ``POST .../actions`` answer shows them), or to the host of an
  open-information game; everyone else gets ``[]``.  ``complete`` is false
  when a resume point was so old that some versions' events were trimmed.
- ``event: end`` — ``{"version", "status", "outcome", "rematch"}`` (or
  ``{"reason": "deleted"}``), after which the server closes the stream.
  ``rematch`` is the next game's id once one was asked for, else null; a
  rematch asked for later bumps the finished game's version, so a client
  learns it by long-polling the view (or by opening the stream again).
- comment lines (``: keep-alive``) every ``STREAM_HEARTBEAT`` seconds.

Fast moves may share one ``view`` event (its ``moves`` lists each version), so
a slow reader never falls behind by more than one view.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import marshmallow as ma
import marshmallow.validate
from flask import Response, request
from flask.views import MethodView

from api.auth import Principal, principal_from_hash, require_player, token_hash
from api.backend import Backend, backend
from api.blueprint import Blueprint
from api.errors import ApiError, error_responses
from api.games.views import envelope
from api.request_reads import game_and_caller, game_record
from services.core.codec import dumps
from services.registry import get_game
from services.store.endings import outcome_of
from services.store.fanout import Hub, Move, hub_for
from services.store.games import GameNotFound, GameRecord
from services.store.stream_tickets import TicketStore

blp = Blueprint(
    "live", __name__, url_prefix="/v1/games", description="Live play: a game pushed as it moves"
)

_LAST_ID = re.compile(r"^\s*(\d{1,18})\s*$")

EXAMPLE = (
    "retry: 2000\n\n"
    'event: view\nid: 3\ndata: {"version": 3, "view": {"game": "beat", "version": 3, ...}, '
    '"moves": [], "complete": true}\n\n'
    ": keep-alive\n\n"
    'event: view\nid: 4\ndata: {"version": 4, "view": {...}, '
    '"moves": [{"version": 4, "seat": 1, "events": []}], "complete": true}\n\n'
    'event: end\nid: 9\ndata: {"version": 9, "status": "finished", "outcome": {...}, '
    '"rematch": null}\n\n'
)


class StreamQuerySchema(ma.Schema):
    ticket = ma.fields.String(
        validate=ma.validate.Length(min=1, max=128),
        metadata={
            "description": "a single-use ticket from `POST /v1/games/{id}/stream-tickets`, "
            "for clients that cannot set headers (a browser's EventSource); it stands for "
            "the token that asked for it, so no token appears in the URL"
        },
    )
    seat = ma.fields.Integer(metadata={"description": "host only: stream as this seat"})
    last_event_id = ma.fields.Integer(
        validate=ma.validate.Range(min=0),
        metadata={"description": "resume after this version (the Last-Event-ID header wins)"},
    )


class StreamTicketSchema(ma.Schema):
    ticket = ma.fields.String(required=True, metadata={"description": "use once, as `?ticket=`"})
    expires_s = ma.fields.Integer(
        required=True, metadata={"description": "seconds left to open the stream with it"}
    )


def tickets(be: Backend) -> TicketStore:
    return TicketStore(be.redis, be.settings.prefix, be.settings.stream_ticket_ttl_s)


def caller_of(be: Backend, game_id: str, ticket: str | None) -> tuple[GameRecord, Principal]:
    """The game and the stream's caller: the ticket's token when one is given (401
    ``invalid_ticket`` when it is unknown, used, expired or of another game), else the
    Authorization header's, else a spectator."""
    if ticket is None:
        return game_and_caller(game_id)
    if token_hash() is not None:
        raise ApiError(
            400, "ticket_and_token", "send a ticket or an Authorization header, not both"
        )
    held = tickets(be).redeem(game_id, ticket)
    if held is None:
        raise ApiError(
            401, "invalid_ticket", "this stream ticket is unknown, used, expired or of another game"
        )
    record = game_record(game_id)
    return record, principal_from_hash(record, held)


def sse(event: str, version: int, data: dict[str, Any]) -> str:
    return f"event: {event}\nid: {version}\ndata: {dumps(data).decode()}\n\n"


def visible_events(move: Move, principal: Principal, seat: int | None, open_info: bool) -> list:
    """The move's events as this viewer may see them (see the module docstring)."""
    if move.public or (principal.host and open_info):
        return move.events
    if seat is not None and move.seat == seat and (principal.host or seat in principal.seats):
        return move.events
    return []


def _resume_point(query: dict[str, Any]) -> int | None:
    raw = request.headers.get("Last-Event-ID")
    if raw is not None and raw.strip():
        m = _LAST_ID.match(raw)
        if not m:
            raise ApiError(400, "bad_last_event_id", "Last-Event-ID must be a version number")
        return int(m.group(1))
    return query.get("last_event_id")


def events_for(
    be: Backend,
    game_id: str,
    principal: Principal,
    seat: int | None,
    after: int | None,
) -> Iterator[str]:
    """The stream's text, chunk by chunk, until the game ends, is deleted or times out."""
    settings = be.settings
    store = be.store
    hub = hub_for(settings.game_redis(), settings.prefix)
    deadline = time.monotonic() + settings.stream_max_s
    yield "retry: 2000\n\n"
    sent: int | None = None
    woken = False
    with hub.watch(game_id) as waiter:
        while True:
            waiter.event.clear()
            try:
                record = hub.record(store, game_id, trust=woken)
            except GameNotFound:
                yield sse("end", sent or 0, {"reason": "deleted"})
                return
            if sent is None or record.version > sent:
                yield _view_event(be, hub, record, principal, seat, after if sent is None else sent)
                sent = record.version
            if record.status == "finished":
                outcome = (
                    outcome_of(record.ended)
                    if record.ended
                    else get_game(record.game).outcome(record.state)
                )
                body = {
                    "version": record.version,
                    "status": record.status,
                    "outcome": outcome,
                    "rematch": record.rematch,
                }
                yield sse("end", record.version, body)
                return
            left = deadline - time.monotonic()
            if left <= 0:
                return
            woken = waiter.event.wait(min(settings.stream_heartbeat_s, left))
            if not woken:
                yield ": keep-alive\n\n"


def _view_event(
    be: Backend,
    hub: Hub,
    record: GameRecord,
    principal: Principal,
    seat: int | None,
    after: int | None,
) -> str:
    view = envelope(record, principal, seat)
    moves: list[Move] = []
    complete = True
    if after is not None and after < record.version:
        moves, complete = hub.moves(be.store, record.id, after, record.version)
    open_info = get_game(record.game).open_information(record.state)
    shown = [
        {
            "version": m.version,
            "seat": m.seat,
            "events": visible_events(m, principal, view["seat"], open_info),
        }
        for m in moves
    ]
    body = {"version": record.version, "view": view, "moves": shown, "complete": complete}
    return sse("view", record.version, body)


@blp.route("/<game_id>/stream")
class Stream(MethodView):
    @blp.arguments(StreamQuerySchema, location="query")
    @blp.doc(
        parameters=[
            {
                "in": "header",
                "name": "Last-Event-ID",
                "schema": {"type": "string"},
                "description": "resume after this version (browsers send it on reconnect)",
            }
        ],
        responses={
            "200": {
                "description": "Server-Sent Events: `view` events (id = version) until an "
                "`end` event; resume with `Last-Event-ID`",
                "content": {
                    "text/event-stream": {"schema": {"type": "string"}, "example": EXAMPLE}
                },
            }
        },
    )
    @error_responses(blp, 400, 401, 403, 404, 422)
    def get(self, query, game_id):
        """The caller's view pushed as Server-Sent Events: a view per new version, then `end`

        A seat or the host authenticates with the Authorization header, or, where headers
        cannot be set, with a ticket (`?ticket=`, see `POST .../stream-tickets`); a token
        in the query is refused. Spectators send neither.
        """
        be = backend()
        if "token" in request.args:  # it would sit in access logs and proxies
            raise ApiError(
                400,
                "token_in_url",
                "send the token in the Authorization header, or open the stream with a ticket "
                "from POST /v1/games/{id}/stream-tickets",
            )
        # the record read with the rate-limit check when there is one
        record, principal = caller_of(be, game_id, query.get("ticket"))
        seat = query.get("seat")
        envelope(record, principal, seat)  # refuse a view the caller may not have, up front
        after = _resume_point(query)
        response = Response(
            events_for(be, game_id, principal, seat, after),
            status=200,
            mimetype="text/event-stream",
        )
        # proxies must neither buffer nor cache a live stream
        response.headers["Cache-Control"] = "no-cache"
        response.headers["X-Accel-Buffering"] = "no"
        return response


@blp.route("/<game_id>/stream-tickets")
class StreamTickets(MethodView):
    @blp.response(201, StreamTicketSchema)
    @error_responses(blp, 401, 404)
    def post(self, game_id):
        """A single-use ticket to open this game's stream as the caller's token.

        For clients that cannot send headers with the stream request (a browser's
        EventSource): send the seat or host token here in the Authorization header,
        then open `GET /v1/games/{id}/stream?ticket=…` within `expires_s` seconds.
        The ticket works once, for this game only. Spectators need none.
        """
        be = backend()
        record, principal = game_and_caller(game_id)
        require_player(principal)
        ticket = tickets(be).issue(record.id, token_hash())
        return {"ticket": ticket, "expires_s": be.settings.stream_ticket_ttl_s}
