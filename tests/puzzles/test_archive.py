"""The puzzle archive: filters, newest first, attempts and solves, one daily code."""

from __future__ import annotations

import redis

from services.store.puzzle_archive import PuzzleArchive


def _entry(code: str, venue: str, players: int, grade: int, tags: list[str], added: float):
    return {"code": code, "venue": venue, "players": players, "grade": grade, "tags": tags,
            "lines": 5, "unique": False, "source": "generated", "added": added}  # fmt: skip


def test_listing_filters_and_counts(settings, own_prefix):
    arch = PuzzleArchive(redis.Redis.from_url(settings.redis_url), own_prefix)
    arch.add(_entry("B1.a", "garage", 2, 1, ["needs the Solo"], 1.0))
    arch.add(_entry("B1.b", "garage", 3, 4, [], 2.0))
    arch.add(_entry("B1.c", "jupiter", 2, 4, ["needs the Solo", "unique"], 3.0))
    arch.add(_entry("B1.a", "jupiter", 4, 5, [], 4.0))  # the first entry for a code stays
    assert [e["code"] for e in arch.listing()[0]] == ["B1.c", "B1.b", "B1.a"]
    assert [e["code"] for e in arch.listing(venue="garage")[0]] == ["B1.b", "B1.a"]
    assert [e["code"] for e in arch.listing(grade=4, players=2)[0]] == ["B1.c"]
    assert [e["code"] for e in arch.listing(tag="needs the Solo")[0]] == ["B1.c", "B1.a"]
    page, total = arch.listing(limit=1, offset=1)
    assert [e["code"] for e in page] == ["B1.b"] and total == 3
    arch.started("B1.a", "g1")
    arch.started("B1.a", "g2")
    arch.finished("g1", won=True)
    arch.finished("g1", won=True)  # a game counts its solve once
    arch.finished("g2", won=False)
    got = arch.get("B1.a")
    assert (got["attempts"], got["solves"], got["venue"]) == (2, 1, "garage")
    assert arch.set_daily("2026-12-05", "B1.a") == "B1.a"
    assert arch.set_daily("2026-12-05", "B1.b") == "B1.a"
