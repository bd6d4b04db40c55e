"""Request bodies: one reader and one JSON parser for every route and both paths.

The reader enforces the size limit however the body arrives: a declared
``Content-Length`` over it is refused unread, a chunked body is read up to one byte past
it.  The parser is orjson with a nesting limit: no game action, option set or solver
problem comes near it, and a hostile body cannot reach a recursion limit further in
(the state codec, the rules).  Every failure is an :class:`~api.errors.ApiError` with a
machine-readable code: ``payload_too_large`` (413), ``json_too_deep`` and, as for any
body that does not fit its schema, ``invalid_request`` (400).
"""

from __future__ import annotations

from typing import Any

import orjson
from flask import Flask, request

from api.errors import ApiError

#: nesting of arrays and objects a body may have (the body itself is depth 1)
MAX_DEPTH = 32
#: where a body read by :func:`read_body` is kept in the WSGI environ
ENVIRON_KEY = "greenroom.body"
_CHUNK = 64 * 1024


def too_large(max_bytes: int) -> ApiError:
    return ApiError(
        413, "payload_too_large", f"the body is over {max_bytes} bytes", {"max_bytes": max_bytes}
    )


def has_body(environ: dict) -> bool:
    length = environ.get("CONTENT_LENGTH") or ""
    chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
    return chunked or (length.isdigit() and int(length) > 0)


def read_body(environ: dict, max_bytes: int) -> bytes:
    """The request's body, read once (kept in the environ) and at most ``max_bytes``."""
    kept = environ.get(ENVIRON_KEY)
    if kept is not None:
        return kept
    stream = environ["wsgi.input"]
    length = environ.get("CONTENT_LENGTH") or ""
    if "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
        size = None  # the server de-chunks; the end of the stream is the end of the body
    elif length.isdigit():
        size = int(length)
        if size > max_bytes:
            raise too_large(max_bytes)
    else:
        size = 0
    parts, total = [], 0
    while size is None or total < size:
        want = _CHUNK if size is None else min(_CHUNK, size - total)
        piece = stream.read(min(want, max_bytes + 1 - total))
        if not piece:
            break
        parts.append(piece)
        total += len(piece)
        if total > max_bytes:
            raise too_large(max_bytes)
    raw = b"".join(parts)
    environ[ENVIRON_KEY] = raw
    return raw


def depth_within(value: Any, limit: int = MAX_DEPTH) -> bool:
    """True when ``value`` nests arrays and objects at most ``limit`` deep (no recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return False
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return True


def parse_json(raw: bytes) -> Any:
    """The body's JSON value; 400 ``invalid_request`` (malformed) or ``json_too_deep``."""
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError as e:
        if "depth limit" in str(e) or "recursion" in str(e):
            raise _too_deep() from None
        details = {"json": [str(e)]}
        raise ApiError(400, "invalid_request", "the body is not valid JSON", details) from None
    if not depth_within(value):
        raise _too_deep()
    return value


def _too_deep() -> ApiError:
    return ApiError(
        400, "json_too_deep", f"the body nests more than {MAX_DEPTH} levels deep",
        {"max_depth": MAX_DEPTH},
    )  # fmt: skip


def install_body_limit(app: Flask) -> None:
    """Read every request's body before its route runs, so an over-limit body is a 413
    on every route (also one that never reads it) and however it arrives."""
    max_bytes = int(app.config["MAX_CONTENT_LENGTH"])

    @app.before_request
    def _limit_body() -> None:
        environ = request.environ
        if has_body(environ):
            read_body(environ, max_bytes)
