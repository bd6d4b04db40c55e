"""The moving window of the rate limits, driven with explicit clocks on a real Redis."""

from __future__ import annotations

import uuid

import pytest
import redis

from api.ratelimit import Limit, RateLimiter

MIN = 60_000


@pytest.fixture
def limiter(settings):
    client = redis.Redis.from_url(settings.redis_url)
    prefix = f"{settings.prefix}rlw-{uuid.uuid4().hex[:6]}:"
    yield RateLimiter(client, prefix, None, None)
    keys = list(client.scan_iter(match=f"{prefix}*"))
    if keys:
        client.delete(*keys)


def test_parse_limits():
    assert Limit.parse("6000/minute") == Limit(6000, 60)
    assert Limit.parse("10 per 5 seconds") == Limit(10, 5)
    assert Limit.parse("1/day") == Limit(1, 86400)
    for bad in ("", "0/minute", "ten/minute", "5/fortnight"):
        with pytest.raises(ValueError):
            Limit.parse(bad)


def test_no_burst_across_a_window_edge(limiter):
    """A fixed window would admit 3 more right after the minute turns; a moving one does not."""
    three = [("k", Limit(3, 60))]
    t0 = 1_000 * MIN  # a minute boundary
    assert [limiter.hit(three, t0 - 1_000 + i).admitted for i in range(3)] == [True] * 3
    after_edge = [limiter.hit(three, t0 + 1_000 + i).admitted for i in range(3)]
    assert after_edge == [False] * 3
    # room comes back exactly when the first of the three leaves the window
    refused = limiter.hit(three, t0 + 58_000)
    assert not refused.admitted and refused.retry_ms == 1_000
    assert limiter.hit(three, t0 + 59_000).admitted


def test_refused_requests_are_not_counted(limiter):
    one = [("k", Limit(1, 60))]
    assert limiter.hit(one, 0).admitted
    for t in range(1_000, 50_000, 1_000):
        assert not limiter.hit(one, t).admitted
    assert limiter.hit(one, 60_001).admitted  # only the admitted request held the window


def test_both_windows_must_have_room_and_the_tightest_is_reported(limiter):
    windows = [("a", Limit(100, 60)), ("b", Limit(2, 60))]
    first = limiter.hit(windows, 0)
    assert first.admitted and first.limit == 2 and first.remaining == 1
    assert limiter.hit(windows, 1).remaining == 0
    third = limiter.hit(windows, 2)
    assert not third.admitted and third.limit == 2
    # the refused request was not recorded in the roomy window either
    assert limiter.hit([("a", Limit(100, 60))], 3).remaining == 100 - 3


def test_answers_carry_the_tightest_window(settings):
    from api.app import create_app
    from api.config import Settings

    own = Settings(
        redis_url=settings.redis_url,
        prefix=f"{settings.prefix}rlh-{uuid.uuid4().hex[:6]}:",
        queue=settings.queue,
        rate_limit_address="1000/minute",
        rate_limit_token="4/minute",
    )
    client = create_app(own).test_client()
    created = client.post("/v1/games", json={"game": "tour", "players": 1}).get_json()
    auth = {"Authorization": f"Bearer {created['seat_tokens'][0]}"}
    answers = [client.get(f"/v1/games/{created['id']}", headers=auth) for _ in range(5)]
    assert [r.status_code for r in answers] == [200, 200, 200, 200, 429]
    assert [r.headers["X-RateLimit-Remaining"] for r in answers[:4]] == ["3", "2", "1", "0"]
    assert {r.headers["X-RateLimit-Limit"] for r in answers[:4]} == {"4"}
    assert 1 <= int(answers[4].headers["Retry-After"]) <= 60
