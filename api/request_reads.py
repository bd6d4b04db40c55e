"""One Redis round trip before a request: its rate-limit check and its game's record.

A request on ``/v1/games/<game_id>/...`` needs both, so the limiter's script reads the
game's hash once the request is admitted: one command, cheaper per move than a
pipeline of two in redis-py.  The resource then takes the record with
:func:`game_record`; a request that reads again (a move retried after a concurrent
write) reads fresh.  Without limits the resource reads the record itself, in the same
way (:func:`fresh_fields`).

Each process keeps the hash it last read of recent games (:class:`ReadCache`).  The
script is told that copy's version and creation time and, when both are still the stored
ones, answers 1 instead of the whole hash, so a repeated read moves a few bytes instead
of the state.  Every change to a game bumps its version (moves, seats, rematch: each is a
compare-and-set on it) and a game made again under the same id has another creation
time, so an equal pair means equal contents.  The same key names rendered views: a view
is a pure function of the record and the viewer, so a repeated view of an unchanged game
by the same viewer is the bytes rendered the first time.
"""

from __future__ import annotations

from collections.abc import Hashable

import redis
from flask import Flask, g, request

from api.auth import Principal, principal_for
from api.backend import Backend, backend
from api.ratelimit import RateLimiter, exempt
from api.read_cache import Fields, ReadCache
from services.store.games import GameRecord
from services.store.limits import UNCHANGED, Verdict


def view_key(record: GameRecord, principal: Principal, seat: int | None) -> Hashable:
    """Names one rendered view: the record's version, creation and status (a game idle
    too long ends without a new version), and who asks how."""
    return (record.id, record.version, record.created, record.status, principal.host,
            principal.seats, seat)  # fmt: skip


def read_cache() -> ReadCache:
    return backend().read_cache


def game_record(game_id: str) -> GameRecord:
    """The game's record: the one read with the rate-limit check, else a fresh read."""
    pre = g._get_current_object().pop("prefetched", None)
    return record_of(backend(), game_id, pre[1] if pre and pre[0] == game_id else None)


def record_of(be: Backend, game_id: str, prefetched: Fields | None) -> GameRecord:
    """The record from a hash read with the limits (``prefetched``), else read now."""
    fields = prefetched if prefetched is not None else fresh_fields(be, game_id)
    return be.store.record_from(game_id, fields)


def fresh_fields(be: Backend, game_id: str) -> Fields:
    """The game's hash read now, on its own (no limits apply, or they failed open): Redis
    answers "unchanged" instead of the hash when this process's copy is current, as the
    limiter's script does (empty for a missing game)."""
    cache = be.read_cache
    held, known = cache.copy_of(game_id)
    fields = be.store.read_if_changed(game_id, known)
    if fields is None:
        return held
    cache.keep(game_id, fields)
    return fields


def read_through_limits(
    be: Backend, limiter: RateLimiter, game_id: str | None, windows: list
) -> tuple[Verdict | None, Fields | None]:
    """The limits' verdict on a request and, once admitted, its game's hash: one round trip.

    The verdict is None when Redis failed (limits fail open; the request's own read then
    meets the outage); the hash is None when refused or no game is named.
    """
    cache = be.read_cache
    read = known = held = None
    if game_id is not None:
        read = be.store.record_key(game_id)
        held, known = cache.copy_of(game_id)
    try:
        verdict, fields = limiter.check(windows, read, known)
    except redis.RedisError:
        return None, None
    if fields is UNCHANGED:
        fields = held
    elif fields is not None:
        cache.keep(game_id, fields)
    return verdict, fields


def game_and_caller(game_id: str, token: str | None = None) -> tuple[GameRecord, Principal]:
    """The game's record (:func:`game_record`) and the caller's rights on it (401 for a
    token of another game); ``token`` overrides the Authorization header."""
    record = game_record(game_id)
    return record, principal_for(record, token)


def install_request_reads(app: Flask, be: Backend, limiter: RateLimiter | None) -> None:
    if limiter is None:
        return
    app.extensions["greenroom_limiter"] = limiter

    @app.before_request
    def _check_and_read():
        if exempt() or limiter.skips():
            return None
        game_id = (request._get_current_object().view_args or {}).get("game_id")
        verdict, fields = read_through_limits(be, limiter, game_id, limiter.windows())
        if verdict is None:
            return None  # limits fail open; a read the request needs meets the outage itself
        if fields is not None:
            g.prefetched = (game_id, fields)
        return limiter.answer(verdict)
