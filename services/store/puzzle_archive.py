"""The puzzle archive in Redis: graded puzzles by code, with attempt and solve counts.

Keys (``prefix`` keeps tenants and tests apart):

- ``{prefix}puzzle:{code}``       hash: ``entry`` (JSON: code, venue, players, grade,
                                  tags, lines, unique, source, added), ``attempts``,
                                  ``solves``
- ``{prefix}puzzles``             sorted set of archived codes, scored by when added
- ``{prefix}puzzle-game:{{id}}``  the code a puzzle game was started from (in the
                                  game's slot: hash tag ``{<id>}``)
- ``{prefix}puzzle-daily:{date}`` the daily puzzle's code for a UTC date
"""

from __future__ import annotations

import json
import time
from typing import Any

import redis

from services.play.records import GameRecord
from services.registry import get_game
from services.store import keys

#: the archive keeps its newest entries only
MAX_ENTRIES = 10_000
#: how long a game remembers its code (longer than any game lives)
GAME_LINK_TTL_S = 30 * 24 * 3600


class PuzzleArchive:
    def __init__(self, client: redis.Redis, prefix: str = "greenroom:"):
        self.redis = client
        self.prefix = prefix

    def _key(self, code: str) -> str:
        return keys.puzzle(self.prefix, code)

    def _index(self) -> str:
        return keys.puzzles(self.prefix)

    def _game_link(self, game_id: str) -> str:
        """The code a game was started from, in that game's slot (hash tag ``{<id>}``)."""
        return keys.puzzle_game(self.prefix, game_id)

    def add(self, entry: dict[str, Any]) -> None:
        """Archive a graded puzzle (idempotent: the first entry for a code stays)."""
        code = entry["code"]
        entry = {**entry, "added": entry.get("added") or time.time()}
        if self.redis.hsetnx(self._key(code), "entry", json.dumps(entry, sort_keys=True)):
            pipe = self.redis.pipeline()
            pipe.zadd(self._index(), {code: entry["added"]})
            pipe.zremrangebyrank(self._index(), 0, -MAX_ENTRIES - 1)
            pipe.execute()

    def get(self, code: str) -> dict[str, Any] | None:
        raw = self.redis.hgetall(self._key(code))
        if b"entry" not in raw:
            return None
        return self._entry(raw)

    @staticmethod
    def _entry(raw: dict[bytes, bytes]) -> dict[str, Any]:
        out = json.loads(raw[b"entry"])
        out["attempts"] = int(raw.get(b"attempts", 0))
        out["solves"] = int(raw.get(b"solves", 0))
        return out

    def started(self, code: str, game_id: str) -> None:
        """A game was started from ``code``: one more attempt, and the link for its solve."""
        pipe = self.redis.pipeline()
        pipe.hincrby(self._key(code), "attempts", 1)
        pipe.set(self._game_link(game_id), code, ex=GAME_LINK_TTL_S)
        pipe.execute()

    def moved(self, before_status: str, after: GameRecord) -> None:
        """After any stored move -- a player's, a bot's or a timed-out seat's: when that
        move finished the game, count its solve (see :meth:`finished`)."""
        if after.status == "finished" and before_status != "finished":
            outcome = get_game(after.game).outcome(after.state) or {}
            self.finished(after.id, bool(outcome.get("won")))

    def finished(self, game_id: str, won: bool) -> None:
        """A game ended: a won game started from a code counts one solve, once."""
        code = self.redis.getdel(self._game_link(game_id))
        if code is not None and won:
            self.redis.hincrby(self._key(code.decode()), "solves", 1)

    def listing(
        self,
        venue: str | None = None,
        players: int | None = None,
        grade: int | None = None,
        tag: str | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> tuple[list[dict[str, Any]], int]:
        """Archived puzzles, newest first, filtered; and how many matched in all."""
        codes = [c.decode() for c in self.redis.zrevrange(self._index(), 0, -1)]
        pipe = self.redis.pipeline()
        for c in codes:
            pipe.hgetall(self._key(c))
        matched = []
        for raw in pipe.execute():
            if b"entry" not in raw:
                continue
            e = self._entry(raw)
            if venue is not None and e["venue"] != venue:
                continue
            if players is not None and e["players"] != players:
                continue
            if grade is not None and e["grade"] != grade:
                continue
            if tag is not None and tag not in e["tags"]:
                continue
            matched.append(e)
        return matched[offset : offset + limit], len(matched)

    def daily_code(self, date: str) -> str | None:
        raw = self.redis.get(keys.puzzle_daily(self.prefix, date))
        return raw.decode() if raw is not None else None

    def set_daily(self, date: str, code: str) -> str:
        """Record the day's code unless another process did first; the code that holds."""
        key = keys.puzzle_daily(self.prefix, date)
        self.redis.set(key, code, nx=True)
        return self.redis.get(key).decode()
