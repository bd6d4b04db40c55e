"""The rate limits' windows live in Redis's memory only: they never reach the append-only
file (nor a replica), while the games' writes do, even when one script does both.

The windows last a minute at most and the limiter lets requests through while Redis
cannot be reached, so keeping them through a restart promised nothing; writing them
made every view, a read, a write to disk.  A real Redis with an append-only file is
asked what it wrote.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import redis

from api.embedded_redis import EmbeddedRedis
from api.ratelimit import Limit, RateLimiter
from services.play.moves import create_game, game_for, perform
from services.store.games import GameStore

PREFIX = "aof-limits-test:"


@pytest.fixture()
def server(tmp_path):
    srv = EmbeddedRedis(tmp_path / "redis", aof=True).start()
    yield srv
    srv.stop()


def _written(data_dir: Path, needle: bytes, timeout_s: float = 5.0) -> bytes:
    """The append-only file(s) once ``needle`` is in them (Redis writes its buffer to the
    file before it sends the replies of the commands in it; the wait is only slack)."""
    deadline = time.monotonic() + timeout_s
    while True:
        text = b"".join(p.read_bytes() for p in sorted(data_dir.rglob("*.aof*")) if p.is_file())
        if needle in text or time.monotonic() > deadline:
            return text


def test_views_write_nothing_and_moves_write_only_the_game(server):
    client = redis.Redis.from_url(server.url)
    store = GameStore(client, prefix=PREFIX)
    limiter = RateLimiter(client, store.prefix, Limit(1000, 60), Limit(500, 60))
    record = create_game(store, "beat", 2, {"venue": "garage"}, seed=3).record
    windows = limiter.windows_for("192.0.2.7", "ab" * 32)

    for _ in range(5):  # five views: each checks and records both windows, reads the game
        verdict, fields = limiter.check(windows, store.record_key(record.id))
        assert verdict.admitted and fields
    assert client.llen(f"{limiter.prefix}address:192.0.2.7") == 5  # counted in memory

    seat = game_for("beat").seats_to_act(record.state)[0]
    play = next(
        a for a in game_for("beat").legal_actions(record.state, seat) if a["type"] == "play"
    )
    gate = limiter.admission(windows)
    done = perform(store, record.id, seat, play, record=record, gate=gate, copy=True)
    assert RateLimiter.verdict(gate.reply).admitted and done.record.version == record.version + 1
    assert client.llen(f"{limiter.prefix}address:192.0.2.7") == 6

    entry = f'"v":{record.version + 1},'.encode()  # the move's log entry, written after the views
    text = _written(server.data_dir, entry)
    assert entry in text, "the move's writes reach the file"
    assert b"ratelimit" not in text, "no window is written to the file"


def test_windows_after_a_restart_start_empty_and_games_stay(server):
    client = redis.Redis.from_url(server.url)
    store = GameStore(client, prefix=PREFIX)
    limiter = RateLimiter(client, store.prefix, Limit(2, 60), None)
    record = create_game(store, "tour", 1, {"mode": "solo"}, seed=1).record
    windows = limiter.windows_for("192.0.2.8", None)
    assert [limiter.check(windows)[0].admitted for _ in range(3)] == [True, True, False]
    _written(server.data_dir, store.record_key(record.id).encode())

    server.stop()
    server.start()
    client = redis.Redis.from_url(server.url)
    assert GameStore(client, prefix=PREFIX).get(record.id).version == record.version
    limiter = RateLimiter(client, PREFIX, Limit(2, 60), None)
    assert limiter.check(windows)[0].admitted
