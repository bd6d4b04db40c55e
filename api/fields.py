"""Strict number fields for request bodies: a JSON number only, never a string or a bool
(marshmallow's own take "0.5" and true)."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields


class StrictFloat(fields.Float):
    """A JSON number only (marshmallow's Float also takes "0.5" and true)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ma.ValidationError("must be a number")
        return super()._deserialize(value, attr, data, **kwargs)


class StrictInteger(fields.Integer):
    """A JSON integer only (marshmallow's strict Integer still takes true and false)."""

    def __init__(self, **kwargs):
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool):
            raise ma.ValidationError("must be an integer")
        return super()._deserialize(value, attr, data, **kwargs)
