"""GET /v1/games/{id}/history: the caller's story so far, one entry per logged action.

A table that opens on a game already under way (a reload, another device) has to tell
what happened before it came. The log would say it, but it holds hidden moves; the
stream's moves say it without them, but not the views a story is drawn from. This read
replays the game once and answers, for each action after ``after``, the caller's own
view after it, exactly as ``GET /v1/games/{id}`` showed that version to the same caller
(so nothing new is revealed), with the action and its events only where the caller may
see them: its own seat's moves, every move for the host or once the log is public.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import marshmallow as ma
from flask.views import MethodView
from marshmallow import fields, validate

from api.auth import Principal
from api.backend import backend
from api.blueprint import Blueprint
from api.errors import ApiError, error_responses
from api.games.views import envelope
from api.request_reads import game_and_caller
from services.core.game import Game as GameRules
from services.play.clock import rules_options
from services.play.records import GameRecord
from services.registry import get_game

blp = Blueprint(
    "history",
    __name__,
    url_prefix="/v1/games",
    description="A game's story so far, as the caller may see it",
)

#: entries per answer: a client pages on with ``after`` (``more`` says when to)
PAGE = 100


class HistoryQuerySchema(ma.Schema):
    after = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0),
        metadata={"description": "only the actions of versions after this one"},
    )
    seat = fields.Integer(metadata={"description": "host only: as this seat sees it"})


class HistoryEntrySchema(ma.Schema):
    version = fields.Integer(strict=True, required=True)
    seat = fields.Integer(strict=True, required=True, metadata={"description": "who moved"})
    action = fields.Dict(
        allow_none=True,
        required=True,
        metadata={"description": "what was played; null when the caller may not know it"},
    )
    events = fields.List(
        fields.Dict(), required=True, metadata={"description": "the rules' events, as above"}
    )
    view = fields.Dict(required=True, metadata={"description": "the caller's view after it"})


class HistorySchema(ma.Schema):
    version = fields.Integer(strict=True, required=True, metadata={"description": "the game's"})
    start = fields.Dict(
        required=True, metadata={"description": "the caller's view before the first entry"}
    )
    entries = fields.List(fields.Nested(HistoryEntrySchema), required=True)
    more = fields.Boolean(required=True, metadata={"description": "ask again after the last"})


def shows_moves_of(
    record: GameRecord, principal: Principal, seat: int | None, game: GameRules
) -> frozenset[int]:
    """The seats whose actions and events the caller may read: every seat when the log is
    public to it (the host, a finished or open-information game), else the seat it views
    as (the stream's rule for events), and none for a spectator."""
    if record.status == "finished" or game.open_information(record.state) or principal.host:
        return frozenset(range(record.players))
    return frozenset() if seat is None else frozenset({seat})


def story_entries(
    record: GameRecord,
    log: list[dict[str, Any]],
    principal: Principal,
    seat: int | None,
    after: int,
    page: int = PAGE,
) -> dict[str, Any]:
    """Replay ``log`` once; the caller's view before and after each action past ``after``
    (at most ``page`` actions)."""
    game = get_game(record.game)
    log = [e for e in log if e["v"] <= record.version]  # a move that landed after the read
    only = shows_moves_of(record, principal, seat, game)
    state = game.new(record.players, rules_options(record.options), record.seed)

    def seen(state: dict[str, Any], version: int, last: bool) -> dict[str, Any]:
        # past versions as the view route showed them; the last keeps how the game ended
        if last:
            past = replace(record, state=state, version=version)
        else:
            status = "finished" if game.outcome(state) is not None else "running"
            past = replace(record, state=state, version=version, status=status, ended=None)
        return envelope(past, principal, seat)

    start: dict[str, Any] | None = None
    entries: list[dict[str, Any]] = []
    version = 1
    for i, entry in enumerate(log):
        if entry["v"] > after and start is None:
            start = seen(state, version, False)
        state, events = game.apply(state, entry["seat"], entry["action"])
        version = entry["v"]
        if start is None:
            continue
        if len(entries) == page:
            break
        mine = entry["seat"] in only
        entries.append({
            "version": version,
            "seat": entry["seat"],
            "action": entry["action"] if mine else None,
            "events": events if mine else [],
            "view": seen(state, version, i == len(log) - 1),
        })  # fmt: skip
    more = bool(entries) and entries[-1]["version"] < log[-1]["v"]
    if start is None:
        start = envelope(record, principal, seat)
    return {"version": record.version, "start": start, "entries": entries, "more": more}


@blp.route("/<game_id>/history")
class History(MethodView):
    @blp.arguments(HistoryQuerySchema, location="query")
    @blp.response(200, HistorySchema)
    @error_responses(blp, 401, 403, 404, 422)
    def get(self, query, game_id):
        """The caller's story so far: its view after each action, and the moves it may see

        Each entry is one logged action after `after`: its version, who moved, the
        caller's view after it (what `GET /v1/games/{id}` showed the same caller at that
        version) and, only where the caller may know them, the action and the rules'
        events (its own seat's moves; every move for the host, for an open-information
        game or once the game is over). `start` is the view before the first entry. At
        most 100 entries per answer: when `more`, ask again after the last one.
        """
        record, principal = game_and_caller(game_id)
        seat = query.get("seat")
        envelope(record, principal, seat)  # the caller may have this view at all
        if not principal.host and principal.seats:
            seat = next(iter(principal.seats))
        elif seat is not None and not principal.host:
            raise ApiError(401, "token_required", "a seat's view needs its token")
        log = backend().store.log(game_id)
        return story_entries(record, log, principal, seat, query["after"])
