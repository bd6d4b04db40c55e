"""A move in one Redis round trip: the rate limits and the compare-and-set in one script.

On the ordinary path a move costs two round trips: the limiter's script, which also
reads the game's hash (or answers "unchanged" for the process's copy of it), then the
commit.  When the process holds a copy of the game (:class:`api.request_reads.ReadCache`
-- the mover's own last move or view left it there), the rules can run on that copy first
and the one script sent afterwards checks the limits and, once admitted, commits with the
copy's version as the expected one.  The compare-and-set is what makes that safe: a copy
that was stale is refused by it, exactly as a concurrent write is, and the script then
hands back the fresh hash so the move goes on as before (rules re-checked on the fresh
state, ``services.play.perform``'s retries) without a further read.

Only a move the rules accept on the copy is sent this way.  Anything else the copy
would answer -- an illegal move, a stale ``If-Match``, a seat the token does not hold --
might be the copy's mistake, so it takes the ordinary path (limits and a fresh read,
then the rules), where nothing has been counted or written yet.

That needs the windows and the game on one plain Redis (``RateLimiter.fused``).  Where
they are apart (limits in a store of their own, or a Redis Cluster, where the windows and
the game are in different slots), the windows are checked first and the same script then
runs with none, as the commit and the fresh read on a stale copy: two round trips, still
no read before the rules.

The script is the limiter's and the commit's own Lua, each wrapped as a function of its
keys and arguments, so each rule is written once (``api.ratelimit``, ``services.store``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from redis.commands.core import Script

from api.ratelimit import MOVING_WINDOW_LUA, Limit, RateLimiter, Verdict
from services.play import ActionResult, PreparedMove
from services.redis_calls import run_script
from services.store import COMMIT_LUA, GameStore

Fields = dict[bytes, bytes]

# KEYS: the limits' windows, then the commit's keys.  ARGV: how many of KEYS and of ARGV
# are the limits', the limits' arguments, then the commit's.  Returns the limits' reply
# (first five items); when admitted, a sixth: the commit's reply (the new version, -1,
# -2) and, on -2, a seventh: the game's fresh hash.
LIMITS_THEN_COMMIT_LUA = f"""
local function limits(KEYS, ARGV)
{MOVING_WINDOW_LUA}
end
local function commit(KEYS, ARGV)
{COMMIT_LUA}
end
local nk, na = tonumber(ARGV[1]), tonumber(ARGV[2])
local lk, la, ck, ca = {{}}, {{}}, {{}}, {{}}
for i = 1, #KEYS do
  if i <= nk then lk[i] = KEYS[i] else ck[i - nk] = KEYS[i] end
end
for i = 3, #ARGV do
  if i - 2 <= na then la[i - 2] = ARGV[i] else ca[i - 2 - na] = ARGV[i] end
end
local out = limits(lk, la)
if out[1] == 0 then return out end
local r = commit(ck, ca)
out[6] = r
if r == -2 then out[7] = redis.call('HGETALL', ck[1]) end
return out
"""


@dataclass(frozen=True)
class Trip:
    """What the one script did: the limits' verdict (None without limits) and either the
    stored move or, when the copy was stale, the game's fresh hash."""

    verdict: Verdict | None
    result: ActionResult | None = None
    fresh: Fields | None = None


class MoveTrip:
    """Sends prepared moves with their limit check; one per process."""

    def __init__(self, store: GameStore, limiter: RateLimiter | None):
        self.store = store
        self.limiter = limiter
        self._script: Script = store.redis.register_script(
            store.script_text(LIMITS_THEN_COMMIT_LUA)
        )
        #: moves sent (a diagnostic: tests check the one-trip path was taken)
        self.sent = 0

    def send(self, move: PreparedMove, windows: list[tuple[str, Limit]] | None) -> Trip:
        """Check ``windows`` (None: no limits apply) and, if admitted, commit ``move`` at
        its record's version.  Raises GameNotFound when the game is gone."""
        apart: Verdict | None = None
        if windows and self.limiter is not None and not self.limiter.fused:
            apart, _ = self.limiter.check(windows)
            if not apart.admitted:
                return Trip(apart)
            windows_here = None
        else:
            windows_here = windows
        if windows_here and self.limiter is not None:
            lkeys, largs = self.limiter.script_call(windows_here, int(time.time() * 1000))
        else:
            lkeys, largs = [], [0, 0]  # no window: always admitted, nothing recorded
        self.sent += 1
        record = move.record
        call = self.store.commit_call(
            record.id, record.version, move.state, move.status, move.seat, move.action,
            move.events,
        )  # fmt: skip
        reply = run_script(
            self._script,
            lkeys + call.keys,
            [len(lkeys), len(largs), *largs, *call.args],
        )
        verdict = apart or (RateLimiter.verdict(reply) if windows else None)
        if len(reply) < 6:  # refused: nothing written
            return Trip(verdict)
        if reply[5] == -2:
            got = reply[6]
            return Trip(verdict, fresh=dict(zip(got[::2], got[1::2], strict=True)))
        written: Fields = {}
        version = call.outcome(reply[5], written)
        return Trip(verdict, result=move.stored(version, written))
