"""Long-poll on a game view: ``If-None-Match: "<version>"`` with ``Prefer: wait=N``.

The ETag is the version, marked ``"<version>-idle"`` once a game has ended for
idleness (an end that writes no new version).
Without ``Prefer`` a matching ``If-None-Match`` is a plain conditional GET
(304 at once).  With it, the request waits, up to N seconds (capped by
``MAX_WAIT``), for the version to move: 200 with the new view as soon as it
does, else 304.  The wake-up comes through Redis (services/store/fanout.py), so a
move made through any API process or worker ends the wait.
"""

from __future__ import annotations

import re
import time

from flask import request

from api.backend import Backend
from services.store.fanout import hub_for
from services.store.games import GameRecord

#: the long-poll's request headers, for the spec (``@blp.doc(parameters=...)``)
HEADERS_DOC = [
    {
        "in": "header",
        "name": "If-None-Match",
        "schema": {"type": "string"},
        "description": 'the ETag the caller has, e.g. `"7"`: 304 while the game is there '
        '(`"7-idle"` once it ended for idleness)',
    },
    {
        "in": "header",
        "name": "Prefer",
        "schema": {"type": "string"},
        "description": "`wait=N`: with If-None-Match, wait up to N s (capped by MAX_WAIT) "
        "for the version to move",
    },
]

_ETAG = re.compile(r'(?:W/)?"?(\d+(?:-idle)?)"?')
_PREFER_WAIT = re.compile(r"(?:^|[;,\s])wait\s*=\s*(\d+)")


def etag_of(record: GameRecord) -> str:
    """The entity tag of a game's views: its version, marked when the game has ended for
    idleness since (that end writes no new version, and a client holding the running
    view must not be told it is unchanged)."""
    if record.ended and record.ended.get("reason") == "idle":
        return f"{record.version}-idle"
    return str(record.version)


def _named_tags(raw: str | None) -> set[str] | None:
    if raw is None:
        return None
    if raw.strip() == "*":
        return set()  # "*" matches any version
    return {m.group(1) for part in raw.split(",") if (m := _ETAG.fullmatch(part.strip()))}


def prefer_wait(cap: int, prefer: str | None = None) -> int:
    """The wait ``Prefer`` asks for (the current request's header unless given), capped."""
    if prefer is None:
        prefer = request.headers.get("Prefer", "")
    m = _PREFER_WAIT.search(prefer)
    return min(int(m.group(1)), cap) if m else 0


def await_change(
    be: Backend, record: GameRecord, if_none_match: str | None, prefer: str
) -> tuple[GameRecord | None, int]:
    """The record to answer with, or None for 304; and the wait applied (seconds).

    Only a version the client names (``If-None-Match``) is waited on, for as long as
    ``Prefer`` asks; any other is answered now.
    """
    named = _named_tags(if_none_match)
    if named is None or (named and etag_of(record) not in named):
        return record, 0
    wait = prefer_wait(be.settings.max_wait_s, prefer)
    if not wait:
        return None, 0
    hub = hub_for(be.settings.game_redis(), be.settings.prefix)
    deadline = time.monotonic() + wait
    with hub.watch(record.id) as waiter:
        while True:
            waiter.event.clear()
            # read after registering, so a move in between is never missed
            if be.store.current_version(record.id) != record.version:
                return be.store.get(record.id), wait
            left = deadline - time.monotonic()
            if left <= 0 or waiter.deleted:
                return None, wait
            waiter.event.wait(left)
