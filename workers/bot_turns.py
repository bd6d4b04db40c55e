"""Bot seats: after every change to a game, a bot that may act gets one turn job on RQ.

``schedule_bot_turns`` runs wherever a game changed (the API after a move or
a seat change, through :class:`RqBotTurns`, and a bot turn after its own move).
It enqueues at most one pending job per bot seat: a flag key set with NX marks
it, and the job clears the flag *before* it reads the game, so a change made
after that read schedules a fresh job and no turn is ever missed.

A turn job reads the game, asks the seat's hint (``solver.registry.HINTS``,
the same advice a human gets for that seat, computed from the state as that
seat may know it), and posts it through ``services.play.moves.perform`` at the
version it read.  On a version conflict it re-reads and tries again, a
bounded number of times; it never waits in a loop.  Each job makes at most
one move, and every game ends, so the chain of jobs ends too.  A turn lost with
its worker is queued again by a worker's sweep within seconds
(``workers.turn_lease``); the version check of the commit keeps a turn that
runs twice from moving twice for one version.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

from rq import Queue, SimpleWorker, Worker, get_current_job
from rq.job import Job

from services.core import RulesError
from services.play.bots import bot_seats_to_act
from services.play.moves import perform
from services.registry import get_game
from services.store import keys
from services.store.games import GameNotFound, GameRecord, GameStore, VersionConflict
from services.store.puzzle_archive import PuzzleArchive
from solver.registry import HINTS, resolve
from workers import clock_timer, turn_lease
from workers.game_redis import game_connection

log = logging.getLogger("greenroom.bots")

BOT_JOB = "workers.bot_turns.run_bot_turn"
#: jobs as short as a bot turn, run in the worker process (``BotInlineWorker``)
INLINE_JOBS = (BOT_JOB, "workers.clocks.run_timed_out_move")
#: conflicts a turn rides out before it leaves the move to the job the last change queued
ATTEMPTS = 8
#: seconds a turn may take beyond its hint budget (RQ's job timeout)
MARGIN_S = 30


def _flag(prefix: str, game_id: str, seat: int) -> str:
    """The seat's pending-turn mark, in its game's slot (hash tag ``{<id>}``)."""
    return keys.bot_turn_flag(prefix, game_id, seat)


def schedule_bot_turns(
    queue: Queue, store: GameStore, record: GameRecord, budget_s: float, recoveries: int = 0
) -> list[int]:
    """Queue a turn for every bot seat of ``record`` that may act, and set the game's clock
    (``workers.clock_timer``) for this version; returns the seats queued.

    Each turn gets a lease (``workers.turn_lease``): one lost with its worker, or failed,
    is queued again by a worker's sweep; ``recoveries`` counts those in a row."""
    clock_timer.arm(queue.connection, queue.name, store.prefix, record, _store_config(store),
                    budget_s)  # fmt: skip
    queued = []
    for seat in bot_seats_to_act(record):
        timeout = int(budget_s) + MARGIN_S
        if not store.redis.set(_flag(store.prefix, record.id, seat), record.version,
                               nx=True, ex=timeout + 60):  # fmt: skip
            continue  # a job for this seat is queued and has not read the game yet
        job_id = uuid.uuid4().hex
        config = _store_config(store)
        name = turn_lease.member(store.prefix, record.id, seat)
        turn_lease.lease_turn(queue.connection, queue.name, name, job_id, config, budget_s,
                              recoveries)  # fmt: skip
        queue.enqueue(
            BOT_JOB,
            args=(config, record.id, seat, budget_s),
            job_id=job_id,
            job_timeout=timeout,
            result_ttl=600,
            failure_ttl=3600,
            meta={"kind": f"bot:{record.game}"},
        )
        queued.append(seat)
    return queued


def requeue_lost_turn(client: Any, queue: Queue, turn: turn_lease.Turn) -> bool:
    """The sweep's way to queue a lost turn again: only if its seat can still act
    (``client`` is the game store's Redis)."""
    config = turn.config
    store = GameStore(client, config["prefix"], config["idle_ttl_s"], config["finished_ttl_s"])
    try:
        record = store.get(turn.game_id)
    except GameNotFound:
        return False
    if turn.seat not in bot_seats_to_act(record):
        return False
    # the pending mark belongs to the lost job (it is gone, or never read the game)
    client.delete(_flag(store.prefix, turn.game_id, turn.seat))
    return turn.seat in schedule_bot_turns(queue, store, record, turn.budget_s,
                                           turn.recoveries + 1)  # fmt: skip


class RqBotTurns:
    """The job queue's side of the play layer's ``BotTurns`` port (``services.play.ports``)."""

    def __init__(self, queue: Queue, store: GameStore, budget_s: float):
        self.queue, self.store, self.budget_s = queue, store, budget_s

    def schedule(self, record: GameRecord) -> list[int]:
        return schedule_bot_turns(self.queue, self.store, record, self.budget_s)


def _store_config(store: GameStore) -> dict[str, Any]:
    return {
        "prefix": store.prefix,
        "idle_ttl_s": store.idle_ttl_s,
        "finished_ttl_s": store.finished_ttl_s,
    }


def choose_action(record: GameRecord, seat: int, budget_s: float) -> dict[str, Any]:
    """The seat's hinted action; its first legal action if the hint offers none."""
    game = get_game(record.game)
    if record.game in HINTS:
        try:
            hint = resolve(HINTS[record.game])(record.state, seat, budget_s)
            for item in hint.get("actions", []):
                if item.get("seat") == seat:
                    return item["action"]
        except Exception:  # a failing hint must not stall the table: fall back below
            log.exception("hint failed for %s seat %s; playing a legal action", record.id, seat)
    return game.legal_actions(record.state, seat)[0]


def run_bot_turn(
    config: dict[str, Any], game_id: str, seat: int, budget_s: float
) -> dict[str, Any]:
    """One move for bot ``seat`` of ``game_id`` if it can act; then queue what follows."""
    job = get_current_job()
    name = turn_lease.member(config["prefix"], game_id, seat)
    # the lease lives beside the queue; the game on the game store's Redis
    with turn_lease.Heartbeat(job.connection, job.origin, name, job.id):
        return _take_turn(job, config, game_id, seat, budget_s)


def _take_turn(
    job: Job, config: dict[str, Any], game_id: str, seat: int, budget_s: float
) -> dict[str, Any]:
    connection = game_connection(job.connection)
    store = GameStore(connection, config["prefix"], config["idle_ttl_s"], config["finished_ttl_s"])
    connection.delete(_flag(store.prefix, game_id, seat))
    refused = False
    for _ in range(ATTEMPTS):
        try:
            record = store.get(game_id)
        except GameNotFound:
            return {"moved": False, "reason": "game_gone"}
        if seat not in bot_seats_to_act(record):
            return {"moved": False, "reason": "nothing_to_do", "version": record.version}
        if refused:  # the hint's move was illegal once: play a listed legal action instead
            action = get_game(record.game).legal_actions(record.state, seat)[0]
        else:
            action = choose_action(record, seat, budget_s)
        try:
            result = perform(store, game_id, seat, action, expected_version=record.version,
                             record=record)  # fmt: skip
        except VersionConflict:
            continue
        except RulesError as e:
            log.warning("bot move refused for %s seat %s: %s", game_id, seat, e.code)
            refused = True
            continue
        # a bot's move may finish a puzzle game: its solve counts as a player's does
        PuzzleArchive(store.redis, store.prefix).moved(record.status, result.record)
        schedule_bot_turns(Queue(job.origin, connection=job.connection), store, result.record,
                           budget_s)  # fmt: skip
        return {"moved": True, "version": result.record.version, "action": action}
    return {"moved": False, "reason": "conflicts"}


class BotInlineWorker(Worker):
    """RQ's forking worker, except that bot turns run in the worker process itself.

    Forking a worker that holds the solver indexes costs more than a typical bot
    turn (benchmarks/bot_turns.py compares the two; docs/performance.md has the
    figures); turns are short, bounded by their job timeout like any job, and run
    only this module's code, so they skip the fork.
    """

    def execute_job(self, job: Job, queue: Queue) -> None:
        if job.func_name in INLINE_JOBS:
            SimpleWorker.execute_job(self, job, queue)
        else:
            super().execute_job(job, queue)


__all__ = [
    "BotInlineWorker",
    "RqBotTurns",
    "bot_seats_to_act",
    "run_bot_turn",
    "schedule_bot_turns",
]
