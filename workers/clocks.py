"""What a worker does when a game's clock runs out (``services.play.clock`` has the rules).

The sweep (:func:`sweep_clocks`, run by every worker's sweeper thread) takes each due
timer and re-reads its game.  A timer for a version the game has left, a finished game,
or a table with an open seat is dropped.  Otherwise the game's timeout rule applies to
every human seat that may act: bots take those seats (``takeover``), or a job plays that
one decision for each (``bot_move``).  Both act only at the timer's version: the seat
change is planned against it, and the move commits with it as the expected version.
"""

from __future__ import annotations

import logging
from typing import Any

from rq import Queue, get_current_job
from rq.job import Job

from services.core import RulesError
from services.play.clock import timeout_rule
from services.play.joining import take_over
from services.play.moves import perform
from services.play.seating import open_seats, seating_of
from services.registry import get_game
from services.store.games import GameNotFound, GameStore, VersionConflict
from services.store.puzzle_archive import PuzzleArchive
from services.store.seats import SeatStore
from workers import clock_timer
from workers.bot_turns import choose_action, schedule_bot_turns
from workers.game_redis import game_connection

log = logging.getLogger("greenroom.clocks")

TIMED_OUT_JOB = "workers.clocks.run_timed_out_move"


def _store(client: Any, config: dict[str, Any]) -> GameStore:
    return GameStore(client, config["prefix"], config["idle_ttl_s"], config["finished_ttl_s"])


def humans_to_act(record: Any) -> list[int]:
    seating = seating_of(record.seating, record.players)
    if record.status != "running" or open_seats(seating):
        return []
    acting = get_game(record.game).seats_to_act(record.state)
    return [s for s in acting if seating[s]["kind"] == "human"]


def sweep_clocks(client: Any, queue: Queue) -> int:
    """Apply the timeout rule of every due timer; returns how many were acted on.
    ``client`` is the game store's Redis; the timers and jobs are on the queue's."""
    acted = 0
    timers = queue.connection
    for name, entry in clock_timer.claim_due(timers, queue.name):
        version, config = int(entry["version"]), entry["config"]
        store = _store(client, config)
        game_id = name.split("\t", 1)[1]
        try:
            record = store.get(game_id)
        except GameNotFound:
            record = None
        seats = humans_to_act(record) if record and record.version == version else []
        if not seats:
            clock_timer.release(timers, queue.name, name, version)
            continue
        rule = timeout_rule(record.game, record.players, record.options)
        log.info("clock ran out for %s seats %s (%s)", game_id, seats, rule)
        if rule == "takeover":
            after = take_over(SeatStore(store), game_id, seats, version, record)
            if after is not None:
                schedule_bot_turns(queue, store, after, entry["budget_s"])
        else:
            for seat in seats:
                job_id = f"timeout-{game_id}-{version}-{seat}"
                if Job.exists(job_id, connection=timers):
                    continue  # queued, running or done: the timer fires again if need be
                queue.enqueue(TIMED_OUT_JOB, args=(config, game_id, seat, entry["budget_s"],
                              version), job_id=job_id, result_ttl=600,
                              job_timeout=int(entry["budget_s"]) + 30)  # fmt: skip
        acted += 1
    return acted


def run_timed_out_move(
    config: dict[str, Any], game_id: str, seat: int, budget_s: float, version: int
) -> dict[str, Any]:
    """The seat's bot plays the one decision its player ran out of time for, if the game
    is still at ``version``; then the next timer and bot turns follow as after any move."""
    job = get_current_job()
    store = _store(game_connection(job.connection), config)
    try:
        record = store.get(game_id)
    except GameNotFound:
        return {"moved": False, "reason": "game_gone"}
    if record.version != version or seat not in humans_to_act(record):
        return {"moved": False, "reason": "stale"}
    action = choose_action(record, seat, budget_s)
    try:
        try:
            result = perform(store, game_id, seat, action, expected_version=version,
                             record=record)  # fmt: skip
        except RulesError:  # the hint's move was refused: a listed legal one instead
            action = get_game(record.game).legal_actions(record.state, seat)[0]
            result = perform(store, game_id, seat, action, expected_version=version,
                             record=record)  # fmt: skip
    except VersionConflict:
        return {"moved": False, "reason": "stale"}
    PuzzleArchive(store.redis, store.prefix).moved(record.status, result.record)
    schedule_bot_turns(Queue(job.origin, connection=job.connection), store, result.record,
                       budget_s)  # fmt: skip
    return {"moved": True, "version": result.record.version, "action": action}
