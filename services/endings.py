"""Games the service ends before their rules do: a resignation in a competitive game.

The ending is one compare-and-set on the game's version, like a move: it marks the game
finished, stores why in its ``ended`` field (views show it as the outcome), appends a
public event for streams and gives the game its finished TTL.
"""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import Any

from services.core import RulesError
from services.store import CAS_LUA, GameNotFound, GameRecord, GameStore, VersionConflict, write_id

# KEYS: game hash, log list, events stream.  ARGV: expected version, ended json, ttl, now,
# events json, events cap, live channel, write id.
_END_LUA = (
    CAS_LUA
    + """
redis.call('HSET', KEYS[1], 'status', 'finished', 'ended', ARGV[2], 'version', nv,
  'updated', ARGV[4], 'commit', ARGV[#ARGV])
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[6], nv .. '-0', 'events', ARGV[5])
local ttl = tonumber(ARGV[3])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
  redis.call('EXPIRE', KEYS[3], ttl)
end
redis.call('PUBLISH', ARGV[7], nv .. ' finished')
return nv
"""
)


def outcome_of(ended: dict[str, Any]) -> dict[str, Any]:
    """The outcome views show for a game the service ended."""
    return {"ended": ended["reason"], **{k: v for k, v in ended.items() if k != "reason"}}


def end_game(store: GameStore, record: GameRecord, ended: dict[str, Any]) -> GameRecord:
    """End running ``record`` (at its version) for ``ended["reason"]``."""
    if record.status != "running":
        raise RulesError("game_over", "the game has ended")
    now = time.time()
    key = store.record_key(record.id)
    event = {"seat": ended.get("seat", -1), "public": True,
             "events": [{"type": "game_ended", **outcome_of(ended)}]}  # fmt: skip
    script = store.redis.register_script(store.script_text(_END_LUA))
    result = script(
        keys=[key, f"{key}:log", store.events_key(record.id)],
        args=[record.version, json.dumps(ended), store.finished_ttl_s, now, json.dumps(event),
              store.events_cap, store.live_channel(record.id), write_id()],
    )  # fmt: skip
    if result == -1:
        raise GameNotFound(record.id)
    if result == -2:
        raise VersionConflict(store.current_version(record.id))
    return replace(record, status="finished", ended=ended, version=int(result), updated=now)
