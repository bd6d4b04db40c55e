"""The timers of games with a clock, kept per queue on the queue's Redis (so they survive
restarts, and a game store on a cluster never holds an index that spans its slots).

A sorted set holds one member per game (key prefix and game id) scored by when its time
runs out; a hash holds the version the timer is for and what acting on it takes.  Every
change to a game arms its timer for the new version (:func:`arm`); an arm for an older
version than the one held is ignored, so a late arm never hides a newer timer.  A
worker's sweep claims the due timers (``workers.clocks``).
"""

from __future__ import annotations

import json
import time
from typing import Any

import redis

from services.core import RulesError
from services.play.clock import clock_of
from services.store import keys as key_names
from services.store.scripts import CLOCK_ARM_LUA, CLOCK_RELEASE_LUA
from workers import due_set

#: seconds after which a fired timer whose game has not moved fires again
RETRY_S = 5.0


def keys(queue_name: str) -> list[str]:
    return [key_names.clocks(queue_name), key_names.clock_games(queue_name)]


def member(prefix: str, game_id: str) -> str:
    return f"{prefix}\t{game_id}"


def arm(
    client: redis.Redis,
    queue_name: str,
    prefix: str,
    record: Any,
    config: dict[str, Any],
    budget_s: float,
) -> None:
    """Set the timer of ``record``'s game for its version (none once it is over)."""
    try:
        clock = clock_of(record.options)
    except RulesError:
        clock = None
    if clock is None:
        return
    entry = {"version": record.version, "config": config, "budget_s": budget_s}
    running = "1" if record.status == "running" else "0"
    deadline = time.time() + clock["move_s"]
    client.eval(CLOCK_ARM_LUA, 2, *keys(queue_name), member(prefix, record.id), record.version,
                deadline, json.dumps(entry), running)  # fmt: skip


def release(client: redis.Redis, queue_name: str, name: str, version: int) -> None:
    client.eval(CLOCK_RELEASE_LUA, 2, *keys(queue_name), name, version)


def claim_due(client: redis.Redis, queue_name: str, batch: int = 100) -> list[tuple[str, dict]]:
    """The timers that ran out, each claimed by this caller until ``RETRY_S`` from now."""
    return due_set.claim_due(client, *keys(queue_name), RETRY_S, batch)
