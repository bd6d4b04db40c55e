"""The API's handles on seating: the seat store and the bot scheduler, per app."""

from __future__ import annotations

from flask import current_app

from api.backend import Backend, backend
from services.seat_store import SeatStore
from services.store import GameRecord
from workers.bot_turns import schedule_bot_turns


def seat_store() -> SeatStore:
    seats = current_app.extensions.get("greenroom_seats")
    if seats is None:
        seats = current_app.extensions["greenroom_seats"] = SeatStore(backend().store)
    return seats


def kick_bots(record: GameRecord, be: Backend | None = None) -> list[int]:
    """Queue a turn for each bot seat of ``record`` that may act (after any change);
    ``be`` for a caller outside Flask's app context (api.fastpath)."""
    if record.seating is None:
        return []
    be = be or backend()
    return schedule_bot_turns(be.queue, be.store, record, be.settings.bot_budget_s)
