"""Uno with an Uno deck: its own cards on the keypad, to 500 by taps."""

from __future__ import annotations

from driver import Table
from flows import choose_game, record_round
from playwright.sync_api import expect


def test_an_uno_deck_match_to_500_recorded_by_its_own_cards(table: Table) -> None:
    table.open("/")
    table.tap("New match")
    choose_game(table, "Uno")
    for name in ("Ada", "Bo", "Cy"):
        table.fill("New player's name", name)
        table.tap("Add player")
    # A newer deck: two blank wilds beyond the four Wilds. Uno starts on the
    # Uno deck: nothing to choose for it.
    table.fill("Extra wild cards", "2")
    table.shot("uno-cards-house-rules-390x844")
    table.tap("Start match")
    table.see("Uno (Uno cards)")

    # The keypad shows the Uno deck's cards, 0 to 9 and the action cards.
    table.tap("Record round")
    table.tap("Ada")
    for card in ("zero", "nine", "skip", "reverse", "draw two", "wild draw four"):
        expect(table.button(f"Add {card} to Bo")).to_have_count(1)
    expect(table.button("Add red joker to Bo")).to_have_count(0)
    expect(table.button("Add king to Bo")).to_have_count(0)
    for card in ("wild", "wild", "wild", "skip"):
        table.tap(f"Add {card} to Bo")
    table.tap("Next: Cy")
    for card in ("seven", "wild", "wild", "wild", "wild"):
        table.tap(f"Add {card} to Cy")
    # Seven wilds are one more than the deck's six: Save is refused.
    # (The sentence itself, "7 wilds entered, ...", is checked in tests/words:
    # its line under the keypad carries no text in the accessibility tree here.)
    save = table.button("Save round")
    expect(save).to_have_attribute("aria-disabled", "true")
    table.shot("uno-cards-keypad-390x844")
    table.tap("Remove one wild from Cy (4 held)")
    table.tap("Save round")
    table.standing(1, "Ada", 327)

    record_round(table, "Cy", {"Ada": ["reverse", "3"], "Bo": ["draw-two", "0"]})
    table.standing(2, "Cy", 43)

    # The history names the cards as the Uno deck does.
    table.tap("Round 1 · Ada went out", exact=False)
    table.see("Skip, Wild ×3")
    table.see("7, Wild ×3")

    record_round(table, "Ada", {"Bo": ["wild-draw-four"] * 4, "Cy": ["wild"]})
    table.see("Ada wins!")
    table.standing(1, "Ada", 577)
    table.standing(2, "Cy", 43)
    table.standing(3, "Bo", 0)
    table.shot("uno-cards-finished-390x844")

    # A rematch keeps the Uno deck (New match remembers it too: tests/ui).
    table.tap("Rematch")
    table.tap("Start match")
    table.see("Round 1")
    table.see("Uno (Uno cards)")

    # The rule reminders of the match speak of the Uno deck.
    table.tab("Rules")
    table.see("Play with one Uno deck:")
    table.shot("uno-cards-rules-390x844")
