"""The direct EVALSHA path of the request path's scripts: same answers, same fallbacks."""

from __future__ import annotations

import uuid

import pytest
import redis

from api.backend import redis_client
from services.redis_calls import run_script


@pytest.fixture
def client(settings):
    c = redis_client(settings.redis_url)
    yield c
    c.connection_pool.disconnect()


def _script(client: redis.Redis):
    # a body of its own, so Redis has never cached it: the first call meets NOSCRIPT
    return client.register_script(f"-- {uuid.uuid4().hex}\nreturn {{KEYS[1], ARGV[1], 7}}")


def test_a_script_redis_has_not_seen_is_loaded_and_answers(client, settings):
    script = _script(client)
    assert client.script_exists(script.sha) == [False]
    key = f"{settings.prefix}rc:{uuid.uuid4().hex}"
    assert run_script(script, [key], ["x"]) == [key.encode(), b"x", 7]
    assert client.script_exists(script.sha) == [True]
    assert run_script(script, [key], ["y"]) == script(keys=[key], args=["y"])


def test_a_connection_the_server_dropped_is_replaced_and_the_call_answers(client, settings):
    script = _script(client)
    run_script(script, ["k"], ["a"])  # loaded, and one pooled connection exists
    conn = client.connection_pool.get_connection()
    own_id = conn.send_command("CLIENT", "ID") or conn.read_response()
    client.connection_pool.release(conn)
    with redis.Redis.from_url(settings.redis_url) as other:
        assert other.client_kill_filter(_id=own_id) == 1
    # the next call takes the dead connection (the pool is last in, first out)
    assert run_script(script, ["k"], ["b"]) == [b"k", b"b", 7]


def test_a_script_error_is_raised_and_the_connection_kept_usable(client):
    failing = client.register_script("return redis.error_reply('BOOM from the script')")
    with pytest.raises(redis.ResponseError, match="BOOM"):
        run_script(failing, [], [])
    assert client.ping()
