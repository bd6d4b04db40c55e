"""Who is calling: a seat token, the host token, or nobody (a spectator)."""

from __future__ import annotations

import hmac
from collections.abc import Callable
from dataclasses import dataclass

from flask import g, request

from api.errors import ApiError
from services.store.games import GameRecord, hash_token


@dataclass(frozen=True)
class Principal:
    """The seats a caller may act for; ``host`` also sees everything in open games."""

    seats: frozenset[int]
    host: bool = False

    @property
    def spectator(self) -> bool:
        return not self.seats

    @classmethod
    def host_of(cls, players: int) -> Principal:
        """The host of a game of ``players`` seats: acts for every one of them."""
        return cls(frozenset(range(players)), host=True)


SPECTATOR = Principal(frozenset())


def bearer_token() -> str | None:
    return parse_bearer(request.headers.get("Authorization"))


def parse_bearer(header: str | None) -> str | None:
    """The token of an ``Authorization`` header (None without one); 401 when malformed."""
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "invalid_token", "use 'Authorization: Bearer <token>'")
    return token.strip()


def token_hash() -> str | None:
    """SHA-256 of the presented bearer token (None without one), computed once per request."""
    store = g._get_current_object()
    try:
        return store.token_hash
    except AttributeError:
        token = bearer_token()
        store.token_hash = hash_token(token) if token is not None else None
        return store.token_hash


def principal_for(record: GameRecord, token: str | None = None) -> Principal:
    """The caller's rights on this game; a presented but unknown token is a 401.

    ``token`` overrides the Authorization header (the stream's ``?token=``).
    """
    presented = hash_token(token) if token is not None else token_hash()
    return principal_from_hash(record, presented)


def principal_from_hash(record: GameRecord, presented: str | None) -> Principal:
    """:func:`principal_for` for a token already hashed (None: no token, a spectator)."""
    if presented is None:
        return SPECTATOR
    # compare against every hash so timing does not tell which one matched
    host = hmac.compare_digest(presented, record.host_hash)
    seats = [i for i, h in enumerate(record.seat_hashes) if hmac.compare_digest(presented, h)]
    if host:
        return Principal.host_of(record.players)
    if seats:
        return Principal(frozenset(seats))
    raise ApiError(401, "invalid_token", "this token does not belong to this game")


def require_player(principal: Principal) -> None:
    if principal.spectator:
        raise ApiError(401, "token_required", "this needs a seat or host token")


def require_host(principal: Principal, what: str = "do this") -> None:
    if not principal.host:
        raise ApiError(403, "host_only", f"only the host token may {what}")


def acting_seat(principal: Principal, seat: int | None, candidates: Callable[[], list[int]]) -> int:
    """The seat a request acts for: the token's own, or the one a host names.

    ``candidates`` (the seats that may act now) costs a legal-action listing, so it is
    called only when a host token names no seat.
    """
    require_player(principal)
    if seat is None:
        if len(principal.seats) == 1:
            return next(iter(principal.seats))
        mine = [s for s in candidates() if s in principal.seats]
        if len(mine) == 1:
            return mine[0]
        raise ApiError(400, "seat_required", "name the seat to act for")
    if seat not in principal.seats:
        raise ApiError(403, "not_your_seat", f"this token does not act for seat {seat}")
    return seat
