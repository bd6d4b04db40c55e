"""Request ids and structured (JSON) logs.

Every request gets an id — the caller's ``X-Request-ID`` when it is sane,
else a fresh one — echoed in the response header, in every error body and
on every log line written while the request runs.
"""

from __future__ import annotations

import json
import logging
import os
import re
import time
from contextvars import ContextVar

from flask import Flask, g, has_request_context, request

_SANE_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")

#: the id of a request served outside Flask (api.fastpath), for its log lines
outside_flask_id: ContextVar[str | None] = ContextVar("outside_flask_id", default=None)

access = logging.getLogger("greenroom.access")


def current_request_id() -> str | None:
    if has_request_context():
        return g.get("request_id")
    return outside_flask_id.get()


def request_id_from(given: str) -> str:
    """The caller's ``X-Request-ID`` when it is sane, else a fresh id: 128 random bits in
    32 hex digits, a uuid4's length, without building a UUID object on every request of
    the fast path."""
    return given if _SANE_ID.match(given) else os.urandom(16).hex()


def log_access(method: str, path: str, status: int, started: float) -> None:
    """The access log's line for one request (built only when the log is on)."""
    if access.isEnabledFor(logging.INFO):
        access.info(
            "request",
            extra={
                "method": method,
                "path": path,
                "status": status,
                "ms": round((time.perf_counter() - started) * 1000, 2),
            },
        )


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = current_request_id()
        return True


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
            "request_id": getattr(record, "request_id", None),
        }
        for key in ("method", "path", "status", "ms"):
            if hasattr(record, key):
                entry[key] = getattr(record, key)
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        return json.dumps(entry)


def configure_logging(level: str = "INFO") -> None:
    """JSON lines on stderr for the app's loggers, each tagged with the request id."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    handler.addFilter(RequestIdFilter())
    for name in ("greenroom", "api", "services"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level)
        logger.propagate = False


def install_request_ids(app: Flask) -> None:
    # each hook takes the request and ``g`` behind their proxies once (a proxy lookup is a
    # few function calls, and the hot path made dozens)
    @app.before_request
    def _assign_id() -> None:
        given = request._get_current_object().headers.get("X-Request-ID", "")
        store = g._get_current_object()
        store.request_id = request_id_from(given)
        store.started = time.perf_counter()

    @app.after_request
    def _echo_id(response):
        store = g._get_current_object()
        response.headers["X-Request-ID"] = store.get("request_id", "")
        if access.isEnabledFor(logging.INFO):
            req = request._get_current_object()
            started = store.get("started", time.perf_counter())
            log_access(req.method, req.path, response.status_code, started)
        return response
