"""The bottom bar hints at what to do before it reproaches, and in the mode in use."""

from __future__ import annotations

import pytest
from conftest import Server
from driver import Table
from playwright.sync_api import expect


@pytest.fixture(scope="module")
def server(started_match_server: Server) -> Server:
    """The module's server: a match just started (conftest)."""
    return started_match_server


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
