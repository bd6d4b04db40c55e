"""A TCP relay between a Redis client and the real server, for fault tests.

It counts the connections and the writes clients make, and can lose a reply (``arm``:
cut the client's connection once Redis has answered the next request holding a marker)
or go silent (``silence``: from the next request holding a marker on, that connection
gets no more replies).
"""

from __future__ import annotations

import contextlib
import socket
import threading

from api.embedded_redis import free_port


class Relay:
    def __init__(self, host: str, port: int):
        self.upstream = (host, port)
        self.port = free_port()
        self.connections = 0
        self.writes = 0  # chunks read from clients
        self.dropped = 0  # replies lost by ``arm``
        self._marker: bytes | None = None
        self._hush: bytes | None = None
        self._lock = threading.Lock()
        self._server = socket.create_server(("127.0.0.1", self.port))
        self._open = [self._server]
        threading.Thread(target=self._accept, daemon=True).start()

    def arm(self, marker: bytes) -> None:
        """Lose the reply to the next request holding ``marker``, with its connection."""
        with self._lock:
            self._marker = marker

    def silence(self, marker: bytes) -> None:
        """Send nothing more to the connection of the next request holding ``marker``."""
        with self._lock:
            self._hush = marker

    def close(self) -> None:
        for s in self._open:
            with contextlib.suppress(OSError):
                s.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            server = socket.create_connection(self.upstream)
            self._open += [client, server]
            self.connections += 1
            state = {"silent": False, "armed": False}
            threading.Thread(target=self._up, args=(client, server, state), daemon=True).start()
            threading.Thread(target=self._down, args=(server, client, state), daemon=True).start()

    def _up(self, client: socket.socket, server: socket.socket, state: dict) -> None:
        with contextlib.suppress(OSError):
            while data := client.recv(65536):
                self.writes += 1
                with self._lock:
                    if self._marker is not None and self._marker in data:
                        self._marker, state["armed"] = None, True
                    if self._hush is not None and self._hush in data:
                        self._hush, state["silent"] = None, True
                server.sendall(data)

    def _down(self, server: socket.socket, client: socket.socket, state: dict) -> None:
        with contextlib.suppress(OSError):
            while data := server.recv(65536):
                if state["silent"]:
                    continue
                if state["armed"]:  # Redis has answered the marked request: lose it
                    self.dropped += 1
                    client.shutdown(socket.SHUT_RDWR)
                    client.close()
                    server.close()
                    return
                client.sendall(data)
