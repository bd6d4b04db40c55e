"""Request and response bodies of the games resource."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.fields import StrictFloat, StrictInteger
from api.games.fields import OpenSeatsField, StrictBoolean
from services.play.joining import LEAVE_TO
from services.play.seating import MAX_NAME

MAX_SEED = 2**63 - 1


class CreateGameSchema(ma.Schema):
    game = fields.String(
        metadata={"example": "tour", "description": "required unless `code` is given"}
    )
    players = StrictInteger(
        validate=validate.Range(1, 8),
        metadata={"description": "required unless `code` is given"},
    )
    code = fields.String(
        validate=validate.Length(1, 200),
        metadata={
            "description": "a Beat puzzle code (`B1.…`): opens its deal as a puzzle-mode "
            "game; game, players and options then come from the code"
        },
    )
    seed = StrictInteger(validate=validate.Range(0, MAX_SEED))
    options = fields.Dict(keys=fields.String(), load_default=dict)
    open_seats = OpenSeatsField(
        metadata={
            "description": "true (every seat) or a list of seats to leave open for others "
            "to claim; they get no token here",
            "oneOf": [{"type": "boolean"}, {"type": "array", "items": {"type": "integer"}}],
        }
    )
    listed = StrictBoolean(
        load_default=False,
        metadata={"description": "list it in GET /v1/games while seats are open"},
    )
    names = fields.List(
        fields.String(allow_none=True, validate=validate.Length(1, MAX_NAME)),
        validate=validate.Length(max=8),
        metadata={"description": "display names of the seats the creator keeps, by seat"},
    )
    on_leave = fields.String(
        load_default="bot",
        validate=validate.OneOf(LEAVE_TO),
        metadata={"description": "what a seat becomes when its player leaves: a bot plays "
                  "it, or it reopens for anyone to claim"},
    )  # fmt: skip

    @ma.validates_schema
    def game_or_code(self, data: dict, **kwargs) -> None:
        if "code" in data:
            return
        missing = {k: ["Missing data for required field."] for k in ("game", "players")}
        missing = {k: v for k, v in missing.items() if k not in data}
        if missing:
            raise ma.ValidationError(missing)


class CreatedGameSchema(ma.Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    players = fields.Integer(strict=True, required=True)
    seed = fields.Integer(strict=True, required=True)
    version = fields.Integer(strict=True, required=True)
    host_token = fields.String(required=True)
    seat_tokens = fields.List(
        fields.String(allow_none=True),
        required=True,
        metadata={"description": "null for a seat left open"},
    )
    view = fields.Dict(required=True, metadata={"description": "the host's view"})


class GameViewSchema(ma.Schema):
    """The caller's view: these keys plus whatever the game shows that caller."""

    class Meta:
        unknown = ma.INCLUDE

    @ma.post_dump(pass_original=True)
    def keep_game_fields(self, data: dict, original: dict, **kwargs) -> dict:
        # the declared keys are the envelope; the game's own view passes through as is
        return {**original, **data}

    game = fields.String(required=True)
    id = fields.String(required=True)
    version = fields.Integer(strict=True, required=True)
    status = fields.String(required=True, validate=validate.OneOf(["running", "finished"]))
    outcome = fields.Dict(allow_none=True, required=True)
    seat = fields.Integer(strict=True, allow_none=True)


class ReplayViewSchema(GameViewSchema):
    """A view of the game replayed to ``step`` of its ``steps`` logged actions."""

    step = fields.Integer(strict=True, required=True)
    steps = fields.Integer(strict=True, required=True)
    last = fields.Dict(allow_none=True, metadata={"description": "the action that led here"})
    last_events = fields.List(
        fields.Dict(), metadata={"description": "the rules' events of that action (none at 0)"}
    )


class ViewQuerySchema(ma.Schema):
    seat = fields.Integer(metadata={"description": "host only: view as this seat"})


class SeatActionSchema(ma.Schema):
    seat = fields.Integer(strict=True, required=True)
    action = fields.Dict(required=True)


class ActionFormSchema(ma.Schema):
    seat = fields.Integer(strict=True, required=True)
    form = fields.Dict(required=True)


class LegalActionsSchema(ma.Schema):
    version = fields.Integer(strict=True, required=True)
    actions = fields.List(fields.Nested(SeatActionSchema), required=True)
    forms = fields.List(fields.Nested(ActionFormSchema), required=True)


class PostActionSchema(ma.Schema):
    seat = StrictInteger(metadata={"description": "needed when the token acts for several"})
    action = fields.Dict(required=True)


class ActionResultSchema(ma.Schema):
    version = fields.Integer(strict=True, required=True)
    events = fields.List(fields.Dict(), required=True)
    view = fields.Nested(GameViewSchema, required=True)


class LogEntrySchema(ma.Schema):
    v = fields.Integer(strict=True, required=True)
    seat = fields.Integer(strict=True, required=True)
    action = fields.Dict(required=True)
    at = fields.Float(required=True)


class GameLogSchema(ma.Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    players = fields.Integer(strict=True, required=True)
    seed = fields.Integer(strict=True, required=True)
    options = fields.Dict(required=True)
    version = fields.Integer(strict=True, required=True)
    entries = fields.List(fields.Nested(LogEntrySchema), required=True)


class HintRequestSchema(ma.Schema):
    seat = StrictInteger()
    budget_s = StrictFloat(validate=validate.Range(min=0.05, max=600))


class JobAcceptedSchema(ma.Schema):
    id = fields.String(required=True)
    status = fields.String(required=True)
    location = fields.String(required=True)
