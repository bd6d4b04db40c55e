"""A sorted set of deadlines beside a hash of entries, as clock timers and turn leases
keep them on the queue's Redis: claiming what fell due pushes each member on to a new
deadline in one script, so two sweeping workers never both take one."""

from __future__ import annotations

import json
import time
from typing import Any

import redis

from services.store.scripts import DUE_CLAIM_LUA


def claim_due(
    client: redis.Redis, deadlines: str, entries: str, hold_s: float, batch: int
) -> list[tuple[str, dict[str, Any]]]:
    """The members whose deadline passed, with their entries, each held by this caller for
    ``hold_s``; a member whose entry is gone is dropped (nothing is left to act on)."""
    now = time.time()
    reply = client.eval(DUE_CLAIM_LUA, 2, deadlines, entries, now, now + hold_s, batch)
    due = []
    for raw_member, raw_entry in zip(reply[::2], reply[1::2], strict=True):
        name = raw_member.decode()
        if not raw_entry:
            client.zrem(deadlines, name)
            continue
        due.append((name, json.loads(raw_entry)))
    return due
