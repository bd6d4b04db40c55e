"""Rename games stored under untagged keys (``<prefix>game:<id>``, ``...:log``,
``...:events``) to the hash-tagged names the store reads (``<prefix>game:{<id>}``...).

Untagged keys only ever lived on a single Redis, where a rename is in place and keeps
each key's TTL.  Run it once, with no API process of the untagged layout still writing:

    python -m services.store.key_migration --redis-url redis://host:6379/0 [--prefix greenroom:]

A key whose tagged name is taken already is left as it is (``RENAMENX``), so running it
again, or beside another run, is harmless.  The lobby's sorted sets name games by id and
need nothing.
"""

from __future__ import annotations

import argparse
import re
from typing import Any

import redis

from services.store import keys

_SUFFIXES = ("", ":log", ":events")


def migrate_untagged(client: Any, prefix: str) -> int:
    """Rename every untagged game key under ``prefix``; returns how many were renamed."""
    pattern = re.compile(rf"^{re.escape(prefix)}game:([^{{}}:]+)(:log|:events)?$")
    renamed = 0
    for raw in client.scan_iter(match=keys.untagged_games(prefix), count=1000):
        key = raw.decode() if isinstance(raw, bytes) else raw
        m = pattern.match(key)
        if m is None:
            continue
        gid, suffix = m.group(1), m.group(2) or ""
        try:
            renamed += int(bool(client.renamenx(key, keys.game(prefix, gid) + suffix)))
        except redis.ResponseError:  # gone meanwhile (expired, or another run moved it)
            continue
    return renamed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--redis-url", required=True)
    parser.add_argument("--prefix", default="greenroom:")
    args = parser.parse_args(argv)
    count = migrate_untagged(redis.Redis.from_url(args.redis_url), args.prefix)
    print(f"renamed {count} keys")


if __name__ == "__main__":
    main()
