"""New match answers "who is seated" on one screen, keyboard up, errors in sight."""

from __future__ import annotations

from driver import Table
from playwright.sync_api import Locator, expect

BOTTOM_BAR = 88
"""The height of the bar holding Start match: what sits under it is hidden."""

TOP_BAR = 56


def _in_sight(table: Table, found: Locator) -> bool:
    """Whether `found` is wholly on screen, clear of the app bar and the bottom bar."""
    box = found.bounding_box()
    height = (table.page.viewport_size or {"height": 844})["height"]
    return (
        box is not None
        and box["y"] >= TOP_BAR
        and box["y"] + box["height"] <= height - BOTTOM_BAR
    )


def _add(table: Table, name: str) -> None:
    table.fill("New player's name", name)
    table.tap("Add player")


def test_who_is_seated_shows_under_the_name_field_even_with_the_keyboard_up(
    table: Table,
) -> None:
    table.open("/")
    table.tap("New match")
    field = table.page.get_by_role("textbox", name="New player's name")
    # The game is one row once chosen: the name field is on the first screen.
    table.button("Change game").wait_for()
    assert _in_sight(table, field)
    table.see("Add 2 to 10 players to start.")
    table.shot("new-match-empty-390x844")

    # An empty field and one of spaces are refused alike, in words.
    table.tap("Add player")
    table.see("Enter a name.")
    _add(table, "   ")
    table.see("Enter a name.")

    seated = ["Ada", "Bo", "Cy", "Di"]
    _add(table, seated[0])
    table.see("1. Ada")
    # Still adding: a hint of what is missing, never the count as an error.
    table.see("Add at least 1 more player to start.")
    expect(table.page.get_by_text("This game takes", exact=False)).to_have_count(0)
    # The first dealer's star says what it means.
    assert _in_sight(table, table.see("Deals first"))
    for name in seated[1:]:
        _add(table, name)
    for number, name in enumerate(seated, start=1):
        assert _in_sight(table, table.see(f"{number}. {name}")), name
    expect(table.button("Start match")).not_to_have_attribute("aria-disabled", "true")
    table.shot("new-match-players-390x844")

    # A name already at the table: the message shows whole, above the bar.
    _add(table, "ada")
    message = table.see("There is already a player called “ada”.")
    assert _in_sight(table, message)
    table.shot("new-match-error-390x844")

    # A phone's keyboard takes about 300 px: the field and everyone seated
    # are still on screen.
    field.click()
    table.page.set_viewport_size({"width": 390, "height": 544})
    table.see("1. Ada")
    table.shot("new-match-keyboard-390x544")
    assert _in_sight(table, field)
    for number, name in enumerate(seated, start=1):
        assert _in_sight(table, table.see(f"{number}. {name}")), name

    # The deal is moved to Cy; Ada is taken off: Bo moves up.
    table.tap("Cy deals first")
    table.tap("Remove Ada")
    table.see("1. Bo")
    table.see("2. Cy")
    table.tap("Start match")
    table.see("Cy deals, Di starts")
