"""The API's handles on seating: the seat store, per app, and the bot-turn port."""

from __future__ import annotations

from flask import current_app

from api.backend import Backend, backend
from services.store.games import GameRecord
from services.store.seats import SeatStore


def seat_store() -> SeatStore:
    seats = current_app.extensions.get("greenroom_seats")
    if seats is None:
        seats = current_app.extensions["greenroom_seats"] = SeatStore(backend().store)
    return seats


def kick_bots(record: GameRecord, be: Backend | None = None) -> list[int]:
    """Queue a turn for each bot seat of ``record`` that may act and set its clock (after
    any change; a game without bots may have a clock); ``be`` for a caller outside Flask's
    app context (api.fastpath)."""
    be = be or backend()
    return be.bot_turns.schedule(record) if be.bot_turns is not None else []
