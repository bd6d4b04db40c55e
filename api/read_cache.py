"""Each process's copies of recent game reads and rendered views.

A copy is named by the game's version and creation time, which the read scripts compare
with the stored ones (``READ_IF_CHANGED_LUA``): every change to a game bumps its version,
so an equal pair means equal contents, and a view rendered from it can be served again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from services.store.games import GameRecord, GameStore

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
