"""Names that look like another or hide characters are refused where they are typed."""

from __future__ import annotations

from driver import Table
from flows import new_match
from playwright.sync_api import expect


def test_look_alike_and_hidden_names_are_refused_with_a_message(table: Table) -> None:
    table.open("/")
    table.tap("New match")
    table.see("House rules")
    table.fill("New player's name", "Ada")
    table.tap("Add player")
    table.see("1. Ada")

    # Full-width letters read as "ADA": the same player.
    table.fill("New player's name", "ＡＤＡ")
    table.tap("Add player")
    table.see("There is already a player called “ＡＤＡ”.")
    table.shot("new-match-look-alike-390x844")
    # A zero-width space after the name: nobody could tell the two apart.
    table.fill("New player's name", "Bo\u200b")
    table.tap("Add player")
    table.see(
        "A name cannot hold invisible or control characters (this one holds "
        "U+200B): type it again."
    )
    table.shot("new-match-hidden-character-390x844")
    expect(table.page.get_by_text("2. ", exact=False)).to_have_count(0)

    path = new_match(table, "Crazy Eights", ["Ada", "Bo"])
    table.standing(1, "Ada", 0)
    table.go("/players")
    table.tap("Rename Bo")
    table.fill("New name for Bo", "ａｄａ")
    table.tap("Save name")
    table.see("There is already a player called “ａｄａ”.")
    table.go(path)
    table.standing(1, "Bo", 0)
