"""Rate limits per client address and per token: a moving window kept in Redis.

Both limits are application-wide (every endpoint shares them) and hold across
any number of API processes because the windows live in Redis.  Each is a
list of the admitted requests' times, so a limit of N per minute means at most
N requests in *any* 60 seconds (a moving window: no burst of 2N across a fixed
window's edge).  A list, not a sorted set: times come (all but) in order, so the
newest join at one end and the oldest leave at the other, each in constant
time, a long run of old ones goes in one ``LTRIM``, and a list of integers takes
a small fraction of a sorted set's memory (the windows hold every admitted
request of the last minute).  One Lua script checks and records both limits, so
a request pays a single Redis round trip for them.

The windows themselves, the script that checks them and the read of the request's game
that may share it are the store's (:mod:`services.store.limits`); this module maps a request
to its windows and a verdict to its answer.  The windows may live in a store of their own
(``LIMITS_REDIS_URL``; by default the game store).

A breach is a 429 in the usual error format with ``Retry-After``; admitted
requests carry ``X-RateLimit-Limit``, ``-Remaining`` and ``-Reset`` for the
tightest limit.  Health, metrics, the docs and the web page's files are exempt
so probes never starve.  When Redis cannot be reached the limit lets the request through: the
request itself then reports the outage.

The windows live in Redis's memory only (neither the append-only file nor replicas see
them), so after a restart or a failover they start empty.  They hold a minute at most, and the
limits already let everything through while Redis is away, so keeping them would promise
nothing; writing them would make every request, views included, a write to disk.  A move's
commit (``GameStore.commit`` with a :class:`~services.play.records.LimitGate`) checks its
limits in its own script, and its own writes are persisted as before.

Loopback clients (127.0.0.0/8, ::1) may have a rule of their own instead
(``RATE_LIMIT_LOOPBACK``: a limit, or "exempt"): ``make run`` exempts them so
a local bot can play as fast as the server answers.

The client address is ``request.remote_addr``.  With ``TRUSTED_PROXIES`` = n,
werkzeug's ProxyFix takes it from the n-th address from the right of
``X-Forwarded-For`` (the one the outermost trusted proxy saw), so a client
cannot pick its own address by sending the header; with 0 (the default) the
header is ignored.  Behind a proxy on the same host, set it, or every client
would count as loopback.
"""

from __future__ import annotations

import ipaddress
import math
import re
from dataclasses import dataclass

import redis
from flask import Flask, Response, g, request
from werkzeug.middleware.proxy_fix import ProxyFix

from api.auth import token_hash
from api.config import Settings
from api.errors import ApiError, error_response
from services.play.records import LimitGate
from services.store.limits import LimitWindows, Verdict, verdict_of

_PER = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
_LIMIT = re.compile(r"^\s*(\d+)\s*(?:/|per)\s*(\d*)\s*(second|minute|hour|day)s?\s*$")

#: endpoints (blueprint or view names) that no limit applies to
EXEMPT_BLUEPRINTS = frozenset({"health", "api-docs", "docs_assets", "web"})
EXEMPT_ENDPOINTS = frozenset({"metrics", "static"})


@dataclass(frozen=True)
class Limit:
    """``count`` requests in any ``window_s`` seconds."""

    count: int
    window_s: int

    @classmethod
    def parse(cls, text: str) -> Limit:
        """``"6000/minute"``, ``"10 per 5 seconds"``; a bad string fails at start-up."""
        m = _LIMIT.match(text)
        if not m or int(m.group(1)) < 1:
            raise ValueError(f"not a rate limit: {text!r} (write e.g. '6000/minute')")
        return cls(int(m.group(1)), int(m.group(2) or 1) * _PER[m.group(3)])


#: the value of RATE_LIMIT_LOOPBACK that lifts every limit from loopback clients
EXEMPT = "exempt"


def client_address() -> str:
    return request.remote_addr or "unknown"


def is_loopback() -> bool:
    return _loopback(client_address())


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def install_proxy_fix(app: Flask, settings: Settings) -> None:
    """Believe X-Forwarded-For (and -Proto, -Host) through ``trusted_proxies`` hops only."""
    n = settings.trusted_proxies
    if n > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n)


class RateLimiter:
    """Checks both limits of a request in one Redis round trip."""

    def __init__(
        self,
        client: redis.Redis,
        prefix: str,
        by_address: Limit | None,
        by_token: Limit | None,
        loopback: Limit | str | None = None,
        game_client: redis.Redis | None = None,
    ):
        self.by_address = by_address
        self.by_token = by_token
        #: the rule for loopback clients: a Limit, EXEMPT, or None (the general limits)
        self.loopback = loopback
        #: the windows in Redis (and the game read that may share their script)
        self.store = LimitWindows(client, prefix, game_client)

    @property
    def prefix(self) -> str:
        """The key prefix every window's key goes under."""
        return self.store.prefix

    @property
    def fused(self) -> bool:
        """The windows share the games' plain Redis (one script checks both)."""
        return self.store.fused

    def hit(self, windows: list[tuple[str, Limit]], now_ms: int) -> Verdict:
        """Record one request at ``now_ms`` in every window that has room for it."""
        return self.store.hit(windows, now_ms)

    def admission(self, windows: list[tuple[str, Limit]]) -> LimitGate:
        """``windows`` as a write's gate (``GameStore.commit``)."""
        return self.store.admission(windows)

    def check(
        self,
        windows: list[tuple[str, Limit]],
        read: str | None = None,
        known: tuple[bytes, bytes] | None = None,
    ) -> tuple[Verdict, dict[bytes, bytes] | object | None]:
        """:meth:`gate` for given windows, outside Flask: the verdict and the hash's fields."""
        return self.store.check(windows, read, known)

    @staticmethod
    def verdict(raw: list) -> Verdict:
        """The verdict in a reply of the windows' script (its first five items)."""
        return verdict_of(raw)

    def skips(self) -> bool:
        """True when the current request counts in no window (an exempt loopback client)."""
        return self.skips_for(client_address())

    def skips_for(self, address: str) -> bool:
        """:meth:`skips` for a client at ``address``."""
        return self.loopback == EXEMPT and _loopback(address)

    def gate(
        self, read: str | None = None, known: tuple[bytes, bytes] | None = None
    ) -> tuple[Response | None, dict[bytes, bytes] | object | None]:
        """Check the current request; with ``read``, also fetch that hash if admitted.

        ``known`` is the version and created time of a copy of the hash the caller holds.
        Returns the 429 to answer (or None to go on, the answer's headers staged) and the
        hash's fields: None when refused or none was named, :data:`UNCHANGED` when the
        copy is current.
        """
        verdict, fields = self.check(self.windows(), read, known)
        return self.answer(verdict), fields

    def windows(self) -> list[tuple[str, Limit]]:
        """The windows the current request counts in."""
        try:
            th = token_hash()
        except ApiError:  # a malformed header: the resource answers it, if it reads it
            th = None
        return self.windows_for(client_address(), th)

    def windows_for(self, address: str, th: str | None) -> list[tuple[str, Limit]]:
        """The windows of a request from ``address`` with token hash ``th`` (None: none)."""
        if isinstance(self.loopback, Limit) and _loopback(address):
            return [(f"loopback:{address}", self.loopback)]
        out = []
        if self.by_address:
            out.append((f"address:{address}", self.by_address))
        if self.by_token:
            out.append((f"token:{th[:32]}" if th else f"anon:{address}", self.by_token))
        return out

    @staticmethod
    def answer(v: Verdict) -> Response | None:
        """None for an admitted request (its headers staged on ``g``), else its 429."""
        headers = limit_headers(v)
        if v.admitted:
            g.rate_limit_headers = headers
            return None
        status, code, message, _, headers = refusal(v, headers)
        return error_response(status, code, message, None, headers)


def limit_headers(v: Verdict) -> dict[str, str]:
    """The ``X-RateLimit-*`` headers of a verdict, for the tightest limit."""
    return {
        "X-RateLimit-Limit": str(v.limit),
        "X-RateLimit-Remaining": str(v.remaining),
        "X-RateLimit-Reset": str(math.ceil(v.reset_ms / 1000)),
    }


def refusal(v: Verdict, headers: dict[str, str]) -> tuple[int, str, str, dict, dict[str, str]]:
    """The 429 of a refused verdict (its ``headers`` plus ``Retry-After``)."""
    headers = {**headers, "Retry-After": str(max(1, math.ceil(v.retry_ms / 1000)))}
    message = f"too many requests: at most {v.limit} in any window of its length"
    return 429, "rate_limited", message, {}, headers


def exempt() -> bool:
    """Health, metrics and the docs are never limited."""
    req = request._get_current_object()
    return req.blueprint in EXEMPT_BLUEPRINTS or req.endpoint in EXEMPT_ENDPOINTS


def install_rate_limits(
    app: Flask, client: redis.Redis, settings: Settings, game_client: redis.Redis | None = None
) -> RateLimiter | None:
    """The limiter of ``settings`` (None when both limits are off) and its answer headers.

    The check itself runs in :mod:`api.request_reads`, beside the request's game read.
    """
    by_address = Limit.parse(settings.rate_limit_address) if settings.rate_limit_address else None
    by_token = Limit.parse(settings.rate_limit_token) if settings.rate_limit_token else None
    loopback_rule = settings.rate_limit_loopback
    loopback: Limit | str | None = None
    if loopback_rule:
        loopback = EXEMPT if loopback_rule == EXEMPT else Limit.parse(loopback_rule)
    if not (by_address or by_token or isinstance(loopback, Limit)):
        return None

    @app.after_request
    def _headers(response: Response) -> Response:
        staged = g._get_current_object().get("rate_limit_headers")
        if staged:
            response.headers.update(staged)
        return response

    return RateLimiter(client, settings.prefix, by_address, by_token, loopback, game_client)
