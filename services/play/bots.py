"""Which bot seats may act on a game now: what the bot-turn port is asked to schedule."""

from __future__ import annotations

from services.play.records import GameRecord
from services.play.seating import bot_seats, open_seats
from services.registry import get_game


def bot_seats_to_act(record: GameRecord) -> list[int]:
    """The bot seats that can act now (none while a seat is open or the game is over)."""
    if record.status != "running" or record.seating is None:
        return []
    bots = bot_seats(record.seating)
    if not bots or open_seats(record.seating):
        return []
    acting = get_game(record.game).seats_to_act(record.state)
    return [s for s in acting if s in bots]
