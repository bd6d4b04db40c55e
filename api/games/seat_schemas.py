"""Request and response bodies of seats, the lobby and rematches."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.games.schemas import GameViewSchema
from services.play.joining import LEAVE_TO
from services.play.seating import MAX_NAME


class SeatInfoSchema(ma.Schema):
    seat = fields.Integer(strict=True, required=True)
    name = fields.String(allow_none=True, required=True)
    kind = fields.String(required=True, validate=validate.OneOf(["human", "bot", "open"]))
    open = fields.Boolean(required=True)
    invited = fields.Boolean(
        required=True, metadata={"description": "an open seat kept for an invite"}
    )
    joined = fields.Boolean(
        required=True, metadata={"description": "false while a rematch seat awaits its player"}
    )


class ClaimSeatSchema(ma.Schema):
    name = fields.String(required=True, validate=validate.Length(1, MAX_NAME))
    invite = fields.String(
        validate=validate.Length(1, 200), metadata={"description": "needed for an invited seat"}
    )


class ClaimedSeatSchema(ma.Schema):
    id = fields.String(required=True)
    seat = fields.Integer(strict=True, required=True)
    name = fields.String(required=True)
    token = fields.String(required=True, metadata={"description": "the seat token, shown once"})
    version = fields.Integer(strict=True, required=True)
    view = fields.Nested(GameViewSchema, required=True)


class BotSeatSchema(ma.Schema):
    name = fields.String(validate=validate.Length(1, MAX_NAME))


class SeatChangedSchema(ma.Schema):
    id = fields.String(required=True)
    seat = fields.Integer(strict=True, required=True)
    version = fields.Integer(strict=True, required=True)
    seating = fields.List(fields.Nested(SeatInfoSchema), required=True)


class InviteSchema(ma.Schema):
    id = fields.String(required=True)
    seat = fields.Integer(strict=True, required=True)
    invite = fields.String(required=True, metadata={"description": "claims this seat, once"})
    url = fields.String(required=True, metadata={"description": "a join link for the web page"})
    version = fields.Integer(strict=True, required=True)


class LobbyQuerySchema(ma.Schema):
    game = fields.String(metadata={"description": "only games of this kind"})
    status = fields.String(
        load_default="open",
        validate=validate.OneOf(["open"]),
        metadata={"description": "open: listed games with a seat anyone may claim"},
    )
    limit = fields.Integer(load_default=20, validate=validate.Range(1, 100))
    offset = fields.Integer(load_default=0, validate=validate.Range(0, 10_000))


class LobbyGameSchema(ma.Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    title = fields.String(required=True)
    players = fields.Integer(strict=True, required=True)
    options = fields.Dict(required=True)
    seats = fields.List(fields.Nested(SeatInfoSchema), required=True)
    open_seats = fields.List(fields.Integer(), required=True)
    taken = fields.Integer(strict=True, required=True)
    created = fields.Float(required=True)
    updated = fields.Float(required=True)


class LobbySchema(ma.Schema):
    games = fields.List(fields.Nested(LobbyGameSchema), required=True)
    total = fields.Integer(strict=True, required=True)
    limit = fields.Integer(strict=True, required=True)
    offset = fields.Integer(strict=True, required=True)
    next_offset = fields.Integer(strict=True, allow_none=True, required=True)


class RematchSchema(ma.Schema):
    id = fields.String(required=True, metadata={"description": "the next game"})
    game = fields.String(required=True)
    players = fields.Integer(strict=True, required=True)
    version = fields.Integer(strict=True, required=True)
    created = fields.Boolean(required=True, metadata={"description": "this call made it"})
    seat = fields.Integer(strict=True, allow_none=True, required=True)
    token = fields.String(
        allow_none=True, required=True, metadata={"description": "the caller's seat token"}
    )
    host_token = fields.String(
        allow_none=True, required=True, metadata={"description": "for the old game's host"}
    )
    view = fields.Nested(GameViewSchema, required=True)


class LeaveSeatSchema(ma.Schema):
    then = fields.String(
        validate=validate.OneOf(LEAVE_TO),
        metadata={"description": "host token only: a bot takes the seat (the default) or "
                  "it reopens; a player's own leave follows the game's on_leave"},
    )  # fmt: skip
