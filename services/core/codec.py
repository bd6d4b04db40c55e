"""JSON for states, logs and answers: orjson, several times faster than the standard module.

States are plain JSON data (see :mod:`services.core.game`), so a JSON round trip is also
the fastest deep copy of one.
"""

from __future__ import annotations

import copy
from typing import Any

import orjson

_OPTS = orjson.OPT_NON_STR_KEYS


def dumps(obj: Any) -> bytes:
    """Compact JSON bytes; integer dict keys become strings, as the standard module does."""
    return orjson.dumps(obj, option=_OPTS)


def canonical(obj: Any) -> bytes | None:
    """One text per JSON value, for comparing values: sorted keys; None for a value with a
    non-string key or a non-JSON object.  NaN and infinities come out as null."""
    try:
        return orjson.dumps(obj, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        return None


def loads(data: bytes | bytearray | memoryview | str) -> Any:
    return orjson.loads(data)


def copy_json(obj: Any) -> Any:
    """A deep copy of JSON data through orjson, or ``copy.deepcopy`` for anything else.

    Data with a non-string key or a non-JSON object is copied the slow, exact way; tuples
    come back as lists, exactly as they would after a trip through the store.
    """
    try:
        out = orjson.loads(orjson.dumps(obj))
    except TypeError:
        return copy.deepcopy(obj)
    return out
