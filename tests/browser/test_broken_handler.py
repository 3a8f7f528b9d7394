"""A tap whose handler raises: one line says so, the screen goes on, the log has it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import REPO, Phones, Server

BREAK_NEW_MATCH = """
import companion.ui.matches.matches_screen as matches_screen


def broken(route):
    if route == "/new":
        raise ValueError("a handler that raises, on purpose")
    return shown(route)


shown = matches_screen.navigate
matches_screen.navigate = broken
"""
"""sitecustomize for the server: the Matches screen's New match tap raises."""


@pytest.fixture
def broken_server(tmp_path: Path) -> Iterator[Server]:
    patch = tmp_path / "patch"
    patch.mkdir()
    (patch / "sitecustomize.py").write_text(BREAK_NEW_MATCH)
    server = Server(tmp_path / "data", env={"PYTHONPATH": f"{patch}:{REPO}"})
    yield server.start()
    server.stop()


def test_a_handler_that_raises_leaves_a_working_screen_and_a_line(
    broken_server: Server, phones: Phones
) -> None:
    table = phones(broken_server.url)
    table.open("/")
    table.see("No matches yet.", timeout=10_000)
    table.tap("New match")
    table.see("Something went wrong there; it was noted in the app's log.")
    table.shot("broken-handler-390x844")
    table.see("No matches yet.")
    # The screen still answers: another place, and back.
    table.tab("Rules")
    table.see("Crazy Eights")
    table.tab("Matches")
    table.see("No matches yet.")
    assert "Traceback" not in table.page.content()
    log = broken_server.output.read_text()
    assert log.count("ValueError: a handler that raises, on purpose") == 1
    assert log.count("Traceback") == 1
