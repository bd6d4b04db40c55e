"""Who is calling: a seat token, the host token, or nobody (a spectator)."""

from __future__ import annotations

from dataclasses import dataclass

from flask import request

from api.errors import ApiError
from services.store import GameRecord, token_matches


@dataclass(frozen=True)
class Principal:
    """The seats a caller may act for; ``host`` also sees everything in open games."""

    seats: frozenset[int]
    host: bool = False

    @property
    def spectator(self) -> bool:
        return not self.seats


SPECTATOR = Principal(frozenset())


def bearer_token() -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "invalid_token", "use 'Authorization: Bearer <token>'")
    return token.strip()


def principal_for(record: GameRecord, token: str | None = None) -> Principal:
    """The caller's rights on this game; a presented but unknown token is a 401.

    ``token`` overrides the Authorization header (the stream's ``?token=``).
    """
    token = token if token is not None else bearer_token()
    if token is None:
        return SPECTATOR
    # compare against every hash so timing does not tell which one matched
    host = token_matches(token, record.host_hash)
    seats = [i for i, h in enumerate(record.seat_hashes) if token_matches(token, h)]
    if host:
        return Principal(frozenset(range(record.players)), host=True)
    if seats:
        return Principal(frozenset(seats))
    raise ApiError(401, "invalid_token", "this token does not belong to this game")


def require_player(principal: Principal) -> None:
    if principal.spectator:
        raise ApiError(401, "token_required", "this needs a seat or host token")


def acting_seat(principal: Principal, seat: int | None, candidates: list[int]) -> int:
    """The seat a request acts for: the token's own, or the one a host names."""
    require_player(principal)
    if seat is None:
        if len(principal.seats) == 1:
            return next(iter(principal.seats))
        mine = [s for s in candidates if s in principal.seats]
        if len(mine) == 1:
            return mine[0]
        raise ApiError(400, "seat_required", "name the seat to act for")
    if seat not in principal.seats:
        raise ApiError(403, "not_your_seat", f"this token does not act for seat {seat}")
    return seat
