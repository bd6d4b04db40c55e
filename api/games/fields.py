"""Custom marshmallow fields of the games resource."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields


class OpenSeatsField(fields.Field):
    """``true`` (every seat), ``false``, or a list of seat numbers."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool):
            return value
        if isinstance(value, list) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            return value
        raise ma.ValidationError("open_seats is true, false or a list of seat numbers")


class StrictBoolean(fields.Boolean):
    """JSON true or false only (marshmallow's Boolean also takes 0, 1, "yes" ...)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise ma.ValidationError("must be true or false")
        return value
