"""The ports of the play layer: what it needs from storage and from the job queue.

The play modules (``services.play.moves``, ``joining``, ``rematch``, ``bots``) are written
against these protocols, so they import no Redis, RQ or Flask; ``services.store.games`` and
``services.store.seats`` implement the storage ports on Redis, and ``workers.bot_turns``
implements :class:`BotTurns` on RQ.  The app picks the implementations at start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from services.play.records import GameRecord, LimitGate, NewGame, SeatChange


class GameRepository(Protocol):
    """Games: create, read, commit a move at a version, delete."""

    def create(
        self,
        game: str,
        players: int,
        seed: int,
        options: dict[str, Any],
        state: dict[str, Any],
        status: str,
        *,
        seating: list[dict[str, Any]] | None = None,
        game_id: str | None = None,
        host_token: str | None = None,
        seat_tokens: list[str | None] | None = None,
    ) -> NewGame: ...

    def get(self, game_id: str) -> GameRecord: ...

    def commit(
        self,
        game_id: str,
        expected_version: int,
        state: dict[str, Any],
        status: str,
        seat: int,
        action: dict[str, Any],
        events: list[dict[str, Any]] | None = None,
        written: dict[bytes, bytes] | None = None,
        gate: LimitGate | None = None,
    ) -> int: ...

    def delete(self, game_id: str) -> None: ...


class SeatRepository(Protocol):
    """Seat changes planned against a fresh read, and the rematch link between games."""

    @property
    def store(self) -> GameRepository: ...

    def apply(
        self,
        game_id: str,
        plan: Callable[[GameRecord], SeatChange | None],
        record: GameRecord | None = None,
    ) -> GameRecord: ...

    def mark_rematch(self, old: GameRecord, new_id: str) -> str: ...


class BotTurns(Protocol):
    """Schedules a turn for every bot seat that may act after a change to a game."""

    def schedule(self, record: GameRecord) -> list[int]:
        """Queue the turns; returns the seats queued."""
        ...
