"""A registered Lua script called with one packed EVALSHA, without redis-py's per-call layers.

redis-py 8 wraps every command in a retry closure, an observability recorder and a
parse-callback lookup; for the request path's scripts (the limiter's check-and-read, a
move's compare-and-set, a move's limits and commit in one) that is a sizeable share
of a view's CPU.  This packs the command with hiredis (as redis-py itself does when hiredis is
installed, so the bytes are the same), sends it on a connection and reads the reply.

Connections: taking one from the pool and giving it back costs a lock, a queue, two
observability records and a readiness poll (a system call) each time, a measurable
part of a move's CPU.  A connection this module has just read a whole reply on is known to be
ready, so it keeps a few such connections for its next calls (at most ``SPARES`` per
pool, per process: under gevent or threads, as many as run at once); any other outcome
gives the connection back to the pool, or drops it.

Under gevent (the API's default worker) the calls of concurrent greenlets instead share
one connection per pool and process, written together once per turn of the hub's loop
(:mod:`services.store.redis_mux`); :func:`share_connections` (the app's ``REDIS_MUX``
setting) can keep a connection per call there too.

Anything unusual goes back to the ordinary call, so behaviour is the client's own: a
script Redis has not cached yet (NOSCRIPT) is loaded by it, and a connection error or
timeout is retried with the client's backoff (after this connection is dropped).
"""

from __future__ import annotations

import os
import weakref
from typing import Any

from redis.cluster import RedisCluster
from redis.commands.core import Script
from redis.connection import ConnectionPool
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import DataError, NoScriptError, RedisError, ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

from services.store import redis_mux

try:
    from hiredis import pack_command as _pack
except ImportError:  # pragma: no cover - hiredis is a dependency; redis-py packs then
    _pack = None

#: ready connections kept per pool between calls
SPARES = 8


class _Spares:
    """The ready connections one pool lent this module, for this process only."""

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.conns: list[Any] = []


_spares: weakref.WeakKeyDictionary[ConnectionPool, _Spares] = weakref.WeakKeyDictionary()


def _spares_of(pool: ConnectionPool) -> _Spares:
    spares = _spares.get(pool)
    if spares is None or spares.pid != os.getpid():  # a forked child starts afresh
        spares = _spares[pool] = _Spares()
    return spares


def _done(pool: ConnectionPool, spares: _Spares, conn: Any) -> None:
    """``conn`` has read its whole reply: keep it ready, or give it back when enough are
    (or when the server asked for it to be replaced: the pool handles that)."""
    if len(spares.conns) < SPARES and not conn.should_reconnect():
        spares.conns.append(conn)
    else:
        pool.release(conn)


def _packed(script: Script, keys: list[Any], args: list[Any]) -> list[bytes] | None:
    if _pack is None:  # pragma: no cover
        return None
    try:
        return [_pack(("EVALSHA", script.sha, len(keys), *keys, *args))]
    except TypeError as e:  # as redis-py reports an argument it cannot send
        raise DataError(str(e)) from None


#: under gevent, calls share the process's one connection per pool (:func:`share_connections`)
_MUX = True


def share_connections(enabled: bool) -> None:
    """Whether, under gevent, this process's script calls share one connection per pool
    (the app sets it from its settings; off: every call a connection of its own)."""
    global _MUX
    _MUX = enabled


def is_cluster(client: Any) -> bool:
    """Whether ``client`` talks to a Redis Cluster (redis-py's ``RedisCluster``)."""
    return isinstance(client, RedisCluster)


def run_script(script: Script, keys: list[Any], args: list[Any]) -> Any:
    """``script(keys=keys, args=args)``, on the fast path when all goes well.

    A cluster client has no single pool: its own call routes the script to the node that
    owns the keys' slot (and follows MOVED/ASK while slots migrate)."""
    client = script.registered_client
    if is_cluster(client):
        return script(keys=keys, args=args)
    packed = _packed(script, keys, args)
    pool = client.connection_pool
    mux = redis_mux.mux_for(pool) if _MUX and packed is not None else None
    if mux is not None:
        try:
            reply = mux.call(packed[0])
        except (RedisConnectionError, RedisTimeoutError):  # broken, silent, or no connect
            return script(keys=keys, args=args)
        if isinstance(reply, (NoScriptError, RedisConnectionError, RedisTimeoutError)):
            return script(keys=keys, args=args)  # not run: the client's own call loads or retries
        if isinstance(reply, RedisError):
            raise reply
        return reply
    spares = _spares_of(pool)
    try:
        conn = spares.conns.pop()
    except IndexError:
        conn = pool.get_connection()
    try:
        if packed is None:  # pragma: no cover
            packed = conn.pack_command("EVALSHA", script.sha, len(keys), *keys, *args)
        conn.send_packed_command(packed)
        reply = conn.read_response()
    except NoScriptError:
        _done(pool, spares, conn)
        return script(keys=keys, args=args)
    except (RedisConnectionError, RedisTimeoutError):
        conn.disconnect()
        pool.release(conn)
        return script(keys=keys, args=args)
    except ResponseError:
        _done(pool, spares, conn)
        raise
    except BaseException:
        conn.disconnect()  # interrupted mid-reply: the connection's state is unknown
        pool.release(conn)
        raise
    _done(pool, spares, conn)
    return reply
