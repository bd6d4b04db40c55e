"""Keeps the processes ``make run`` starts running: each one that exits is started again.

A child that exits is restarted after a delay that starts at ``BACKOFF_START_S`` and
doubles with each exit up to ``BACKOFF_MAX_S``; it falls back to the start once the child
has stayed up ``STABLE_S``.  Every exit and restart is logged.  The supervisor runs in
the caller's thread (:meth:`Supervisor.poll` once per tick), so stopping is plain.
"""

from __future__ import annotations

import logging
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field

log = logging.getLogger("greenroom.run")

BACKOFF_START_S = 0.5
BACKOFF_MAX_S = 30.0
STABLE_S = 60.0


@dataclass
class Child:
    """One supervised process: ``start`` makes it (and may block until it answers)."""

    name: str
    start: Callable[[], subprocess.Popen]
    process: subprocess.Popen | None = None
    started_at: float = 0.0
    backoff_s: float = BACKOFF_START_S
    restart_at: float | None = None
    restarts: int = 0
    exits: list[int] = field(default_factory=list)

    def launch(self) -> None:
        self.process = self.start()
        self.started_at = time.monotonic()
        self.restart_at = None
        log.info("%s started (pid %s)", self.name, self.process.pid)

    @property
    def up(self) -> bool:
        return self.process is not None and self.process.poll() is None


class Supervisor:
    """Starts children in order, restarts any that exit, stops them in reverse order."""

    def __init__(self) -> None:
        self.children: list[Child] = []

    def add(self, name: str, start: Callable[[], subprocess.Popen]) -> Child:
        child = Child(name, start)
        self.children.append(child)
        child.launch()
        return child

    def poll(self) -> None:
        """One tick: notice exits, restart what is due."""
        now = time.monotonic()
        for child in self.children:
            if child.restart_at is None and not child.up:
                code = child.process.returncode if child.process else None
                child.exits.append(code if code is not None else -1)
                if now - child.started_at >= STABLE_S:
                    child.backoff_s = BACKOFF_START_S
                child.restart_at = now + child.backoff_s
                log.warning("%s exited (code %s); restarting in %.1f s", child.name, code,
                            child.backoff_s)  # fmt: skip
                child.backoff_s = min(child.backoff_s * 2, BACKOFF_MAX_S)
            if child.restart_at is not None and now >= child.restart_at:
                try:
                    child.launch()
                    child.restarts += 1
                except Exception as e:  # noqa: BLE001 - tried again after the next delay
                    child.process = None
                    child.restart_at = None
                    log.error("%s did not start: %s", child.name, e)

    def down(self) -> list[str]:
        return [c.name for c in self.children if not c.up]

    def stop(self, grace_s: float = 15.0) -> None:
        """Stop the children newest first (the API before the workers before Redis), each
        with TERM and, after ``grace_s``, a kill."""
        for child in reversed(self.children):
            child.restart_at = None
            if not child.up:
                continue
            child.process.send_signal(signal.SIGTERM)
            try:
                child.process.wait(timeout=grace_s)
            except subprocess.TimeoutExpired:
                child.process.kill()
                child.process.wait()
