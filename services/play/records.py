"""What a stored game is, apart from where it is stored: records, results and their errors.

The play layer works with these and the store produces them, so neither imports the
other's plumbing.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from services.play.seating import Seating


class GameNotFound(LookupError):
    """No game with that id (never created, deleted or expired)."""


class VersionConflict(Exception):
    """The game moved on since the version the writer read."""

    def __init__(self, current: int | None, fresh: dict[bytes, bytes] | None = None):
        super().__init__(f"game is at version {current}")
        self.current = current
        #: the game's hash as the refusing write found it, when the write read it
        self.fresh = fresh


class LimitRefused(Exception):
    """A write's rate-limit windows were full: nothing was written (``LimitGate.reply``
    holds the refusing verdict)."""


class StaleCopy(Exception):
    """A move worked out on a process's copy of its game could not be stored as it was:
    the rules refused it there (``fresh`` None: nothing was sent, nothing counted) or the
    compare-and-set found the copy stale (``fresh``: the stored hash, the limits already
    passed).  The caller judges the move again on the fresh game."""

    def __init__(self, fresh: dict[bytes, bytes] | None):
        super().__init__("the copy of the game is stale" if fresh else "judge on a fresh read")
        self.fresh = fresh


@dataclass
class LimitGate:
    """The rate-limit windows a write passes through, checked and counted in the write's
    own script when ``fused`` (windows and game on one plain Redis), else by
    ``check_apart`` first.  ``reply`` receives the windows' reply (the limiter's five
    items: admitted, limit, remaining, reset, retry)."""

    keys: list[str]
    args: list[Any]
    fused: bool
    check_apart: Callable[[], list[Any]]
    reply: list[Any] | None = None


@dataclass(frozen=True)
class GameRecord:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    state: dict[str, Any]
    version: int
    status: str
    created: float
    updated: float
    host_hash: str
    #: "" for a seat nobody holds a token for (open, bot, awaiting a rematch pick-up)
    seat_hashes: list[str]
    #: None for games created with every seat held (all human)
    seating: list[dict[str, Any]] | None = None
    #: the id of the next game, once a rematch was asked for
    rematch: str | None = None
    #: how the service ended the game before its rules did (``services.store.endings``)
    ended: dict[str, Any] | None = None

    def after(
        self, state: dict[str, Any], version: int, status: str, updated: float | None = None
    ) -> GameRecord:
        """This record with a move's state, version and status, and ``updated`` when given
        (``dataclasses.replace`` without its introspection, on every move)."""
        return GameRecord(
            self.id, self.game, self.players, self.seed, self.options, state, version, status,
            self.created, self.updated if updated is None else updated, self.host_hash,
            self.seat_hashes, self.seating, self.rematch, self.ended,
        )  # fmt: skip


@dataclass(frozen=True)
class NewGame:
    record: GameRecord
    host_token: str | None
    #: None for a seat that got no token (open, bot, awaiting a pick-up)
    seat_tokens: list[str | None]


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, stored_hash: str) -> bool:
    """Constant-time comparison of a presented token against a stored hash."""
    return hmac.compare_digest(hash_token(token), stored_hash)


@dataclass(frozen=True)
class SeatChange:
    """A planned seat change: the new token hashes and seating, and the public event."""

    seat_hashes: list[str]
    seating: Seating
    event: dict[str, Any]
    #: the new host token's hash ("" keeps the host)
    host_hash: str = ""
