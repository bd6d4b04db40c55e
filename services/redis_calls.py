"""A registered Lua script called with one packed EVALSHA, without redis-py's per-call layers.

redis-py 8 wraps every command in a retry closure, an observability recorder and a
parse-callback lookup; for the request path's two scripts (the limiter's check-and-read
and a move's compare-and-set) that was about a sixth of a view's CPU.  This sends the
packed command on a pooled connection and reads the reply.  Anything unusual goes back to
the ordinary call, so behaviour is the client's own: a script Redis has not cached yet
(NOSCRIPT) is loaded by it, and a connection error or timeout is retried with the
client's backoff (after this connection is dropped), exactly as before.
"""

from __future__ import annotations

from typing import Any

from redis.commands.core import Script
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError


def run_script(script: Script, keys: list[Any], args: list[Any]) -> Any:
    """``script(keys=keys, args=args)``, on the fast path when all goes well."""
    pool = script.registered_client.connection_pool
    conn = pool.get_connection()
    try:
        conn.send_packed_command(conn.pack_command("EVALSHA", script.sha, len(keys), *keys, *args))
        reply = conn.read_response()
    except NoScriptError:
        pool.release(conn)
        return script(keys=keys, args=args)
    except (RedisConnectionError, RedisTimeoutError):
        conn.disconnect()
        pool.release(conn)
        return script(keys=keys, args=args)
    except ResponseError:
        pool.release(conn)
        raise
    except BaseException:
        conn.disconnect()  # interrupted mid-reply: the connection's state is unknown
        pool.release(conn)
        raise
    pool.release(conn)
    return reply
