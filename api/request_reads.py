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

from collections.abc import Callable, Hashable
from typing import Any

import redis
from flask import Flask, g, request

from api.auth import Principal, principal_for
from api.backend import Backend, backend
from api.ratelimit import UNCHANGED, RateLimiter, Verdict, exempt
from services.store import GameRecord, GameStore

Fields = dict[bytes, bytes]


class ReadCache:
    """Per process, bounded: the last hash read of each recent game, and rendered views.

    Entries are never changed once stored (a newer read replaces the game's), so threads
    and greenlets share them safely; the oldest entries go first when full.
    """

    def __init__(self, games: int = 1024, views: int = 2048):
        self.games, self.views = games, views
        self._fields: dict[str, Fields] = {}
        self._views: dict[Hashable, bytes] = {}
        self._records: dict[str, tuple[Fields, GameRecord]] = {}

    @staticmethod
    def _trim(table: dict, size: int) -> None:
        while len(table) > size:
            try:
                del table[next(iter(table))]
            except (KeyError, RuntimeError, StopIteration):  # another thread trimmed too
                return

    def fields(self, game_id: str) -> Fields | None:
        return self._fields.get(game_id)

    def copy_of(self, game_id: str) -> tuple[Fields | None, tuple[bytes, bytes] | None]:
        """The hash held of a game, if any, and what tells Redis which copy it is (its
        version and creation time), as ``READ_IF_CHANGED_LUA`` takes them."""
        held = self._fields.get(game_id)
        return held, (held[b"version"], held[b"created"]) if held is not None else None

    def moved(self, before: GameRecord, written: Fields | None, state: Any = None) -> None:
        """Bring the copy of ``before``'s game up to a write made on it (``written``: the
        fields the commit set), when the copy is of ``before`` exactly; with ``state``,
        the state that write stored, the parsed copy too (what parsing it would give:
        a state is plain JSON, so its stored bytes load back equal)."""
        held = self._fields.get(before.id)
        if (
            written
            and held is not None
            and held[b"version"] == str(before.version).encode()
            and float(held[b"created"]) == before.created
        ):
            fields = {**held, **written}
            self.keep(before.id, fields)
            if state is not None:
                version, status = int(written[b"version"]), written[b"status"].decode()
                after = before.after(state, version, status, float(written[b"updated"]))
                self._remember(before.id, fields, after)

    def keep(self, game_id: str, fields: Fields) -> None:
        if fields:  # an empty read is a missing game: nothing to remember
            self._fields.pop(game_id, None)
            self._fields[game_id] = fields
            self._trim(self._fields, self.games)

    def record(self, store: GameStore, game_id: str, fields: Fields) -> GameRecord:
        """``fields`` parsed, once per copy held: a repeated read of an unchanged game is
        answered ``1`` by the limiter's script, and parsing the same hash again would be a
        noticeable part of a view.  Only for callers that read the record and never change it
        (the fast path: views, and moves, whose rules copy the state before changing it)."""
        hit = self._records.get(game_id)
        # a running game's copy is parsed again once it has been idle too long: it ends
        if (
            hit is not None
            and hit[0] is fields
            and (hit[1].status != "running" or store.idle_end("running", hit[1].updated) is None)
        ):
            return hit[1]
        record = store.record_from(game_id, fields)
        if self._fields.get(game_id) is fields:  # a copy held: worth remembering
            self._remember(game_id, fields, record)
        return record

    def _remember(self, game_id: str, fields: Fields, record: GameRecord) -> None:
        self._records.pop(game_id, None)
        self._records[game_id] = (fields, record)
        self._trim(self._records, self.games)

    def view(self, key: Hashable, render: Callable[[], bytes]) -> bytes:
        """The bytes of the view named ``key``, rendered once."""
        body = self._views.get(key)
        if body is None:
            body = self._views[key] = render()
            self._trim(self._views, self.views)
        return body


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
