"""A screen whose renderer traps comes back by itself, a few times, then explains."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import Server, serving
from driver import Table
from playwright.sync_api import expect

from companion.engine.match import Match
from companion.webclient.screen_restart import LINE_ID, STOPPED_ID

A_MATCH = Match.new("crazy-eights", ["Ada", "Bo", "Cy"]).record_round(
    "Ada", {"Bo": {"8": 1, "K": 1}, "Cy": {"3": 2}}
)
"""One round in: Ada 0, Cy 6, Bo 60."""

TRAP = "forced by a test: the renderer trapped"
"""A WebAssembly.RuntimeError as the renderer's trap is one, with a text that
says where it came from."""

RESTARTED = "The screen was restarted; nothing was lost."


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's server, its data directory holding A_MATCH."""
    yield from serving(tmp_path_factory, matches={"match": A_MATCH})


def force_trap(table: Table) -> None:
    """Make the page report an uncaught trap, as the renderer's reaches the window:
    thrown from a task of its own, so nothing of the page's catches it."""
    table.page.evaluate(
        "message => { window.beforeTheTrap = true;"
        " setTimeout(() => { throw new WebAssembly.RuntimeError(message); }, 0); }",
        TRAP,
    )


def force_worker_trap(table: Table) -> None:
    """The same trap in a worker, where multi-threaded skwasm draws: it reaches
    the window as its message alone."""
    table.page.evaluate(
        "message => { window.beforeTheTrap = true;"
        " const code = 'setTimeout(() => { throw new WebAssembly.RuntimeError('"
        " + JSON.stringify(message) + '); }, 0);';"
        " new Worker(URL.createObjectURL(new Blob([code],"
        " {type: 'text/javascript'}))); }",
        TRAP,
    )


def comes_back_restarted(table: Table) -> None:
    """Wait for the reloaded page's line, then for the app under it."""
    line = table.page.locator(f"#{LINE_ID}")
    expect(line).to_contain_text(RESTARTED)
    assert table.page.evaluate("window.beforeTheTrap") is None
    table.ready()


def standings_intact(table: Table) -> None:
    table.standing(1, "Ada", 0)
    table.standing(2, "Cy", 6)
    table.standing(3, "Bo", 60)


def test_a_trapped_screen_restarts_on_the_same_screen_three_times_then_explains(
    table: Table, server: Server
) -> None:
    path = server.matches["match"]
    table.open(path)
    standings_intact(table)

    # The scoreboard traps: the page reloads onto it and says so.
    force_trap(table)
    comes_back_restarted(table)
    assert table.path() == path
    standings_intact(table)
    # The line keeps out of the app's way: its buttons still answer under it,
    # and it closes by a button of its own, big enough for a thumb.
    close = table.page.get_by_role("button", name="Close this message")
    box = close.bounding_box()
    assert box is not None and box["width"] >= 48 and box["height"] >= 48
    table.shot("trapped-screen-restarted-390x844")
    close.click()
    expect(table.page.locator(f"#{LINE_ID}")).to_have_count(0)

    # Halfway through a round it traps again: the round comes back as tapped.
    table.tap("Record round")
    table.tap("Cy")
    table.tap("Add nine to Ada")
    force_trap(table)
    comes_back_restarted(table)
    assert table.path() == path + "/round"
    table.see("Cy went out")
    table.button("Remove one nine from Ada (1 held)").wait_for()
    # The line goes by itself, and the app was usable all the while.
    table.tap("Back to the scoreboard")
    standings_intact(table)
    expect(table.page.locator(f"#{LINE_ID}")).to_have_count(0)

    # A third restart still comes (a trap in a worker this time); a fourth
    # trap within two minutes does not reload again but says what to do, over
    # the frozen app.
    force_worker_trap(table)
    comes_back_restarted(table)
    standings_intact(table)
    force_trap(table)
    stopped = table.page.locator(f"#{STOPPED_ID}")
    expect(stopped.get_by_role("heading")).to_have_text("The screen keeps stopping")
    expect(stopped).to_contain_text("Your scores are safe.")
    assert table.page.evaluate("window.beforeTheTrap") is True
    table.shot("trapped-screen-stopped-390x844")

    # Restarting by hand is the person's to choose, and brings the match back.
    table.page.get_by_role("button", name="Restart the screen").click()
    table.ready()
    assert table.path() == path
    standings_intact(table)
