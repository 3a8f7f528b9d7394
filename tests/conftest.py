"""Fixtures shared by the test modules, and the run's rule that CI skips nothing."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.storage import Store

# tests/test_conftest.py runs a small session of its own under these rules.
pytest_plugins = ["pytester"]


@pytest.fixture(params=["file", "memory"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A Store in a data directory on disk, then one in memory: the same contract."""
    opened = (
        Store.open(tmp_path / "data") if request.param == "file" else Store.in_memory()
    )
    yield opened
    opened.close()


def _skipped(config: pytest.Config) -> int:
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    return 0 if reporter is None else len(reporter.stats.get("skipped", []))


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, config: pytest.Config
) -> None:
    """Say how many tests skipped, always (scripts/test.sh repeats it)."""
    count = _skipped(config)
    rule = " (CI allows none: the run fails)" if os.environ.get("CI") else ""
    terminalreporter.write_line(f"Skipped tests: {count}{rule}")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """In CI a skipped test fails the run: every tool the tests need is there."""
    if hasattr(session.config, "workerinput") or not os.environ.get("CI"):
        return
    if _skipped(session.config) and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
