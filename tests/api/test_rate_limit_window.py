"""The moving window of the rate limits, driven with explicit clocks on a real Redis."""

from __future__ import annotations

import uuid

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from api.ratelimit import Limit, RateLimiter
from services.store.connections import connect

MIN = 60_000


@pytest.fixture
def limiter(settings, own_prefix):
    return RateLimiter(connect(settings.game_redis()), own_prefix, None, None)


def _times(settings, limiter: RateLimiter, key: str) -> list[bytes]:
    """The times window ``key`` holds, newest first, as Redis stores them."""
    return connect(settings.game_redis()).lrange(f"{limiter.prefix}{key}", 0, -1)


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


def test_a_time_behind_a_newer_one_counts_until_the_newer_leaves(limiter, settings):
    """Callers' clocks may disagree: a time behind the newest one is recorded as that
    newest time, so its request counts a little longer (stricter, never looser)."""
    two = [("k", Limit(2, 60))]
    assert limiter.hit(two, 10_000).admitted
    assert limiter.hit(two, 5_000).admitted  # another process's clock, 5 s behind
    assert _times(settings, limiter, "k") == [b"10000", b"10000"]
    # the 5 s request still counts just before 70 s, beside the 10 s one
    refused = limiter.hit(two, 69_999)
    assert not refused.admitted and refused.retry_ms == 1 and refused.reset_ms == 70_000
    assert limiter.hit(two, 70_000).admitted
    assert _times(settings, limiter, "k") == [b"70000"]


def test_a_clock_that_jumped_back_by_more_than_a_window_starts_it_afresh(limiter):
    """Times from a clock an hour ahead would pin every later time to that hour (each
    recorded as the newest), locking the client out until then: the window restarts."""
    two = [("k", Limit(2, 60))]
    assert limiter.hit(two, 3_600_000).admitted  # a clock an hour ahead
    assert limiter.hit(two, 61_000).admitted  # that clock set right: over a window behind
    second = limiter.hit(two, 61_001)  # counted as usual from here
    assert second.admitted and second.remaining == 0
    third = limiter.hit(two, 61_002)
    assert not third.admitted and third.retry_ms == 61_000 + 60_000 - 61_002
    # within a window ahead, the clamp holds: no restart
    ahead = [("j", Limit(2, 60))]
    assert limiter.hit(ahead, 100_000).admitted
    assert limiter.hit(ahead, 41_000).admitted  # 59 s behind: recorded at 100 s
    assert not limiter.hit(ahead, 41_001).admitted


def test_a_time_from_a_clock_behind_is_not_cut_with_the_old_times(limiter):
    """The list is kept sorted (a time behind the newest is recorded as the newest), so
    the bisection that cuts a long run of old times never lands on it and cuts the times
    after it that still count."""
    many = [("k", Limit(1_000, 60))]
    times = [1_000 + i for i in range(10)]  # these will have left the window
    times += [10_000 + i for i in range(5)]
    times += [5_000]  # another process's clock, behind
    times += [10_010 + i for i in range(7)]
    assert all(limiter.hit(many, t).admitted for t in times)
    # at 69 s the first ten have left; the 5 s one counts as recorded at 10.004 s
    assert limiter.hit(many, 69_000).remaining == 1_000 - 13 - 1


def test_a_client_back_after_a_pause_finds_its_old_times_gone(limiter, settings):
    """Hundreds of times that left the window while the client was away go in one call
    (bisected and cut, not popped one by one), and none that still counts goes with them."""
    many = [("k", Limit(1_000, 60))]
    for t in range(600):
        assert limiter.hit(many, 1_000_000 + t * 10).admitted
    # 61 s after the first: the 101 times up to 1,001,000 have left, 499 count
    back = limiter.hit(many, 1_061_000)
    assert back.admitted and back.remaining == 1_000 - 499 - 1
    assert back.reset_ms == 1_001_010 + 60_000
    assert len(_times(settings, limiter, "k")) == 499 + 1
    later = limiter.hit(many, 2_000_000)  # long after all of them
    assert later.admitted and later.remaining == 999
    assert _times(settings, limiter, "k") == [b"2000000"]


class _Model:
    """The promise, written plainly: a request is admitted when every window holds fewer
    than its allowance of admitted requests in the ``window`` ms up to now."""

    def __init__(self, limits: list[Limit]):
        self.limits = limits
        self.times: list[list[int]] = [[] for _ in limits]

    def hit(self, now: int) -> tuple[bool, int, int, int, int]:
        verdicts = []
        for times, limit in zip(self.times, self.limits, strict=True):
            w = limit.window_s * 1000
            live = sorted(t for t in times if t > now - w)
            reset = live[0] + w if live else now + w
            if len(live) >= limit.count:
                retry = live[len(live) - limit.count] + w - now
                verdicts.append((False, limit.count, 0, reset, retry))
            else:
                verdicts.append((True, limit.count, limit.count - len(live) - 1, reset, 0))
        refused = [v for v in verdicts if not v[0]]
        if refused:
            # the last refusing window is reported, retry is the longest wait
            return (False, *refused[-1][1:4], max(v[4] for v in refused))
        for times in self.times:
            times.append(now)
        return min(verdicts, key=lambda v: v[2])


@hsettings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    limits=st.lists(
        st.builds(Limit, st.integers(1, 30), st.integers(1, 3)), min_size=1, max_size=2
    ),
    # bursts (several times in one ms), steady traffic, and pauses longer than a window
    gaps=st.lists(
        st.one_of(st.integers(0, 3), st.integers(0, 1_500), st.integers(2_000, 4_000)),
        min_size=1,
        max_size=80,
    ),
)
def test_the_windows_keep_the_promise_on_any_steady_clock(limiter, limits, gaps):
    """On random times and limits, every verdict is the plain model's, field by field."""
    windows = [(f"p{uuid.uuid4().hex[:8]}-{i}", limit) for i, limit in enumerate(limits)]
    model = _Model(limits)
    now = 1_000_000
    for gap in gaps:
        now += gap
        got = limiter.hit(windows, now)
        want = model.hit(now)
        assert (got.admitted, got.limit, got.remaining, got.reset_ms, got.retry_ms) == want


def test_the_store_keeps_the_windows_without_the_http_side(settings, own_prefix):
    """``services.store.limits`` takes any count and window (no ``api`` type) and shares
    its windows with the HTTP limiter of the same prefix."""
    from dataclasses import dataclass

    from services.store.limits import LimitWindows

    @dataclass(frozen=True)
    class Allowance:
        count: int
        window_s: int

    client = connect(settings.game_redis())
    store = LimitWindows(client, own_prefix)
    two = [("store-side", Allowance(2, 60))]
    assert [store.hit(two, t).admitted for t in (0, 1)] == [True, True]
    http = RateLimiter(client, own_prefix, None, None)
    assert not http.hit([("store-side", Limit(2, 60))], 2).admitted
    assert store.hit(two, 60_001).admitted
