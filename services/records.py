"""What a stored game is, apart from where it is stored: records, results and their errors.

The play layer works with these and the store produces them, so neither imports the
other's plumbing.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from services.seating import Seating


class GameNotFound(LookupError):
    """No game with that id (never created, deleted or expired)."""


class VersionConflict(Exception):
    """The game moved on since the version the writer read."""

    def __init__(self, current: int | None):
        super().__init__(f"game is at version {current}")
        self.current = current


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
    #: how the service ended the game before its rules did (``services.endings``)
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
