"""The rate limits' moving windows in Redis: the store half of ``api.ratelimit``.

Each window is a list of the admitted requests' times (``moving_window.lua``), so a limit
of N per minute holds in *any* 60 seconds, across every API process.  One script checks
and records all of a request's windows in a single round trip.

The windows may live in a Redis of their own or share the game store.  Only when they
share one plain Redis with the games does the script also read the request's game (and a
move's limits and commit go in one script: :meth:`LimitWindows.admission`); otherwise the
read is a call of its own to the game store.  On a Redis Cluster each window is a key in a
slot of its own, so each gets a script of its own, in turn: a request that one window
refuses still counts in the windows checked before it (stricter, never looser).

The script's writes to the windows reach neither the append-only file nor replicas
(``redis.set_repl``): they hold a minute at most, so they start empty after a restart.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import redis

from services.play.records import LimitGate
from services.store import keys
from services.store.games import hash_unless_current
from services.store.redis_calls import is_cluster, run_script
from services.store.scripts import MOVING_WINDOW_LUA, READ_IF_CHANGED_LUA

#: what :meth:`LimitWindows.check` returns for a hash the caller's copy of is current
UNCHANGED = object()


class Allowance(Protocol):
    """A limit as the windows need it: ``count`` requests in any ``window_s`` seconds."""

    @property
    def count(self) -> int: ...

    @property
    def window_s(self) -> int: ...


#: a window's key (below the limiter's prefix) and the limit it keeps
Window = tuple[str, Allowance]


@dataclass(frozen=True)
class Verdict:
    """What the windows said of one request, for the tightest (or refusing) limit."""

    admitted: bool
    limit: int
    remaining: int
    reset_ms: int
    retry_ms: int


def verdict_of(raw: list) -> Verdict:
    """The verdict in a reply of ``MOVING_WINDOW_LUA`` (its first five items)."""
    admitted, limit, left, reset_ms, retry_ms = raw[:5]
    return Verdict(bool(admitted), int(limit), max(0, int(left)), int(reset_ms), int(retry_ms))


class LimitWindows:
    """Checks and records a request's windows, optionally reading its game on the way."""

    def __init__(self, client: redis.Redis, prefix: str, game_client: redis.Redis | None = None):
        #: the key prefix every window's key goes under
        self.prefix = keys.rate_window(prefix, "")
        self._script = client.register_script(MOVING_WINDOW_LUA)
        game_client = client if game_client is None else game_client
        #: the windows and the games share one plain Redis: one script checks the windows
        #: and reads the game (and a move's limits and commit go in one: :meth:`admission`)
        self.fused = game_client is client and not is_cluster(client)
        self._per_window = is_cluster(client)
        self._read = game_client.register_script(READ_IF_CHANGED_LUA)

    def hit(self, windows: Sequence[Window], now_ms: int) -> Verdict:
        """Record one request at ``now_ms`` in every window that has room for it."""
        return verdict_of(self._run(windows, now_ms, None))

    def check(
        self,
        windows: Sequence[Window],
        read: str | None = None,
        known: tuple[bytes, bytes] | None = None,
    ) -> tuple[Verdict, dict[bytes, bytes] | object | None]:
        """Check ``windows`` now; with ``read``, also fetch that hash if admitted.

        ``known`` is the version and created time of a copy of the hash the caller holds.
        Returns the verdict and the hash's fields: None when refused or none was named,
        :data:`UNCHANGED` when the copy is current.
        """
        raw = self._run(windows, int(time.time() * 1000), read, known)
        fields = None
        if len(raw) > 5:
            fields = hash_unless_current(raw[5])
            fields = UNCHANGED if fields is None else fields
        return verdict_of(raw), fields

    def admission(self, windows: Sequence[Window]) -> LimitGate:
        """``windows`` as a write's gate (``GameStore.commit``): checked in the write's own
        script when they share its plain Redis, else on their own just before it."""
        keys, args = self.script_call(windows, int(time.time() * 1000))
        return LimitGate(
            keys, args, self.fused, lambda: self._windows_apart(windows, int(time.time() * 1000))
        )

    def script_call(
        self, windows: Sequence[Window], now_ms: int
    ) -> tuple[list[str], list[int | str | bytes]]:
        """``MOVING_WINDOW_LUA``'s keys and arguments to check ``windows`` at ``now_ms``
        (also sent as part of a move's commit: :meth:`admission`)."""
        args: list[int | str | bytes] = [now_ms, len(windows)]
        for _, limit in windows:
            args += [limit.count, limit.window_s * 1000]
        return [f"{self.prefix}{key}" for key, _ in windows], args

    def _run(
        self,
        windows: Sequence[Window],
        now_ms: int,
        read: str | None,
        known: tuple[bytes, bytes] | None = None,
    ) -> list:
        if not self.fused:
            raw = self._windows_apart(windows, now_ms)
            if read and raw[0]:
                raw.append(run_script(self._read, [read], list(known or ())))
            return raw
        keys, args = self.script_call(windows, now_ms)
        if read and known:
            args += known
        return run_script(self._script, keys + ([read] if read else []), args)

    def _windows_apart(self, windows: Sequence[Window], now_ms: int) -> list:
        """The windows' verdict without the game read: one script for all of them, or on a
        cluster one per window (stopping at the first refusal), merged as the script
        merges them (the refusing limit, else the one with least room left)."""
        if not self._per_window or len(windows) < 2:
            keys, args = self.script_call(windows, now_ms)
            return list(run_script(self._script, keys, args))
        best: list | None = None
        for window in windows:
            keys, args = self.script_call([window], now_ms)
            raw = list(run_script(self._script, keys, args))
            if not raw[0]:
                return raw
            if best is None or int(raw[2]) < int(best[2]):
                best = raw
        return best if best is not None else [1, -1, -1, 0, 0]
