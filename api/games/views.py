"""What a caller sees of a game: the game's own view plus the envelope every client relies on."""

from __future__ import annotations

from typing import Any

from api.auth import Principal
from api.errors import ApiError
from services.play.clock import clock_view
from services.play.seating import public_view, seating_of
from services.registry import get_game
from services.store.endings import outcome_of
from services.store.games import GameRecord


def envelope(record: GameRecord, principal: Principal, seat: int | None = None) -> dict[str, Any]:
    """The caller's view of ``record``.

    A seat token sees its seat.  The host sees everything in an open
    (puzzle) game, the seat it names with ``seat``, or else the public view.
    """
    game = get_game(record.game)
    state = record.state
    omniscient = False
    if principal.host:
        if seat is None:
            omniscient = game.open_information(state)
    elif principal.seats:
        own = next(iter(principal.seats))
        if seat is not None and seat != own:
            raise ApiError(403, "not_your_seat", f"this token sees seat {own} only")
        seat = own
    elif seat is not None:
        raise ApiError(401, "token_required", "a seat's view needs its token")
    if seat is not None and not 0 <= seat < record.players:
        raise ApiError(422, "no_such_seat", f"seats are 0 to {record.players - 1}")
    view = game.view(state, seat, omniscient)
    if "clock" in record.options:  # public: every seat sees when time runs out
        view = {**view, "clock": clock_view(record.game, record.players, record.options,
                                            record.status, record.updated)}  # fmt: skip
    return {
        **view,
        "game": record.game,
        "id": record.id,
        "version": record.version,
        "status": record.status,
        "outcome": outcome_of(record.ended) if record.ended else game.outcome(state),
        "seat": seat,
        # who sits where (names, bots, open seats): public, the same in every view
        "seating": public_view(seating_of(record.seating, record.players)),
        "rematch": record.rematch,
    }


def created(
    record: GameRecord, host_token: str, seat_tokens: list[str]
) -> tuple[dict[str, Any], int, dict[str, str]]:
    """The 201 answer for a new game: its tokens, shown only this once, and the host's view."""
    body = {
        "id": record.id,
        "game": record.game,
        "players": record.players,
        "seed": record.seed,
        "version": record.version,
        "host_token": host_token,
        "seat_tokens": seat_tokens,
        "view": envelope(record, Principal.host_of(record.players)),
    }
    headers = {
        "Location": f"/v1/games/{record.id}",
        "ETag": f'"{record.version}"',
        "Vary": "Authorization",
    }
    return body, 201, headers
