"""Error records that cannot flood the server's log: a kind once a minute, few in all.

A phone can send the same broken event a thousand times, or a thousand that each
fail a little differently (a forged value in every message): the log keeps the
first of each kind and at most a few a minute in all, and the next record let
through says how many were left out.
"""

from __future__ import annotations

import logging
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable

WINDOW = 60.0
"""Seconds in which a kind of record is logged once."""

MOST_PER_WINDOW = 20
"""Records of any kinds let through in one WINDOW; the rest are counted only."""

GUARDED_LOGGERS = (
    # Flet's session (handlers, effects) and flet_web's receive loop and main.
    "flet",
    "flet_web.fastapi",
    # Ours: the session guard and the render guard.
    "companion.session",
    "companion.ui.frame.render_guard",
)
"""The loggers whose error records a client can cause (one filter on each)."""


def record_kind(record: logging.LogRecord) -> tuple[object, ...]:
    """What makes two records the same for the log: where, what, and which error."""
    error, where = None, None
    if record.exc_info and record.exc_info[0] is not None:
        error = record.exc_info[0].__name__
        frames = traceback.extract_tb(record.exc_info[2])
        if frames:
            where = (frames[-1].filename, frames[-1].lineno)
    return (record.name, record.levelno, record.getMessage()[:500], error, where)


class RepeatFilter(logging.Filter):
    """Lets each kind of record through once per `window` seconds and at most
    `most` records per window in all; counts the rest and says so on the next
    record it lets through. Only warnings and worse are limited."""

    def __init__(
        self,
        window: float = WINDOW,
        most: int = MOST_PER_WINDOW,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.window = window
        self.most = most
        self.clock = clock
        self._lock = threading.Lock()
        self._last: dict[tuple[object, ...], float] = {}
        self._passed: deque[float] = deque()
        self._left_out = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING:
            return True
        kind = record_kind(record)
        with self._lock:
            now = self.clock()
            self._forget(now)
            if kind in self._last or len(self._passed) >= self.most:
                self._left_out += 1
                return False
            self._last[kind] = now
            self._passed.append(now)
            left_out, self._left_out = self._left_out, 0
        if left_out:
            record.msg = f"{record.msg} [{left_out} like records left out of the log]"
        return True

    def _forget(self, now: float) -> None:
        """Drop what is older than the window (lock held)."""
        while self._passed and self._passed[0] <= now - self.window:
            self._passed.popleft()
        old = [kind for kind, at in self._last.items() if at <= now - self.window]
        for kind in old:
            del self._last[kind]


def guard_loggers(names: tuple[str, ...] = GUARDED_LOGGERS) -> RepeatFilter:
    """One RepeatFilter on each of `names` (once: again, the same filter)."""
    loggers = [logging.getLogger(name) for name in names]
    for logger in loggers:
        for present in logger.filters:
            if isinstance(present, RepeatFilter):
                return present
    shared = RepeatFilter()
    for logger in loggers:
        logger.addFilter(shared)
    return shared
