"""Speed users feel: taps from the scoreboard to the saved standings, printed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import Server, serving
from driver import Table
from flows import record_round
from playwright.sync_api import expect

from companion.engine.match import Match


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's server, holding a match just started (starting a match by taps is
    test_crazy_eights.py's to check)."""
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy", "Di"])
    yield from serving(tmp_path_factory, matches={"match": match})


def test_taps_to_record_a_round(table: Table, server: Server) -> None:
    table.open(server.matches["match"])

    # Three players hold four cards each, tapped in on the keypad.
    table.taps = 0
    record_round(
        table,
        "Ada",
        {
            "Bo": ["8", "K", "2", "2"],
            "Cy": ["A", "A", "J", "3"],
            "Di": ["Q", "Q", "9", "10"],
        },
    )
    by_cards = table.taps
    table.standing(1, "Ada", 0)
    table.standing(2, "Cy", 15)
    table.standing(3, "Di", 39)
    table.standing(4, "Bo", 64)

    # The same table types points in instead: 23, 7 and 105.
    table.taps = 0
    table.tap("Record round")
    table.tap("Bo")
    typed = {"Ada": "23", "Cy": "7", "Di": "105"}
    for player, digits in typed.items():
        table.tap(f"Enter points for {player} instead")
        # The field takes the focus by itself: no tap on it is needed.
        field = table.page.get_by_role("textbox", name=f"Points for {player}")
        expect(field).to_be_focused()
        table.type_digits(digits)
    table.tap("Save round")
    by_points = table.taps
    table.standing(1, "Cy", 22)
    table.standing(2, "Ada", 23)
    table.standing(3, "Bo", 64)
    table.standing(4, "Di", 144)

    points_budget = 2 + sum(1 + len(d) for d in typed.values()) + 1
    print(
        f"\ntaps from the scoreboard to the saved standings: {by_cards} "
        f"(3 players x 4 cards by keypad; budget 17), {by_points} "
        f"(points typed for 3 players; budget {points_budget})"
    )
    assert by_cards <= 17
    assert by_points <= points_budget
