"""Flask's JSON through orjson: every answer and every parsed body.

Values orjson does not know (dates, decimals ...) fall back to Flask's own conversions, so
answers keep their shapes; keys keep their order.
"""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response, current_app
from flask.json.provider import DefaultJSONProvider, JSONProvider

_OPTS = orjson.OPT_NON_STR_KEYS


def dump(obj: Any) -> bytes:
    """The bytes of an answer, exactly as :func:`answer` would send them."""
    return orjson.dumps(obj, default=DefaultJSONProvider.default, option=_OPTS)


class OrjsonProvider(JSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return dump(obj).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        return self._app.response_class(dump(obj), mimetype="application/json")


def answer(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """An answer whose response schema only documents it, serialised without a dump.

    flask-smorest passes a ready Response through untouched; the schema stays in the
    spec, and a test checks that these answers validate against it.
    """
    return answer_bytes(dump(body), status, headers)


def answer_bytes(body: bytes, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """:func:`answer` for a body already serialised (a rendered view kept for reuse)."""
    response = current_app.response_class(body, status=status, mimetype="application/json")
    if headers:
        response.headers.update(headers)
    return response
