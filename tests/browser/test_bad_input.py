"""Nonsense typed or sent by a person: a clear message, and the session answers."""

from __future__ import annotations

from driver import Table
from flows import new_match
from playwright.sync_api import expect

HUGE = "9" * 4301
"""Past Python's 4,300-digit limit for turning text into an int."""


def test_a_number_of_4301_digits_as_points_is_refused_and_back_works(
    table: Table,
) -> None:
    path = new_match(table, "Crazy Eights", ["Ada", "Bo"])
    table.tap("Record round")
    table.tap("Ada")
    table.tap("Enter points for Bo instead")
    table.fill("Points for Bo", HUGE)
    table.see("Bo: “99999999999…” is not a valid number of points.")
    table.shot("bad-input-huge-points-390x844")
    expect(table.button("Save round")).to_be_disabled()
    table.tap("Back to the scoreboard")
    table.standing(1, "Ada", 0)
    table.reload()
    table.standing(1, "Ada", 0)
    table.see("Record round")
    assert table.path() == path
