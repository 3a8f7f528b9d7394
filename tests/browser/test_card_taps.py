"""Card taps redraw only the line that changed, and every line stays right."""

from __future__ import annotations

import pytest
from conftest import Server
from driver import Table
from playwright.sync_api import expect


@pytest.fixture(scope="module")
def server(started_match_server: Server) -> Server:
    """The module's server: a match just started (conftest)."""
    return started_match_server


def test_taps_and_chip_removals_keep_every_hand_and_total_right(
    table: Table, server: Server
) -> None:
    table.open(server.matches["match"])
    table.tap("Record round")
    table.tap("Cy")
    for face in ("king", "king", "three"):
        table.tap(f"Add {face} to Ada")
    table.button("Remove one king from Ada (2 held)").wait_for()
    table.tap("Next: Bo")
    table.tap("Add eight to Bo")
    table.button("Remove one eight from Bo (1 held)").wait_for()

    # Back on Ada's line: her chips were kept while Bo's line changed.
    table.tap("Ada")
    table.tap("Remove one king from Ada (2 held)")
    table.button("Remove one king from Ada (1 held)").wait_for()
    expect(table.button("Remove one king from Ada (2 held)")).to_have_count(0)
    table.tap("Remove one three from Ada (1 held)")
    expect(table.button("Remove one three from Ada (1 held)")).to_have_count(0)
    table.button("Remove one eight from Bo (1 held)").wait_for()
    table.tap("Add queen to Ada")
    table.shot("record-round-chips-390x844")
    table.tap("Save round")
    table.standing(1, "Cy", 0)
    table.standing(2, "Ada", 20)
    table.standing(3, "Bo", 50)
