"""Crazy Eights played on for places: tapped in order, shown as 1st, 2nd, ..."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import Server, serving
from driver import Table
from playwright.sync_api import expect

from companion.engine.match import Match


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's server, holding a match just started (starting a match by taps is
    test_crazy_eights.py's to check)."""
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy", "Di"])
    two = Match.new("crazy-eights", ["Ada", "Bo"])
    yield from serving(tmp_path_factory, matches={"match": match, "two": two})


def test_a_round_played_on_for_places_shows_them_in_the_history(
    table: Table, server: Server
) -> None:
    table.open(server.matches["match"])
    table.tap("Record round")
    table.tap("Bo")
    table.tap("Played on for places")
    table.see("Who went out next?")
    table.tap("Ada")
    table.see("1st Bo · 2nd Ada")
    table.tap("Di")
    # One player is left: the keypad is theirs, and only they score.
    table.see("Cards Cy holds")
    table.tap("Add eight to Cy")
    table.tap("Add king to Cy")
    table.shot("played-on-record-390x844")
    table.tap("Save round")
    table.standing(1, "Ada", 0)
    table.standing(4, "Cy", 60)
    table.see("Round 1 · 1st Bo · 2nd Ada · 3rd Di · 4th Cy")
    table.tap("Round 1 · 1st Bo", exact=False)
    table.see("3rd")
    table.shot("played-on-history-390x844")


def test_two_players_are_not_offered_playing_on(table: Table, server: Server) -> None:
    table.open(server.matches["two"])
    table.tap("Record round")
    table.tap("Bo")
    # With two, the one left is known when the first goes out: no places to play.
    table.button("Add king to Ada").wait_for()
    expect(table.button("Played on for places")).to_have_count(0)
    table.shot("played-on-two-players-390x844")
