"""Fixtures shared by the test modules: a store of each kind."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.storage import Store


@pytest.fixture(params=["file", "memory"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A Store in a data directory on disk, then one in memory: the same contract."""
    opened = (
        Store.open(tmp_path / "data") if request.param == "file" else Store.in_memory()
    )
    yield opened
    opened.close()
