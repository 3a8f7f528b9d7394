"""Your own game: refused while bad, made, played to its end, edited afterwards."""

from __future__ import annotations

from driver import Table
from flows import choose_game, record_round
from playwright.sync_api import expect


def test_a_game_of_your_own_is_made_played_and_edited(table: Table) -> None:
    table.open("/")
    table.tap("New match")
    table.tap("Change game")
    table.tap("Your own game")
    save = table.button("Save game")
    # No name yet, then the name of a built-in game: refused, nothing saved.
    expect(save).to_have_attribute("aria-disabled", "true")
    table.fill("Name of the game", "Uno")
    expect(save).to_have_attribute("aria-disabled", "true")
    table.shot("own-game-refused-390x844")
    table.tap("Back to the new match")
    table.see("House rules")
    expect(table.page.get_by_text("Family Eights")).to_have_count(0)

    # Players seated first are still seated after the game is defined.
    for name in ("Ada", "Bo"):
        table.fill("New player's name", name)
        table.tap("Add player")
    table.see("2. Bo")
    table.tap("Change game")
    table.tap("Your own game")
    table.fill("Name of the game", "Family Eights")
    # Every card's checkbox, and the switch, is a row a finger hits.
    assert table.small_targets() == []
    table.fill("Points for eights", "25")
    table.fill("Points limit", "40")
    switch = table.page.get_by_role("switch", name="Allow rounds where nobody went out")
    assert (switch.bounding_box() or {"height": 0})["height"] >= 47.5
    table.shot("own-game-390x844")
    table.tap("Save game")
    # New match comes back with the game just saved chosen.
    table.button("Edit Family Eights").wait_for()
    table.see("1. Ada")
    table.see("2. Bo")
    table.tap("Start match")
    table.button("Record round").wait_for()
    path = table.path()
    table.see("Ends when a total passes 40")

    record_round(table, "Ada", {"Bo": ["8", "K"]})
    table.standing(2, "Bo", 35)
    record_round(table, "Bo", {"Ada": ["8", "8"]})
    table.see("Bo wins!")
    table.standing(2, "Ada", 50)

    # The game is edited: eights now worth 1. The finished match is as played.
    table.open("/")
    table.tap("New match")
    choose_game(table, "Family Eights")
    table.tap("Edit Family Eights")
    table.fill("Points for eights", "1")
    table.tap("Save game")
    table.see("House rules")
    table.go(path)
    table.see("Bo wins!")
    table.standing(1, "Bo", 35)
    table.standing(2, "Ada", 50)

    # Rules shows the game's reminder, generated from its (edited) definition.
    table.open("/rules")
    table.tap("Family Eights")
    table.see("Cards and values")
    table.shot("own-game-rules-390x844")

    # The matches list names the game as its maker did.
    table.open("/")
    table.see("Family Eights")
