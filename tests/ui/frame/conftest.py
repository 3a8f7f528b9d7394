"""Fixtures of a shared table: its gate with known codes, and the host's session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.access.sharing import ShareGate
from companion.storage import Store
from companion.ui.frame.state import AppState


def _codes() -> Iterator[str]:
    yield from ("123456", "654321", "111222", "333444")


@pytest.fixture
def gate() -> ShareGate:
    """A shared table's gate whose join codes are, in turn, 123456, 654321, ..."""
    codes = _codes()
    return ShareGate(True, new_code=lambda: next(codes))


@pytest.fixture
def host(store: Store, gate: ShareGate) -> AppState:
    """The host's session: on this computer, so the host whatever it sends."""
    return AppState.load(store, gate, session_id="host", client_ip="127.0.0.1")
