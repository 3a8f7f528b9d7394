"""The app's default port (8550), which the docs' commands serve on: held by one
run at a time on this machine, and found free before a run uses it."""

from __future__ import annotations

import fcntl
import socket
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.cli.main import DEFAULT_PORT

LOCK = Path(tempfile.gettempdir()) / f"companion-port-{DEFAULT_PORT}.lock"
"""Taken by each run that serves on the port: two test runs side by side (two
worktrees, the screenshots' script) wait for each other instead of failing."""


@contextmanager
def default_port() -> Iterator[int]:
    """The default port, once no other run here holds it; fails if something
    else listens on it."""
    with LOCK.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        with socket.socket() as probe:
            taken = probe.connect_ex(("127.0.0.1", DEFAULT_PORT)) == 0
        if taken:
            raise RuntimeError(f"port {DEFAULT_PORT} is taken: stop what serves on it")
        yield DEFAULT_PORT
