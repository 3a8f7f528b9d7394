"""Connection codes read as on the tests' phones, which share one machine."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.access.peer_sdp import allow_loopback


@pytest.fixture(autouse=True)
def loopback_allowed() -> Iterator[None]:
    """Loopback counts as the table's network, as in the tests' loopback-only
    namespace (tests/browser/loopback_network.py): peer_sdps/ holds captures
    made there. A test of the refusal says allow_loopback(False) itself."""
    allow_loopback(True)
    yield
    allow_loopback(False)
