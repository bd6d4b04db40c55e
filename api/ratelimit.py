"""Rate limits per client address and per token, kept in Redis (Flask-Limiter).

Both are application-wide (every endpoint shares them) and hold across any
number of API processes because the counters live in Redis.  They count in a
moving window (the last 60 s at every instant), so a client cannot double
its rate across a window boundary, and one that pauses regains capacity
gradually.  A breach is a 429 in the usual error format with ``Retry-After``.
Health and metrics are exempt so probes never starve.

Loopback clients may get their own limit (``RATE_LIMIT_LOOPBACK``, or
"exempt"): ``make run`` exempts them so a local bot can play as fast as the
server answers.  Behind a proxy on the same host, set ``TRUSTED_PROXIES`` so
the address is the real client's, or loopback would cover every client.

The client address is ``request.remote_addr``: with ``TRUSTED_PROXIES`` = n,
werkzeug's ProxyFix takes it from the n-th address from the right of
``X-Forwarded-For`` (what the trusted proxies appended), so a client cannot
pick its own address by sending the header; with 0 the header is ignored.
"""

from __future__ import annotations

import hashlib
import ipaddress

from flask import Flask, request
from flask_limiter import ApplicationLimit, Limiter
from werkzeug.middleware.proxy_fix import ProxyFix

from api.config import Settings

EXEMPT = "exempt"


def client_address() -> str:
    return request.remote_addr or "unknown"


def is_loopback() -> bool:
    try:
        return ipaddress.ip_address(client_address()).is_loopback
    except ValueError:
        return False


def token_or_address() -> str:
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        return "token:" + hashlib.sha256(header[7:].strip().encode()).hexdigest()[:32]
    return "addr:" + client_address()


def install_proxy_fix(app: Flask, settings: Settings) -> None:
    """Believe X-Forwarded-For (and -Proto, -Host) through ``trusted_proxies`` hops only."""
    n = settings.trusted_proxies
    if n > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n)


def install_rate_limits(app: Flask, settings: Settings) -> Limiter | None:
    loopback = settings.rate_limit_loopback
    # loopback clients leave the general limits when they have a rule of their own
    general_exempt = is_loopback if loopback else None
    limits = []
    if settings.rate_limit_address:
        limits.append(
            ApplicationLimit(
                settings.rate_limit_address,
                key_function=client_address,
                scope="address",
                exempt_when=general_exempt,
            )
        )
    if settings.rate_limit_token:
        limits.append(
            ApplicationLimit(
                settings.rate_limit_token,
                key_function=token_or_address,
                scope="token",
                exempt_when=general_exempt,
            )
        )
    if loopback and loopback != EXEMPT:
        limits.append(
            ApplicationLimit(
                loopback,
                key_function=client_address,
                scope="loopback",
                exempt_when=lambda: not is_loopback(),
            )
        )
    if not limits:
        return None
    limiter = Limiter(
        client_address,
        app=app,
        application_limits=limits,
        storage_uri=settings.redis_url,
        key_prefix=f"{settings.prefix}ratelimit",
        headers_enabled=True,
        swallow_errors=True,
        strategy="moving-window",
    )
    return limiter
