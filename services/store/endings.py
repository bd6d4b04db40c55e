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
from services.store.games import (
    GameNotFound,
    GameRecord,
    GameStore,
    VersionConflict,
    write_id,
)
from services.store.scripts import END_GAME_LUA


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
    script = store.redis.register_script(store.script_text(END_GAME_LUA))
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
