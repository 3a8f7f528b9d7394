"""Uno (the winner collects) and Vändåtta (a set number of deals), and editing."""

from __future__ import annotations

from driver import Table
from flows import new_match, record_round
from playwright.sync_api import expect


def test_uno_winner_collects_everyone_elses_cards(table: Table) -> None:
    # Played with two regular decks and jokers (an Uno deck is Uno's own).
    new_match(table, "Uno", ["Ada", "Bo", "Cy"], end_value="100", cards="Regular decks")
    table.see("Ends when a total reaches 100")
    table.see("Uno (Regular decks)")

    table.tap("Record round")
    # Uno has no round where nobody went out.
    table.see("Who went out?")
    assert table.button("Nobody went out").count() == 0
    table.tap("Back to the scoreboard")

    # Ada goes out and collects Bo's red joker (50) and Cy's king and queen (40).
    record_round(table, "Ada", {"Bo": ["RJ"], "Cy": ["K", "Q"]})
    table.standing(1, "Ada", 90)
    table.standing(2, "Bo", 0)
    table.standing(2, "Cy", 0)
    table.see("+90")

    # Cy collects 5 + 20.
    record_round(table, "Cy", {"Ada": ["5"], "Bo": ["J"]})
    table.standing(1, "Ada", 90)
    table.standing(2, "Cy", 25)

    # Ada reaches 100 with a black joker and a two: 142, the highest total wins.
    record_round(table, "Ada", {"Bo": ["BJ"], "Cy": ["2"]})
    table.see("Ada wins!")
    table.standing(1, "Ada", 142)
    table.standing(2, "Cy", 25)
    table.standing(3, "Bo", 0)


def test_vandatta_ends_after_the_agreed_rounds_and_edits_change_totals(
    table: Table,
) -> None:
    new_match(table, "Vändåtta", ["Ada", "Bo"], end_value="2")
    table.see("Ends after 2 rounds")

    # Ada goes out; Bo holds an eight (10) and an ace (5).
    record_round(table, "Ada", {"Bo": ["8", "A"]})
    table.standing(1, "Ada", 0)
    table.standing(2, "Bo", 15)
    table.see("Round 2 · 1 round left")

    # Nobody goes out: Ada keeps a king (1), Bo a two (1). Two rounds: it is over.
    record_round(table, None, {"Ada": ["K"], "Bo": ["2"]})
    table.see("Ada wins!")
    table.standing(1, "Ada", 1)
    table.standing(2, "Bo", 16)

    # Round 1 really held only the eight: editing it changes the totals.
    table.tap("Round 1 · Ada went out", exact=False)
    table.tap("Edit round 1")
    table.see("Edit round 1")
    table.tap("Remove one ace from Bo (1 held)")
    table.tap("Save round")
    table.standing(2, "Bo", 11)
    table.standing(1, "Ada", 1)
    table.see("Ada wins!")

    # A round opens to the cards held, closes, and opens again.
    table.tap("Round 2 · Nobody went out", exact=False)
    table.see("Edit round 2")
    table.tap("Round 2 · Nobody went out", exact=False)
    expect(table.button("Edit round 2")).to_have_count(0)
    table.tap("Round 2 · Nobody went out", exact=False)
    table.see("Delete round 2")

    # Round 1 deleted while open: round 2 takes its number, closed as it was.
    table.tap("Round 1 · Ada went out", exact=False)
    table.tap("Delete round 1")
    table.see("Round 1 deleted.")
    table.see("Round 1 · Nobody went out")
    expect(table.button("Edit round 1")).to_have_count(0)
