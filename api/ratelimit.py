"""Rate limits per client address and per token, kept in Redis (Flask-Limiter).

Both are application-wide (every endpoint shares them) and hold across any
number of API processes because the counters live in Redis.  A breach is a
429 in the usual error format with ``Retry-After``.  Health and metrics are
exempt so probes never starve.
"""

from __future__ import annotations

import hashlib

from flask import Flask, request
from flask_limiter import ApplicationLimit, Limiter

from api.config import Settings


def client_address() -> str:
    return request.remote_addr or "unknown"


def token_or_address() -> str:
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        return "token:" + hashlib.sha256(header[7:].strip().encode()).hexdigest()[:32]
    return "addr:" + client_address()


def install_rate_limits(app: Flask, settings: Settings) -> Limiter | None:
    limits = []
    if settings.rate_limit_address:
        limits.append(
            ApplicationLimit(
                settings.rate_limit_address, key_function=client_address, scope="address"
            )
        )
    if settings.rate_limit_token:
        limits.append(
            ApplicationLimit(
                settings.rate_limit_token, key_function=token_or_address, scope="token"
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
        strategy="fixed-window",
    )
    return limiter
