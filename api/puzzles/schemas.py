"""Request and response bodies of the puzzle resources."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.fields import StrictFloat, StrictInteger


class DailyQuerySchema(ma.Schema):
    date = fields.String(
        metadata={"description": "a UTC date YYYY-MM-DD up to today (default: today)"}
    )


class ArchiveQuerySchema(ma.Schema):
    venue = fields.String(metadata={"description": "venue id, number or name"})
    players = fields.Integer(validate=validate.Range(2, 4))
    grade = fields.Integer(validate=validate.Range(1, 5))
    tag = fields.String(metadata={"example": "needs the Solo"})
    limit = fields.Integer(load_default=50, validate=validate.Range(1, 200))
    offset = fields.Integer(load_default=0, validate=validate.Range(0, 10_000))


class PuzzleEntrySchema(ma.Schema):
    class Meta:
        unknown = ma.INCLUDE

    code = fields.String(required=True)
    venue = fields.String(required=True)
    players = fields.Integer(strict=True, required=True)
    grade = fields.Integer(strict=True, required=True)
    tags = fields.List(fields.String(), required=True)
    lines = fields.Integer(strict=True, allow_none=True)
    unique = fields.Boolean(required=True)
    source = fields.String(required=True, metadata={"description": "generated or daily"})
    attempts = fields.Integer(strict=True, required=True)
    solves = fields.Integer(strict=True, required=True, metadata={"description": "games won"})
    daily = fields.String(metadata={"description": "the date it was the daily puzzle"})


class ArchiveSchema(ma.Schema):
    puzzles = fields.List(fields.Nested(PuzzleEntrySchema), required=True)
    total = fields.Integer(strict=True, required=True)
    limit = fields.Integer(strict=True, required=True)
    offset = fields.Integer(strict=True, required=True)


class DailySchema(PuzzleEntrySchema):
    date = fields.String(required=True)


class ForkRequestSchema(ma.Schema):
    step = StrictInteger(
        required=True,
        validate=validate.Range(min=0),
        metadata={"description": "how many logged actions the fork keeps"},
    )


class AnalysisRequestSchema(ma.Schema):
    budget_s = StrictFloat(validate=validate.Range(min=0.5, max=600))
