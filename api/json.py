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


class OrjsonProvider(JSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return orjson.dumps(obj, default=DefaultJSONProvider.default, option=_OPTS).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        body = orjson.dumps(obj, default=DefaultJSONProvider.default, option=_OPTS)
        return self._app.response_class(body, mimetype="application/json")


def answer(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """An answer whose response schema only documents it, serialised without a dump.

    flask-smorest passes a ready Response through untouched; the schema stays in the
    spec, and a test checks that these answers validate against it.
    """
    response = current_app.json.response(body)
    response.status_code = status
    response.headers.update(headers or {})
    return response
