"""Playing games: the rules (registry) joined to the store, with no HTTP in sight."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from services.core import Game, RulesError
from services.play.clock import clock_of, rules_options
from services.play.ports import GameRepository
from services.play.records import GameRecord, LimitGate, NewGame, StaleCopy, VersionConflict
from services.play.seating import Seating, require_seated
from services.registry import UnknownGame, get_game

MAX_SEED = 2**63 - 1


@dataclass(frozen=True)
class ActionResult:
    record: GameRecord
    events: list[dict[str, Any]]
    #: the game hash's fields the commit set, as Redis holds them (GameStore.commit)
    written: dict[bytes, bytes] | None = None


def status_of(game: Game, state: dict[str, Any]) -> str:
    return "finished" if game.outcome(state) is not None else "running"


def game_for(name: str) -> Game:
    """The rules for ``name``; an unknown name is an invalid option (422)."""
    try:
        return get_game(name)
    except UnknownGame:
        raise RulesError("unknown_game", f"there is no game called {name!r}") from None


def create_game(
    store: GameRepository,
    name: str,
    players: int,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    seating: Seating | None = None,
) -> NewGame:
    """A new game; with ``seating``, only its held human seats get a token."""
    game = game_for(name)
    if not game.min_players <= players <= game.max_players:
        raise RulesError(
            "invalid_players",
            f"{game.title} seats {game.min_players} to {game.max_players} players",
        )
    if seed is None:
        seed = secrets.randbelow(2**31)
    options = options or {}
    clock_of(options)  # validated here: the rules never see it
    state = game.new(players, rules_options(options), seed)
    if seating is None:
        return store.create(name, players, seed, options, state, status_of(game, state))
    tokens = [
        secrets.token_urlsafe(32) if s["kind"] == "human" and not s.get("pending") else None
        for s in seating
    ]
    return store.create(
        name, players, seed, options, state, status_of(game, state),
        seating=seating, seat_tokens=tokens,
    )  # fmt: skip


@dataclass(frozen=True)
class PreparedMove:
    """A move worked out on ``record`` by the rules, not yet stored."""

    record: GameRecord
    seat: int
    action: dict[str, Any]
    state: dict[str, Any]
    events: list[dict[str, Any]]
    status: str

    def stored(self, version: int, written: dict[bytes, bytes] | None = None) -> ActionResult:
        """The result once committed as ``version`` (at the time ``written`` holds: a
        clock's deadline counts from it)."""
        updated = float(written[b"updated"]) if written and b"updated" in written else None
        new = self.record.after(self.state, version, self.status, updated)
        return ActionResult(new, self.events, written)


def prepare_move(
    record: GameRecord, seat: int, action: dict[str, Any], expected_version: int | None = None
) -> PreparedMove:
    """The rules' verdict on ``action`` for ``seat`` at ``record``: its new state, or the
    error (VersionConflict when ``expected_version`` is not the record's)."""
    if expected_version is not None and record.version != expected_version:
        raise VersionConflict(record.version)
    game = get_game(record.game)
    if record.ended is not None or game.outcome(record.state) is not None:
        raise RulesError("game_over", "the game has ended")
    require_seated(record.seating)
    state, events = game.apply(record.state, seat, action)
    return PreparedMove(record, seat, action, state, events, status_of(game, state))


def perform(
    store: GameRepository,
    game_id: str,
    seat: int,
    action: dict[str, Any],
    expected_version: int | None = None,
    attempts: int = 20,
    record: GameRecord | None = None,
    gate: LimitGate | None = None,
    copy: bool = False,
) -> ActionResult:
    """Apply ``action`` for ``seat`` and store it atomically: every move, whichever route
    it came by, is judged and stored here.

    With ``expected_version`` the write happens only at that version
    (VersionConflict otherwise, mapped to 412).  Without it, a concurrent
    write is retried against the fresh state: rules are re-checked each
    time, so the action is accepted only if it is still legal.

    ``record`` is the caller's fresh read (the first attempt's), or with ``copy`` a
    process's copy of the game that may be stale: the rules run on it and the write's
    compare-and-set at its version tells; any refusal raises StaleCopy for the caller to
    judge the move again on a fresh read (the caller's rights may differ there).
    ``gate`` (rate-limit windows) admits the first write, in the same script when it can
    (LimitRefused when full): a move on a current copy is then one round trip.
    """
    for _ in range(attempts):
        if copy:
            try:
                move = prepare_move(record, seat, action, expected_version)  # type: ignore[arg-type]
            except Exception:  # noqa: BLE001 - the copy may be what is wrong
                raise StaleCopy(None) from None
        else:
            # the caller's fresh read serves the first attempt; retries read again
            move = prepare_move(record or store.get(game_id), seat, action, expected_version)
        written: dict[bytes, bytes] = {}
        try:
            version = store.commit(
                game_id, move.record.version, move.state, move.status, seat, action,
                move.events, written, gate,
            )  # fmt: skip
        except VersionConflict as e:
            if copy:
                raise StaleCopy(e.fresh or {}) from None
            if expected_version is not None:
                raise
            record, gate = None, None  # admitted once: the retries are the same request
            continue
        return move.stored(version, written)
    raise VersionConflict(None)


def replay(record: GameRecord, log: list[dict[str, Any]]) -> dict[str, Any]:
    """The state obtained by replaying ``log`` from the record's seed and options."""
    game = get_game(record.game)
    state = game.new(record.players, rules_options(record.options), record.seed)
    for entry in log:
        state, _ = game.apply(state, entry["seat"], entry["action"])
    return state
