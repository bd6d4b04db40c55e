"""Leases on pending bot turns: a turn lost with its worker runs again within seconds.

Every queued bot turn has an entry in a sorted set kept per queue, on the queue's Redis
beside the jobs (never on the game store, which may be a cluster): the member names the
turn (key prefix, game id, seat), its score is the time its lease runs out, and a hash
holds what queueing it again takes (the job id, the store's settings, the budget).

- Queueing a turn writes its entry (``lease_turn``) before the job is on the queue.
- A running turn renews its own lease every ``HEARTBEAT_S`` and drops it when done;
  both only while the entry still names its job (a later turn of the seat replaces it).
- Every worker process sweeps (``sweep``): it claims the expired entries in one atomic
  step (so two sweepers never take the same one) and, unless the job still waits on the
  queue, queues that seat's turn again if the seat can still act.

A turn queued twice costs nothing: the second finds the move made (or makes the next
one), because every commit is a compare-and-set on the version the turn read.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import redis
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus

from services.store import keys, liveness
from services.store.scripts import LEASE_RELEASE_LUA, LEASE_RENEW_LUA
from workers import due_set

log = logging.getLogger("greenroom.bots")

#: seconds a turn's lease lasts without renewal; a lost turn is queued again after it
LEASE_S = 5.0
#: seconds between a running turn's renewals of its lease
HEARTBEAT_S = 1.0
#: seconds between a worker's sweeps for expired leases
SWEEP_S = 1.0
#: times in a row a seat's turn is queued again by the sweep before it is given up
MAX_RECOVERIES = 3
#: entries one sweep claims at most
SWEEP_BATCH = 100

WAITING = {JobStatus.QUEUED, JobStatus.DEFERRED, JobStatus.SCHEDULED, JobStatus.CREATED}


def leases_key(queue_name: str) -> str:
    return keys.bot_leases(queue_name)


def turns_key(queue_name: str) -> str:
    return keys.bot_turns(queue_name)


def member(prefix: str, game_id: str, seat: int) -> str:
    return f"{prefix}\t{game_id}\t{seat}"


@dataclass(frozen=True)
class Turn:
    """A claimed expired lease: whose turn it was and what re-queueing it takes."""

    prefix: str
    game_id: str
    seat: int
    job_id: str
    config: dict[str, Any]
    budget_s: float
    recoveries: int


def lease_turn(
    client: redis.Redis,
    queue_name: str,
    name: str,
    job_id: str,
    config: dict[str, Any],
    budget_s: float,
    recoveries: int = 0,
) -> None:
    """Record a turn about to be queued, with a lease that starts now."""
    entry = {"job": job_id, "config": config, "budget_s": budget_s, "recoveries": recoveries}
    with client.pipeline(transaction=True) as pipe:
        pipe.hset(turns_key(queue_name), name, json.dumps(entry))
        pipe.zadd(leases_key(queue_name), {name: time.time() + LEASE_S})
        pipe.execute()


def renew(client: redis.Redis, queue_name: str, name: str, job_id: str) -> bool:
    keys = [leases_key(queue_name), turns_key(queue_name)]
    return bool(client.eval(LEASE_RENEW_LUA, 2, *keys, name, job_id, time.time() + LEASE_S))


def release(client: redis.Redis, queue_name: str, name: str, job_id: str) -> bool:
    keys = [leases_key(queue_name), turns_key(queue_name)]
    return bool(client.eval(LEASE_RELEASE_LUA, 2, *keys, name, job_id))


class Heartbeat:
    """Renews one running turn's lease from a thread until :meth:`stop`."""

    def __init__(self, client: redis.Redis, queue_name: str, name: str, job_id: str):
        self._args = (client, queue_name, name, job_id)
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="turn-heartbeat")

    def __enter__(self) -> Heartbeat:
        renew(*self._args)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()
        release(*self._args)

    def _run(self) -> None:
        while not self._done.wait(HEARTBEAT_S):
            try:
                renew(*self._args)
            except redis.RedisError:  # the next renewal may get through; the sweep is lenient
                log.warning("could not renew a bot turn's lease")


def claim_expired(client: redis.Redis, queue_name: str) -> list[Turn]:
    """The turns whose lease ran out, each claimed by this caller for one more lease."""
    due = due_set.claim_due(
        client, leases_key(queue_name), turns_key(queue_name), LEASE_S, SWEEP_BATCH
    )
    turns = []
    for name, entry in due:
        prefix, game_id, seat = name.split("\t")
        turns.append(
            Turn(prefix, game_id, int(seat), entry["job"], entry["config"],
                 float(entry["budget_s"]), int(entry.get("recoveries", 0)))
        )  # fmt: skip
    return turns


def still_waiting(client: redis.Redis, job_id: str) -> bool:
    """True while the turn's job waits to run (its lease is only pushed on)."""
    try:
        return Job.fetch(job_id, connection=client).get_status() in WAITING
    except NoSuchJobError:
        return False


def sweep(client: redis.Redis, queue_name: str, requeue: Callable[[Turn], bool]) -> int:
    """Queue again every expired turn that is not waiting on the queue; ``requeue`` does
    it (False: the seat has nothing to do).  Returns how many were queued again."""
    queued = 0
    for turn in claim_expired(client, queue_name):
        if still_waiting(client, turn.job_id):
            continue
        if turn.recoveries < MAX_RECOVERIES and requeue(turn):  # replaces the entry
            log.warning("bot turn for %s seat %s was lost (job %s); queued again",
                        turn.game_id, turn.seat, turn.job_id)  # fmt: skip
            queued += 1
            continue
        if turn.recoveries >= MAX_RECOVERIES:
            log.error("bot turn for %s seat %s lost %d times in a row; leaving it",
                      turn.game_id, turn.seat, turn.recoveries)  # fmt: skip
        release(client, queue_name, member(turn.prefix, turn.game_id, turn.seat), turn.job_id)
    return queued


class Sweeper:
    """A daemon thread that sweeps every ``SWEEP_S`` seconds (one per worker process), and
    beats for the worker's liveness (``services.store.liveness``) as it goes."""

    def __init__(
        self,
        client: redis.Redis,
        queue_name: str,
        requeue: Callable[[Turn], bool],
        also: Callable[[], object] | None = None,
    ):
        self._args = (client, queue_name, requeue)
        #: another periodic task of the worker (its games' clocks)
        self._also = also
        self._done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True, name="turn-sweeper")

    def start(self) -> Sweeper:
        self.thread.start()
        return self

    def stop(self) -> None:
        self._done.set()
        self.thread.join()

    def _run(self) -> None:
        client, queue_name, _ = self._args
        name = liveness.worker_name()
        while not self._done.is_set():
            try:
                liveness.beat(client, queue_name, name)
                sweep(*self._args)
                if self._also is not None:
                    self._also()
            except redis.RedisError:
                log.warning("bot turn sweep: Redis unavailable; trying again")
            except Exception:  # one bad entry must not end the sweeping
                log.exception("bot turn sweep failed")
            self._done.wait(SWEEP_S)
