"""A WSGI layer in front of the Flask app that answers the two hot routes' common cases.

Through Flask a game view or a move costs several times a bare Flask request, and most
of the difference is the framework per request: werkzeug's request and response
objects, Flask's dispatch and contexts, flask-smorest and webargs, and six hooks.  This
layer serves

- ``GET /v1/games/<id>`` with no query or ``?seat=<n>``, with or without
  ``If-None-Match`` (not a long poll: any ``Prefer`` header goes to Flask), and
- ``POST /v1/games/<id>/actions`` with a JSON body that plainly fits
  ``PostActionSchema`` (``action`` an object, ``seat`` absent or an integer, nothing
  else), with or without ``If-Match``,

straight from the WSGI environ, calling the SAME functions the Flask resources and hooks
call: the limiter's check-and-read (:func:`api.request_reads.read_through_limits`), token
hashing and rights (:mod:`api.auth`), :func:`api.games.resources.view_answer` and
:func:`~api.games.resources.move_answer` (a move on the process's copy of its game passes
the copy and its limits there: one round trip, ``services.play.moves.perform``), the error
mapping and body (:func:`api.errors.domain_error`, :func:`~api.errors.error_body`), the
request metrics, the request id and the access log.  Headers come out in the order
Flask's hooks add them.

Everything else — another route or method, a query it does not read, a body that is not
plainly valid (Flask answers 400/413/422 with webargs' details), a request behind a
``SCRIPT_NAME`` — goes to the Flask app untouched (a body already read is handed on).
The choice is made before any side effect, so a request is never half served.
``FAST_PATH=0`` turns the layer off.
"""

from __future__ import annotations

import io
import re
import time
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from werkzeug.http import HTTP_STATUS_CODES

from api.auth import Principal, parse_bearer, principal_from_hash
from api.backend import Backend
from api.body import has_body, parse_json
from api.errors import ApiError, domain_error, error_body, unexpected_error
from api.games.resources import move_answer, view_answer
from api.metrics import RequestMetrics
from api.observability import log_access, outside_flask_id, request_id_from
from api.ratelimit import RateLimiter, limit_headers, refusal
from api.request_reads import fresh_fields, read_through_limits
from services.play.records import LimitGate, LimitRefused, StaleCopy
from services.store.games import GameRecord, hash_token
from services.store.limits import Verdict

WSGIApp = Callable[[dict, Callable], Iterable[bytes]]

_PREFIX = "/v1/games/"
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_SEAT_QUERY = re.compile(r"seat=(\d{1,6})")
_VIEW_RULE = "/v1/games/<game_id>"
_MOVE_RULE = "/v1/games/<game_id>/actions"
_JSON = ("Content-Type", "application/json")
_STATUS = {code: f"{code} {name.upper()}" for code, name in HTTP_STATUS_CODES.items()}


class FastPath:
    """The WSGI app: the common view and move here, every other request to ``flask_app``."""

    def __init__(self, app: Flask, flask_app: WSGIApp):
        self.flask_app = flask_app
        self.be: Backend = app.extensions["greenroom"]
        self.limiter: RateLimiter | None = app.extensions.get("greenroom_limiter")
        self.metrics: RequestMetrics = app.extensions["greenroom_metrics"]
        self.max_body = int(app.config["MAX_CONTENT_LENGTH"])
        #: requests answered here (a diagnostic: tests check the layer was used)
        self.served = 0
        #: moves sent from this process's copy of their game (a diagnostic, as ``served``)
        self.sent_on_copy = 0

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if not path.startswith(_PREFIX) or environ.get("SCRIPT_NAME"):
            return self.flask_app(environ, start_response)
        method = environ.get("REQUEST_METHOD")
        rest = path[len(_PREFIX) :]
        if method == "GET":
            plan = self._view_plan(environ, rest)
        elif method == "POST" and rest.endswith("/actions"):
            plan = self._move_plan(environ, rest[: -len("/actions")])
        else:
            plan = None
        if plan is None:
            return self.flask_app(environ, start_response)
        return self._serve(environ, start_response, method, path, *plan)

    # -- which requests are ours (no side effect before this says yes) --

    def _view_plan(self, environ: dict, game_id: str) -> tuple | None:
        if not _GAME_ID.fullmatch(game_id) or "HTTP_PREFER" in environ:
            return None
        if environ.get("CONTENT_LENGTH") not in (None, "", "0") or has_body(environ):
            return None  # a body on a view is Flask's to judge (its size limit, too)
        query = environ.get("QUERY_STRING", "")
        seat = None
        if query:
            m = _SEAT_QUERY.fullmatch(query)
            if m is None:
                return None
            seat = int(m.group(1))
        return _VIEW_RULE, game_id, self._view, seat

    def _move_plan(self, environ: dict, game_id: str) -> tuple | None:
        if not _GAME_ID.fullmatch(game_id) or "HTTP_TRANSFER_ENCODING" in environ:
            return None
        mimetype = environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower()
        length = environ.get("CONTENT_LENGTH", "")
        if mimetype != "application/json" or not length.isdigit():
            return None
        size = int(length)
        if not 0 < size <= self.max_body:
            return None
        stream = environ["wsgi.input"]
        raw = stream.read(size)
        while len(raw) < size:  # a server may hand the body over in pieces
            more = stream.read(size - len(raw))
            if not more:
                break
            raw += more
        # whatever happens next, Flask may still have to read the body: hand it on
        environ["wsgi.input"] = io.BytesIO(raw)
        body = _plain_action(raw) if len(raw) == size else None
        if body is None:
            return None
        return _MOVE_RULE, game_id, self._move, body

    # -- serving --

    def _serve(
        self,
        environ: dict,
        start_response: Callable,
        method: str,
        path: str,
        rule: str,
        game_id: str,
        handler: Callable[[dict, GameRecord, Any], tuple[int, bytes | None, dict[str, str]]],
        arg: Any,
    ) -> Iterable[bytes]:
        started = time.perf_counter()
        self.served += 1
        request_id = request_id_from(environ.get("HTTP_X_REQUEST_ID", ""))
        scope = outside_flask_id.set(request_id)
        try:
            staged: dict[str, str] = {}
            try:
                status, body, headers = self._answer(environ, game_id, handler, arg, staged)
            except Exception as e:  # noqa: BLE001 - every failure answers as Flask's handlers do
                status, code, message, errors, headers = domain_error(e) or unexpected_error()
                body = error_body(code, message, errors, request_id)
            out = [_JSON, ("Content-Length", str(len(body)))] if body is not None else []
            out += headers.items()
            out += staged.items()
            out.append(("X-Request-ID", request_id))
            self.metrics.observe(method, rule, status, started)
            log_access(method, path, status, started)
        finally:
            outside_flask_id.reset(scope)
        start_response(_STATUS[status], out)
        return [body] if body is not None else []

    def _answer(
        self, environ: dict, game_id: str, handler: Callable, arg: Any, staged: dict[str, str]
    ) -> tuple[int, bytes | None, dict[str, str]]:
        """The limits and the record (one round trip), then the route's own work."""
        bad_token: ApiError | None = None
        try:
            token = parse_bearer(environ.get("HTTP_AUTHORIZATION"))
        except ApiError as e:  # answered once the game is read, as the resource does
            token, bad_token = None, e
        th = hash_token(token) if token is not None else None
        fields = None
        limiter = self.limiter
        address = environ.get("REMOTE_ADDR") or "unknown"
        windows = None
        if limiter is not None and not limiter.skips_for(address):
            windows = limiter.windows_for(address, th)
        copy = None
        if handler == self._move and bad_token is None:
            copy = self._copy_and_caller(game_id, th)
        if copy is not None:
            # the move judged on this process's copy: its limits and commit in one script
            record, principal = copy
            gate = limiter.admission(windows) if windows is not None and limiter else None
            self.sent_on_copy += 1
            try:
                answer, headers = move_answer(
                    self.be, record, principal, arg, environ.get("HTTP_IF_MATCH"), gate, True
                )
            except LimitRefused:
                refused = self._stage(_verdict(gate), staged)
                assert refused is not None  # a refusal always carries its verdict
                return refused
            except StaleCopy as stale:
                if stale.fresh is None:  # nothing sent: the ordinary path below
                    self.sent_on_copy -= 1
                else:  # admitted, but the copy was stale: on with the hash the write found
                    self._stage(_verdict(gate), staged)
                    self.be.read_cache.keep(game_id, stale.fresh)
                    fields = stale.fresh
            else:
                self._stage(_verdict(gate), staged)
                return 200, answer, headers
        if fields is None and windows is not None:
            verdict, fields = read_through_limits(self.be, limiter, game_id, windows)
            refused = self._stage(verdict, staged)
            if refused is not None:
                return refused
        if fields is None:  # no limits, or Redis failed them (they fail open): read now
            fields = fresh_fields(self.be, game_id)
        record = self.be.read_cache.record(self.be.store, game_id, fields)
        if bad_token is not None:
            raise bad_token
        return handler(environ, record, (principal_from_hash(record, th), arg))

    @staticmethod
    def _stage(verdict: Verdict | None, staged: dict[str, str]) -> tuple | None:
        """The 429 of a refused verdict, else None with the limit headers staged."""
        if verdict is None:
            return None
        headers = limit_headers(verdict)
        if not verdict.admitted:
            status, code, message, errors, extra = refusal(verdict, headers)
            return status, error_body(code, message, errors, outside_flask_id.get()), extra
        staged.update(headers)
        return None

    def _copy_and_caller(self, game_id: str, th: str | None) -> tuple[GameRecord, Principal] | None:
        """This process's copy of the game and the caller's rights there; None without a
        copy or when either fails (the copy may be what is wrong: a fresh read judges)."""
        held = self.be.read_cache.fields(game_id)
        if held is None:
            return None
        try:
            record = self.be.read_cache.record(self.be.store, game_id, held)
            return record, principal_from_hash(record, th)
        except Exception:  # noqa: BLE001 - answered on the ordinary path, from a fresh read
            return None

    def _view(
        self, environ: dict, record: GameRecord, args: tuple
    ) -> tuple[int, bytes | None, dict[str, str]]:
        principal, seat = args
        inm = environ.get("HTTP_IF_NONE_MATCH")
        return view_answer(self.be, record, principal, seat, inm, "")

    def _move(
        self, environ: dict, record: GameRecord, args: tuple
    ) -> tuple[int, bytes | None, dict[str, str]]:
        principal, body = args
        answer, headers = move_answer(
            self.be, record, principal, body, environ.get("HTTP_IF_MATCH")
        )
        return 200, answer, headers


def _verdict(gate: LimitGate | None) -> Verdict | None:
    """The verdict a write's gate received (None: no limits applied)."""
    if gate is None or gate.reply is None:
        return None
    return RateLimiter.verdict(gate.reply)


def _plain_action(raw: bytes) -> dict | None:
    """The body as ``PostActionSchema`` would load it, or None when anything is unusual
    (then webargs and marshmallow judge it on the Flask path)."""
    if raw.startswith(b"\xef\xbb\xbf"):
        return None
    try:
        body = parse_json(raw)
    except ApiError:  # answered on the Flask path, by the same parser
        return None
    if type(body) is not dict or type(body.get("action")) is not dict:
        return None
    if not body.keys() <= {"seat", "action"}:
        return None
    if "seat" in body and type(body["seat"]) is not int:
        return None
    return {**body, "action": dict(body["action"])}


def install_fast_path(app: Flask, enabled: bool) -> None:
    """Put the fast path in front of ``app.wsgi_app`` (so the test client and gunicorn both
    go through it), when ``enabled``."""
    if enabled:
        app.wsgi_app = FastPath(app, app.wsgi_app)
