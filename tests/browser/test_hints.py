"""The bottom bar hints at what to do before it reproaches, and in the mode in use."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import Server, serving
from driver import Table
from playwright.sync_api import expect

from companion.engine.match import Match


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's server: two matches of Ada, Bo and Cy just started, one per
    test (a round left half-entered in one is kept for the next test's tab)."""
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy"])
    yield from serving(tmp_path_factory, matches={"match": match, "another": match})


def test_a_player_in_points_mode_is_asked_for_points(
    table: Table, server: Server
) -> None:
    table.open(server.matches["match"])
    table.tap("Record round")
    table.tap("Cy")
    table.tap("Add king to Ada")
    table.tap("Next: Bo")
    table.tap("Enter points for Bo instead")
    table.see("Enter the points for Bo.")
    expect(table.page.get_by_text("Enter the cards Bo is holding.")).to_have_count(0)
    table.shot("record-round-points-hint-390x844")


def test_the_bar_and_the_keypad_name_the_same_player(
    table: Table, server: Server
) -> None:
    table.open(server.matches["another"])
    table.tap("Record round")
    table.tap("Cy")
    # Ada's hand comes first at the table, but the keypad is moved to Bo's.
    table.tap("Bo")
    table.see("Cards Bo holds")
    table.see("Enter the cards Bo is holding.")
    expect(table.page.get_by_text("Enter the cards Ada is holding.")).to_have_count(0)
    table.shot("record-round-hint-follows-the-keypad-390x844")
    # Bo's cards in, the bar asks for the one still missing: Ada's.
    table.tap("Add king to Bo")
    table.see("Enter the cards Ada is holding.")
