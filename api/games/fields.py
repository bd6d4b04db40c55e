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
