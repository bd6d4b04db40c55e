"""Commands of many greenlets written together on one connection (under gevent only).

Under a gevent worker a script call on a connection of its own writes its command, finds
no reply at the first ``recv`` and waits on the hub (an I/O watcher and a timeout timer
each time), while Redis wakes once per command.  Here every greenlet of the
process that calls within one turn of the hub's loop appends its packed command to a
buffer; the buffer is written once at the end of that turn, and one I/O watcher reads the
replies, which Redis sends in the order the commands came, and hands each to its caller.

Nothing about a command changes: each is still one atomic ``EVALSHA``.  What a caller
sees on failure is a connection error (the connection broke or closed, or no reply came
within the client's socket timeout); every command in flight then fails at once and the
connection is dropped, so the caller's fallback (the client's own call, with its retries)
runs exactly as after a lost reply on a connection of its own.
"""

from __future__ import annotations

import contextlib
import os
import time
import weakref
from collections import deque
from typing import Any

import hiredis
from redis.connection import Connection, ConnectionPool, UnixDomainSocketConnection
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import InvalidResponse

try:
    from gevent import getcurrent
    from gevent.hub import Waiter, get_hub
    from gevent.lock import Semaphore
    from gevent.monkey import is_module_patched
except ImportError:  # pragma: no cover - gevent is a dependency of the server
    is_module_patched = None

#: plain TCP or Unix socket connections only (TLS reads and writes need their own care)
_PLAIN = (Connection, UnixDomainSocketConnection)


def available() -> bool:
    """True in a process whose sockets gevent has patched (a gevent worker)."""
    return is_module_patched is not None and is_module_patched("socket")


def usable(pool: ConnectionPool) -> bool:
    """Whether this pool's commands can share a connection: plain sockets, RESP2."""
    return (
        pool.connection_class in _PLAIN and str(pool.connection_kwargs.get("protocol") or 2) == "2"
    )


def _redis_error_of_reply() -> Any:
    """redis-py's own mapping of an error reply to its exception (``NoScriptError`` for
    NOSCRIPT, ``ResponseError``...).

    It has no public name: it is ``BaseParser.parse_error`` in the private module
    ``redis._parsers.base``, where redis-py's own hiredis parser takes it from.  The shared
    connection must raise exactly what the client's own call raises (``run_script`` falls
    back to that call on NOSCRIPT), and a table of our own would drift from redis-py's,
    so it is borrowed here, in this one place; ``tests/api/test_redis_mux.py`` checks the
    errors that come back through the shared connection.
    """
    from redis._parsers.base import BaseParser  # noqa: PLC0415 - private: see above

    return BaseParser.parse_error


def _reader_like(conn: Connection) -> hiredis.Reader:
    """A reply reader that makes the objects redis-py's hiredis parser makes (error replies
    as the exception each maps to), but answers False when it needs more bytes."""
    kwargs: dict[str, Any] = {
        "protocolError": InvalidResponse,
        "replyError": _redis_error_of_reply(),
        "errors": conn.encoder.encoding_errors,
    }
    if conn.encoder.decode_responses:
        kwargs["encoding"] = conn.encoder.encoding
    return hiredis.Reader(**kwargs)


class Broken(RedisConnectionError):
    """The shared connection failed; every command in flight on it got this."""


class Mux:
    """One shared connection of one pool, in one process."""

    def __init__(self, pool: ConnectionPool):
        self.pid = os.getpid()
        self.pool = pool
        #: as the client's own: None waits for a reply as long as it takes
        self.timeout: float | None = pool.connection_kwargs.get("socket_timeout")
        self.hub = get_hub()
        self.conn = None
        self.sock = None
        self.out: list[bytes] = []
        self.unsent = b""
        self.waiting: deque[tuple[Waiter, float]] = deque()
        self.flushing = False
        self.reader = None
        self.rio = self.wio = self.timer = None
        self.opening = Semaphore()

    # -- connection --------------------------------------------------------------
    def _open(self) -> None:
        with self.opening:  # connecting yields: another caller may be doing it already
            if self.sock is None:
                self._connect()

    def _connect(self) -> None:
        # the mux's own connection, not the pool's: the pool's disconnect() would close
        # its socket under the watchers below
        conn = self.pool.connection_class(**self.pool.connection_kwargs)
        conn.connect()  # handshake (auth, db, protocol) as the client does it
        self.conn = conn
        self.sock = conn._sock._sock  # the real non-blocking socket under gevent's
        self.reader = _reader_like(conn)
        loop = self.hub.loop
        self.rio = loop.io(self.sock.fileno(), 1)
        self.rio.ref = False  # idle, it does not keep the loop running (gevent.wait())
        self.rio.start(self._readable)
        if self.timeout:  # one timer for every call: the oldest waiting is checked
            self.timer = loop.timer(self.timeout / 4, self.timeout / 4)
            self.timer.ref = False
            self.timer.start(self._tick)

    def _fail(self, why: str) -> None:
        """Drop the connection: every caller still waiting gets :class:`Broken`."""
        for watcher in (self.rio, self.wio, self.timer):
            if watcher is not None:
                watcher.stop()
                watcher.close()
        self.rio = self.wio = self.timer = None
        conn, self.conn, self.sock = self.conn, None, None
        waiting, self.waiting = self.waiting, deque()
        self.out, self.unsent, self.flushing = [], b"", False
        if conn is not None:
            with contextlib.suppress(Exception):  # already broken; nothing more to learn
                conn.disconnect()
        for waiter, _ in waiting:
            caller = waiter.greenlet
            if caller is not None and not caller.dead:
                waiter.throw(Broken(why))

    # -- the hub's side ------------------------------------------------------------
    def _flush(self) -> None:
        self.flushing = False
        if self.sock is None:
            return
        data = self.unsent + b"".join(self.out)
        self.out = []
        try:
            sent = self.sock.send(data)
        except BlockingIOError:
            sent = 0
        except OSError as e:
            self._fail(f"write to Redis failed: {e}")
            return
        self.unsent = data[sent:]
        if self.unsent and self.wio is None:  # the kernel's buffer is full: finish later
            self.wio = self.hub.loop.io(self.sock.fileno(), 2)
            self.wio.start(self._writable)

    def _writable(self) -> None:
        if self.wio is not None:
            self.wio.stop()
            self.wio.close()
            self.wio = None
        self._flush()

    def _readable(self) -> None:
        try:
            data = self.sock.recv(262144)
        except BlockingIOError:
            return
        except OSError as e:
            self._fail(f"read from Redis failed: {e}")
            return
        if not data:
            self._fail("Redis closed the connection")
            return
        reader = self.reader
        reader.feed(data)
        while True:
            try:
                reply = reader.gets()
            except InvalidResponse as e:
                self._fail(f"unreadable reply: {e}")
                return
            if reply is False:
                if not self.waiting:
                    self.rio.ref = False
                return
            if not self.waiting:
                self._fail("a reply nobody asked for")
                return
            waiter, _ = self.waiting.popleft()
            caller = waiter.greenlet
            if caller is not None and not caller.dead:  # a killed caller's reply is dropped
                waiter.switch(reply)
            if self.sock is None:  # a caller's turn failed the connection
                return

    def _tick(self) -> None:
        if self.waiting and time.monotonic() - self.waiting[0][1] > self.timeout:
            self._fail("Timeout reading from Redis")

    # -- a caller's side -----------------------------------------------------------
    def call(self, packed: bytes) -> Any:
        """The reply to one packed command (an error reply is returned, not raised)."""
        if self.sock is None:
            self._open()
        waiter = Waiter(self.hub)
        if not self.waiting:
            self.rio.ref = True  # a reply is due: the loop must wait for it
        self.out.append(packed)
        self.waiting.append((waiter, time.monotonic()))
        if not self.flushing:
            self.flushing = True
            self.hub.loop.run_callback(self._flush)
        return waiter.get()


_muxes: weakref.WeakKeyDictionary[ConnectionPool, Mux] = weakref.WeakKeyDictionary()


def mux_for(pool: ConnectionPool) -> Mux | None:
    """The shared connection of ``pool`` for the calling greenlet, or None where commands
    cannot share one: no gevent, TLS or RESP3, a thread with a hub of its own, or a call
    from the hub itself (it cannot wait)."""
    mux = _muxes.get(pool)
    if mux is None or mux.pid != os.getpid():  # none yet, or a forked child's: afresh
        if not available() or not usable(pool):
            return None
        mux = _muxes[pool] = Mux(pool)
    hub = get_hub()
    return mux if mux.hub is hub and getcurrent() is not hub else None
