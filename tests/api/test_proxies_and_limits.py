"""Client addresses behind proxies (TRUSTED_PROXIES) and rate limits in a moving window."""

from __future__ import annotations

import dataclasses
import time
import uuid

import pytest
import redis

from api.app import create_app
from api.config import Settings
from api.run import local_defaults

OUTSIDE = {"REMOTE_ADDR": "203.0.113.9"}  # a client that is not on loopback
PROXY = {"REMOTE_ADDR": "192.0.2.1"}  # the balancer in front of the API


@pytest.fixture
def make_app(settings):
    prefixes = []

    def make(**changes):
        prefix = f"{settings.prefix}limits-{uuid.uuid4().hex[:6]}:"
        prefixes.append(prefix)
        base = {"rate_limit_address": "", "rate_limit_token": "", "prefix": prefix}
        app = create_app(dataclasses.replace(settings, **{**base, **changes}))
        app.config["TESTING"] = True
        return app

    yield make
    client = redis.Redis.from_url(settings.redis_url)
    for prefix in prefixes:
        for key in client.scan_iter(match=f"{prefix}*"):
            client.delete(key)


def _statuses(client, n: int, **kwargs) -> list[int]:
    return [client.get("/v1/catalog", **kwargs).status_code for _ in range(n)]


def test_without_trusted_proxies_x_forwarded_for_is_ignored(make_app):
    app = make_app(rate_limit_address="3/minute")
    c = app.test_client()
    # a client cannot buy a fresh budget by claiming another address
    got = [
        c.get("/v1/catalog", headers={"X-Forwarded-For": f"198.51.100.{i}"},
              environ_base=OUTSIDE).status_code
        for i in range(5)
    ]  # fmt: skip
    assert got == [200, 200, 200, 429, 429]


def test_behind_one_trusted_proxy_each_client_has_its_own_budget(make_app):
    app = make_app(rate_limit_address="2/minute", trusted_proxies=1)
    c = app.test_client()

    def hit(xff: str) -> int:
        headers = {"X-Forwarded-For": xff}
        return c.get("/v1/catalog", headers=headers, environ_base=PROXY).status_code

    assert [hit("198.51.100.1") for _ in range(3)] == [200, 200, 429]
    assert [hit("198.51.100.2") for _ in range(2)] == [200, 200]  # not starved by .1
    # only the hop the trusted proxy appended counts: a forged first entry changes nothing
    assert hit("9.9.9.9, 198.51.100.1") == 429
    assert hit("8.8.8.8, 198.51.100.3") == 200
    assert hit("7.7.7.7, 198.51.100.3") == 200
    assert hit("6.6.6.6, 198.51.100.3") == 429


def test_trusted_proxy_count_is_exact(make_app):
    """With two trusted hops, the second address from the right is the client."""
    app = make_app(rate_limit_address="1/minute", trusted_proxies=2)
    c = app.test_client()

    def hit(xff: str) -> int:
        headers = {"X-Forwarded-For": xff}
        return c.get("/v1/catalog", headers=headers, environ_base=PROXY).status_code

    assert hit("198.51.100.4, 10.1.1.1") == 200
    assert hit("198.51.100.4, 10.2.2.2") == 429  # same client through another inner proxy
    assert hit("198.51.100.5, 10.1.1.1") == 200


def test_limits_count_in_a_moving_window(make_app):
    """Two requests just after a fixed window would have reset: the moving window still
    counts the three made a moment before, so the second of them is refused."""
    app = make_app(rate_limit_address="4 per 2 second")
    c = app.test_client()
    start = time.monotonic()

    def at(t: float) -> None:
        time.sleep(max(0.0, start + t - time.monotonic()))

    assert _statuses(c, 1, environ_base=OUTSIDE) == [200]  # opens a fixed window at 0
    at(1.0)
    assert _statuses(c, 3, environ_base=OUTSIDE) == [200, 200, 200]
    at(2.4)  # a fixed window would have started afresh at 2.0
    assert _statuses(c, 2, environ_base=OUTSIDE) == [200, 429]


def test_loopback_can_be_exempt_while_others_are_limited(make_app):
    app = make_app(rate_limit_address="2/minute", rate_limit_token="2/minute",
                   rate_limit_loopback="exempt")  # fmt: skip
    c = app.test_client()
    assert _statuses(c, 6) == [200] * 6  # the test client calls from 127.0.0.1
    assert _statuses(c, 3, environ_base=OUTSIDE) == [200, 200, 429]


def test_loopback_may_have_a_limit_of_its_own(make_app):
    app = make_app(rate_limit_address="1/minute", rate_limit_loopback="3/minute")
    c = app.test_client()
    assert _statuses(c, 4) == [200, 200, 200, 429]
    assert _statuses(c, 2, environ_base=OUTSIDE) == [200, 429]


def test_by_default_loopback_shares_the_general_limits(make_app):
    app = make_app(rate_limit_address="2/minute")
    assert _statuses(app.test_client(), 3) == [200, 200, 429]


def test_make_run_exempts_loopback_unless_told_otherwise(monkeypatch, make_app):
    assert local_defaults({})["RATE_LIMIT_LOOPBACK"] == "exempt"
    assert local_defaults({"RATE_LIMIT_LOOPBACK": "100/minute"})["RATE_LIMIT_LOOPBACK"] == (
        "100/minute"
    )
    for name, value in local_defaults({"RATE_LIMIT_ADDRESS": "2/minute"}).items():
        monkeypatch.setenv(name, value)
    from_env = Settings.from_env()
    app = make_app(rate_limit_address=from_env.rate_limit_address,
                   rate_limit_loopback=from_env.rate_limit_loopback)  # fmt: skip
    assert _statuses(app.test_client(), 5) == [200] * 5
    assert _statuses(app.test_client(), 3, environ_base=OUTSIDE) == [200, 200, 429]
