"""Script calls of many greenlets sharing one connection (services.store.redis_mux).

These run under gevent only: ``test_under_gevent.py`` runs this file (and the other
script-path tests) in a monkey-patched interpreter; in the ordinary run they are skipped.
A TCP relay between the client and the real Redis (``tests/tcp_relay.py``) counts
connections and writes, and can lose or hold back replies.
"""

from __future__ import annotations

import uuid

import pytest
import redis
from tcp_relay import Relay

from api.backend import redis_client
from services.store import redis_mux
from services.store.redis_calls import run_script

pytestmark = pytest.mark.skipif(
    not redis_mux.available(), reason="under gevent only: run by test_under_gevent.py"
)


@pytest.fixture
def relay(settings):
    url = redis.connection.parse_url(settings.redis_url)
    r = Relay(url.get("host", "127.0.0.1"), url.get("port", 6379))
    yield r
    r.close()


def _client(relay: Relay, settings, **kw) -> redis.Redis:
    db = redis.connection.parse_url(settings.redis_url).get("db", 0)
    return redis_client(f"redis://127.0.0.1:{relay.port}/{db}", **kw)


def _echo(client: redis.Redis):
    """A script of its own, loaded beforehand (so no call meets NOSCRIPT)."""
    script = client.register_script(f"-- {uuid.uuid4().hex}\nreturn {{KEYS[1], ARGV[1]}}")
    client.script_load(script.script)
    return script


def _together(n: int, call) -> list:
    import gevent

    greenlets = [gevent.spawn(call, i) for i in range(n)]
    gevent.joinall(greenlets, raise_error=True)
    return [g.value for g in greenlets]


def test_concurrent_calls_share_one_connection_and_each_gets_its_own_reply(relay, settings):
    client = _client(relay, settings)
    script = _echo(client)
    before_conns, before_writes = relay.connections, relay.writes
    replies = _together(40, lambda i: run_script(script, [f"k{i}"], [str(i)]))
    assert replies == [[f"k{i}".encode(), str(i).encode()] for i in range(40)]
    # one connection of the mux's own, and the 40 commands went out in fewer writes
    assert relay.connections - before_conns == 1
    assert relay.writes - before_writes < 40
    again = _together(40, lambda i: run_script(script, ["k"], [str(-i)]))
    assert again == [[b"k", str(-i).encode()] for i in range(40)]
    assert relay.connections - before_conns == 1


def test_error_replies_are_the_clients_exceptions_and_the_connection_stays(relay, settings):
    client = _client(relay, settings)
    failing = client.register_script("return redis.error_reply('BOOM from the script')")
    client.script_load(failing.script)
    unseen = client.register_script(f"-- {uuid.uuid4().hex}\nreturn 7")
    script = _echo(client)
    assert run_script(script, ["a"], ["1"]) == [b"a", b"1"]
    shared = redis_mux.mux_for(client.connection_pool).sock
    assert shared is not None
    with pytest.raises(redis.ResponseError, match="BOOM"):
        run_script(failing, [], [])
    assert client.script_exists(unseen.sha) == [False]
    assert run_script(unseen, [], []) == 7  # NOSCRIPT: the client's own call loads it
    assert run_script(script, ["b"], ["2"]) == [b"b", b"2"]
    assert redis_mux.mux_for(client.connection_pool).sock is shared  # never dropped


def test_a_reply_lost_on_a_cut_connection_sends_every_caller_on_by_the_client(relay, settings):
    client = _client(relay, settings)
    script = _echo(client)
    marker = f"cut-{uuid.uuid4().hex}"
    assert run_script(script, ["warm"], ["0"]) == [b"warm", b"0"]
    mux = redis_mux.mux_for(client.connection_pool)
    cut = mux.sock
    relay.arm(marker.encode())
    # the marked call and those in flight with it all lose their replies at once; each is
    # sent again by the client's own call (with its retries) and answers
    replies = _together(12, lambda i: run_script(script, [f"k{i}"], [marker if i == 5 else str(i)]))
    assert relay.dropped == 1
    assert replies == [
        [f"k{i}".encode(), (marker if i == 5 else str(i)).encode()] for i in range(12)
    ]
    assert run_script(script, ["after"], ["1"]) == [b"after", b"1"]
    assert mux.sock is not None and mux.sock is not cut  # shared again, on a new connection


def test_no_reply_within_the_socket_timeout_drops_the_connection(relay, settings):
    client = _client(relay, settings, socket_timeout=0.4)
    script = _echo(client)
    assert run_script(script, ["warm"], ["0"]) == [b"warm", b"0"]
    mux = redis_mux.mux_for(client.connection_pool)
    silent = mux.sock
    marker = f"hush-{uuid.uuid4().hex}"
    relay.silence(marker.encode())  # the shared connection hears nothing from this call on
    replies = _together(3, lambda i: run_script(script, [f"k{i}"], [marker if i == 0 else str(i)]))
    assert replies == [
        [f"k{i}".encode(), (marker if i == 0 else str(i)).encode()] for i in range(3)
    ]
    assert mux.sock is None  # dropped at the timeout; its three calls went by the client
    assert run_script(script, ["z"], ["9"]) == [b"z", b"9"]
    assert mux.sock is not None and mux.sock is not silent  # shared again, on a new one


def test_a_caller_killed_while_waiting_leaves_the_others_replies_in_order(relay, settings):
    import gevent

    client = _client(relay, settings)
    slow = client.register_script(
        "local t = redis.call('TIME'); local e = t[1] * 1e6 + t[2] + 50000\n"
        "while true do t = redis.call('TIME'); if t[1] * 1e6 + t[2] > e then break end end\n"
        "return 'slow'"
    )
    client.script_load(slow.script)
    script = _echo(client)
    victim = gevent.spawn(run_script, slow, [], [])
    gevent.sleep(0.01)  # the slow call is on its way
    others = [gevent.spawn(run_script, script, [f"k{i}"], [str(i)]) for i in range(5)]
    gevent.sleep(0)
    victim.kill()
    gevent.joinall(others, raise_error=True)
    assert [g.value for g in others] == [[f"k{i}".encode(), str(i).encode()] for i in range(5)]
    assert run_script(script, ["after"], ["x"]) == [b"after", b"x"]


def test_commands_and_replies_larger_than_the_sockets_buffers_go_through_whole(relay, settings):
    """A write the kernel takes only in part is finished when the socket can take more;
    a reply spread over many reads is put together before it is handed on."""
    client = _client(relay, settings)
    size = client.register_script("return #ARGV[1]")
    client.script_load(size.script)
    big = client.register_script("return string.rep('x', tonumber(ARGV[1]))")
    client.script_load(big.script)
    script = _echo(client)
    payload = "y" * (24 * 1024 * 1024)

    def call(i: int):
        if i == 0:
            return run_script(size, [], [payload])
        if i == 1:
            return len(run_script(big, [], [str(3 * 1024 * 1024)]))
        return run_script(script, [f"k{i}"], [str(i)])

    replies = _together(8, call)
    assert replies[:2] == [len(payload), 3 * 1024 * 1024]
    assert replies[2:] == [[f"k{i}".encode(), str(i).encode()] for i in range(2, 8)]
    assert relay.connections == 2  # the pool's (the loads) and the shared one: none dropped
