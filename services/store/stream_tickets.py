"""Stream tickets: short-lived, single-use stand-ins for a token in a stream's URL.

A browser's ``EventSource`` cannot send an ``Authorization`` header, and a token in a
query string ends up in access logs and proxies.  A ticket is a random string handed
out for one game to a caller that presented its token in the header; the stream's URL
carries the ticket instead.  Redis keeps only the token's hash under a key named by the
game and the ticket, with a time to live, and ``GETDEL`` reads and removes it in one
step, so two connections can never both use the same ticket and a ticket presented to
another game finds nothing (and stays usable for its own).
"""

from __future__ import annotations

import secrets

import redis

from services.store import keys

#: how long a ticket may wait before its stream is opened, in seconds
DEFAULT_TTL_S = 30


class TicketStore:
    def __init__(self, client: redis.Redis, prefix: str, ttl_s: int = DEFAULT_TTL_S):
        self.redis = client
        self.prefix = prefix
        self.ttl_s = ttl_s

    def _key(self, game_id: str, ticket: str) -> str:
        return keys.stream_ticket(self.prefix, game_id, ticket)

    def issue(self, game_id: str, token_hash: str) -> str:
        """A new ticket standing for the token whose hash is ``token_hash``, on this game."""
        ticket = secrets.token_urlsafe(24)
        self.redis.set(self._key(game_id, ticket), token_hash, ex=self.ttl_s)
        return ticket

    def redeem(self, game_id: str, ticket: str) -> str | None:
        """The token hash a ticket stands for, removing the ticket; None when it is
        unknown, already used, expired or of another game."""
        if not ticket or len(ticket) > 128:
            return None
        raw = self.redis.getdel(self._key(game_id, ticket))
        return raw.decode() if raw is not None else None
