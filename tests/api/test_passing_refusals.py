"""A Redis between roles (a failover, a slot migration) is a 503 to retry, never a 500."""

from __future__ import annotations

import pytest
import redis

from api.errors import domain_error


@pytest.mark.parametrize(
    "reply",
    [
        "NOREPLICAS Not enough good replicas to write.",
        "READONLY You can't write against a read only replica.",
        "Command # 1 (HSET k f v) of pipeline caused error: NOREPLICAS Not enough good replicas",
        "TRYAGAIN Multiple keys request during rehashing of slot",
    ],
)
def test_passing_refusals_are_503_with_retry_after(reply):
    status, code, _, _, headers = domain_error(redis.ResponseError(reply))
    assert (status, code, headers["Retry-After"]) == (503, "backend_unavailable", "1")


def test_other_refusals_stay_unexpected():
    assert domain_error(redis.ResponseError("WRONGTYPE Operation against a key")) is None
