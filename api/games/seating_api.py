"""The API's handles on seating: the seat store and the bot scheduler, per app."""

from __future__ import annotations

from flask import current_app

from api.backend import Backend, backend
from services.seat_store import SeatStore
from services.store import GameRecord
from workers import clock_timer
from workers.bot_turns import schedule_bot_turns


def seat_store() -> SeatStore:
    seats = current_app.extensions.get("greenroom_seats")
    if seats is None:
        seats = current_app.extensions["greenroom_seats"] = SeatStore(backend().store)
    return seats


def kick_bots(record: GameRecord, be: Backend | None = None) -> list[int]:
    """Queue a turn for each bot seat of ``record`` that may act and set its clock (after
    any change); ``be`` for a caller outside Flask's app context (api.fastpath)."""
    be = be or backend()
    if record.seating is None:  # no bots; a clock, maybe
        config = {"prefix": be.store.prefix, "idle_ttl_s": be.store.idle_ttl_s,
                  "finished_ttl_s": be.store.finished_ttl_s}  # fmt: skip
        clock_timer.arm(be.redis, be.queue.name, be.store.prefix, record, config,
                        be.settings.bot_budget_s)  # fmt: skip
        return []
    return schedule_bot_turns(be.queue, be.store, record, be.settings.bot_budget_s)
