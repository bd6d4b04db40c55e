"""One error format for every failure: ``{"code", "message", "errors"}``.

Domain errors map to statuses here, so resources stay thin: RulesError is
422, an unknown game 404, a stale version 412, Redis down 503.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

import marshmallow as ma
import redis
from flask import Flask, current_app
from flask_smorest import Api, Blueprint
from werkzeug.exceptions import HTTPException

from api.json import dump
from api.observability import current_request_id
from services.core import RulesError
from services.play.seating import SeatError
from services.store.games import GameNotFound, VersionConflict

log = logging.getLogger(__name__)

#: default machine-readable codes per status
_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    412: "version_conflict",
    413: "payload_too_large",
    415: "unsupported_media_type",
    429: "rate_limited",
    422: "unprocessable",
    428: "precondition_required",
    500: "internal_error",
    503: "backend_unavailable",
}


class ErrorSchema(ma.Schema):
    code = ma.fields.String(required=True, metadata={"description": "machine-readable code"})
    message = ma.fields.String(required=True)
    errors = ma.fields.Dict(metadata={"description": "details, e.g. per-field problems"})
    request_id = ma.fields.String(metadata={"description": "also in X-Request-ID and the logs"})


F = TypeVar("F", bound=Callable[..., Any])


def error_responses(blp: Blueprint, *codes: int) -> Callable[[F], F]:
    """Document each status in ``codes`` as answered with the error body; the same as a
    stack of ``@blp.alt_response(code, schema=ErrorSchema)`` in that order."""

    def decorate(fn: F) -> F:
        for code in reversed(codes):  # a stack applies bottom-up
            fn = blp.alt_response(code, schema=ErrorSchema)(fn)
        return fn

    return decorate


class ApiError(Exception):
    """An error raised by a resource with its status, code and message."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        errors: dict | None = None,
        headers: dict[str, str] | None = None,
    ):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors or {}
        self.headers = headers or {}


#: status, code, message, details, extra headers: an error answer before it is serialised
ErrorParts = tuple[int, str, str, dict, dict[str, str]]


def error_body(
    code: str, message: str, errors: dict | None = None, request_id: str | None = None
) -> bytes:
    """The bytes of an error answer (the Flask path and :mod:`api.fastpath` share them)."""
    body: dict[str, Any] = {
        "code": code,
        "message": message,
        "errors": errors or {},
        "request_id": request_id,
    }
    return dump(body)


def error_response(status: int, code: str, message: str, errors: dict | None = None, headers=None):
    body = error_body(code, message, errors, current_request_id())
    response = current_app.response_class(body, status=status, mimetype="application/json")
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def domain_error(e: BaseException) -> ErrorParts | None:
    """How a domain exception is answered (None for one this does not know).

    One mapping for Flask's error handlers and the fast path, so both answer alike.
    """
    if isinstance(e, ApiError):
        return e.status, e.code, e.message, e.errors, e.headers
    if isinstance(e, RulesError):
        return 422, e.code, e.message, e.details, {}
    if isinstance(e, SeatError):
        return e.status, e.code, e.message, {}, {}
    if isinstance(e, GameNotFound):
        return 404, "game_not_found", "no such game (it may have expired)", {}, {}
    if isinstance(e, VersionConflict):
        headers = {"ETag": f'"{e.current}"'} if e.current is not None else {}
        message = f"the game is at version {e.current}; read it again and retry"
        return 412, "version_conflict", message, {"current_version": e.current}, headers
    if isinstance(e, (redis.ConnectionError, redis.TimeoutError)) or _passing(e):
        log.warning("redis unavailable: %s", e)
        message = "the game store is unavailable; retry shortly"
        return 503, "backend_unavailable", message, {}, {"Retry-After": "1"}
    return None


#: replies of a Redis that is between roles or shards: a failover or a slot migration
#: under way, or a master short of the replicas it needs to take a write
_PASSING = ("NOREPLICAS", "READONLY", "MASTERDOWN", "CLUSTERDOWN", "TRYAGAIN", "LOADING")


def _passing(e: Exception) -> bool:
    """A refusal that passes by itself once the failover or migration is over."""
    if not isinstance(e, redis.ResponseError):
        return False
    text = str(e).split(" of pipeline caused error: ")[-1]
    return text.startswith(_PASSING)


def unexpected_error() -> ErrorParts:
    """The answer to an exception nothing maps (logged with its traceback)."""
    log.exception("unhandled error")
    return 500, "internal_error", "an unexpected error occurred", {}, {}


class GreenroomApi(Api):
    """flask-smorest's Api with our error payload."""

    ERROR_SCHEMA = ErrorSchema

    def handle_http_exception(self, error: HTTPException):
        data = getattr(error, "data", None) or {}
        status = error.code or 500
        errors = data.get("messages") or data.get("errors") or {}
        if status in (400, 422) and errors:
            # webargs: the request body does not fit its schema
            return error_response(400, "invalid_request", "the request is malformed", errors)
        message = data.get("message") or error.description or error.name
        # keep what the exception says about itself (Allow on 405, Retry-After on 429)
        headers = {k: v for k, v in error.get_headers() if k.lower() != "content-type"}
        return error_response(status, _CODES.get(status, "error"), message, errors, headers)


def register_error_handlers(app: Flask) -> None:
    def _answer(parts: ErrorParts):
        status, code, message, errors, headers = parts
        return error_response(status, code, message, errors, headers)

    @app.errorhandler(ApiError)
    @app.errorhandler(RulesError)
    @app.errorhandler(SeatError)
    @app.errorhandler(GameNotFound)
    @app.errorhandler(VersionConflict)
    @app.errorhandler(redis.ConnectionError)
    @app.errorhandler(redis.TimeoutError)
    def _domain(e: Exception):
        return _answer(domain_error(e) or unexpected_error())

    @app.errorhandler(Exception)
    def _unexpected(e: Exception):
        if isinstance(e, HTTPException):
            return app.extensions["greenroom_api"].handle_http_exception(e)
        return _answer(domain_error(e) or unexpected_error())
