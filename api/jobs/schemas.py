"""Bodies of the jobs and solver resources."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.fields import StrictFloat

STATUSES = ["queued", "started", "finished", "failed"]


class JobSchema(ma.Schema):
    id = fields.String(required=True)
    kind = fields.String(allow_none=True)
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    result = fields.Raw(allow_none=True)
    error = fields.String(allow_none=True)
    progress = fields.Dict(allow_none=True)
    enqueued_at = fields.String(allow_none=True)
    started_at = fields.String(allow_none=True)
    ended_at = fields.String(allow_none=True)


class SolverRequestSchema(ma.Schema):
    """A problem's input; each problem validates its own fields."""

    class Meta:
        unknown = ma.INCLUDE

    budget_s = StrictFloat(validate=validate.Range(min=0.01, max=3600))
