"""A screen that raises while rendering: an error screen with a way back, logged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import REPO, Phones, Server

BREAK_THE_RULES_SCREEN = """
import companion.ui.rules.rules_screen as rules_screen


def broken(*args, **kwargs):
    raise ValueError("a render that raises, on purpose")


rules_screen.reminders = broken
"""
"""sitecustomize for the server: the Rules screen raises whenever it renders."""


@pytest.fixture
def broken_server(tmp_path: Path) -> Iterator[Server]:
    patch = tmp_path / "patch"
    patch.mkdir()
    (patch / "sitecustomize.py").write_text(BREAK_THE_RULES_SCREEN)
    server = Server(tmp_path / "data", env={"PYTHONPATH": f"{patch}:{REPO}"})
    yield server.start()
    server.stop()


def test_a_screen_that_raises_shows_the_error_screen_and_a_way_back(
    broken_server: Server, phones: Phones
) -> None:
    table = phones(broken_server.url)
    table.open("/rules")
    table.see("This screen could not be shown")
    table.shot("broken-screen-390x844")
    assert table.small_targets() == []
    table.tap("Back to the matches")
    table.page.get_by_role("tab", name="Matches").wait_for()
    table.see("No matches yet.", timeout=10_000)
    # The session still answers: the broken screen again, then away again.
    table.tab("Rules")
    table.see("This screen could not be shown")
    table.reload()
    table.see("This screen could not be shown")
    table.tap("Back to the matches")
    table.page.get_by_role("tab", name="Matches").wait_for()
    log = broken_server.output.read_text()
    assert "a render that raises, on purpose" in log
    assert "Traceback" in log
