"""The direct EVALSHA path of the request path's scripts: same answers, same fallbacks."""

from __future__ import annotations

import uuid

import pytest
import redis

from api.backend import redis_client
from services.store import redis_mux
from services.store.redis_calls import run_script

#: under gevent the calls share the mux's connection instead (test_redis_mux.py)
spare_path = pytest.mark.skipif(redis_mux.available(), reason="the spare-connection path")


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


def _named(client: redis.Redis) -> str:
    """Names the client's connections from now on, so that CLIENT LIST can find them."""
    name = f"rc-{uuid.uuid4().hex[:12]}"
    client.connection_pool.connection_kwargs["client_name"] = name
    return name


def _ids(settings, name: str) -> list[int]:
    with redis.Redis.from_url(settings.redis_url) as other:
        return [c["id"] for c in other.client_list() if c.get("name") == name]


@spare_path
def test_a_connection_the_server_dropped_is_replaced_and_the_call_answers(client, settings):
    name = _named(client)
    script = _script(client)
    script(keys=["k"], args=["a"])  # loaded on the pool's one connection
    run_script(script, ["k"], ["a"])  # which is now kept ready here
    (own_id,) = _ids(settings, name)
    with redis.Redis.from_url(settings.redis_url) as other:
        assert other.client_kill_filter(_id=own_id) == 1
    # the next call takes the dead connection, meets the error and goes on on a new one
    assert run_script(script, ["k"], ["b"]) == [b"k", b"b", 7]
    assert own_id not in _ids(settings, name)


@spare_path
def test_calls_one_after_another_share_one_connection(client, settings):
    name = _named(client)
    script = _script(client)
    script(keys=["k"], args=["a"])  # loaded on the pool's one connection
    for i in range(20):
        assert run_script(script, ["k"], [str(i)]) == [b"k", str(i).encode(), 7]
    assert len(_ids(settings, name)) == 1


def test_an_argument_redis_cannot_take_is_a_data_error(client):
    script = _script(client)
    with pytest.raises(redis.DataError):
        run_script(script, ["k"], [None])
    assert run_script(script, ["k"], ["c"]) == [b"k", b"c", 7]


def test_a_script_error_is_raised_and_the_connection_kept_usable(client):
    failing = client.register_script("return redis.error_reply('BOOM from the script')")
    with pytest.raises(redis.ResponseError, match="BOOM"):
        run_script(failing, [], [])
    assert client.ping()
