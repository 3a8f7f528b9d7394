"""Looking up a rule: the answer first, its matched words named, one tap to widen."""

from __future__ import annotations

import re

from conftest import Phones
from driver import Table
from playwright.sync_api import expect

MATCHED = re.compile("Matched words: ")


def test_a_search_answers_in_the_game_picked_then_in_every_game(table: Table) -> None:
    table.open("/rules/vandatta")
    table.see("Dealing")
    table.shot("rules-vandatta-390x844")
    table.fill("Search the rules", "go out on eight")
    table.see("Answers from Vändåtta")
    answers = table.page.get_by_text(MATCHED)
    expect(answers.first).to_have_text(
        re.compile(
            r"^Common disputes: Going out on an eight or an ace\? No\. .*"
            r"Matched words: Going, out, and eight$"
        ),
    )
    # The game picked, and only it: no other game's answer is listed.
    expect(table.page.get_by_text(re.compile(r"^Crazy Eights · "))).to_have_count(0)
    table.shot("rules-search-vandatta-390x844")
    assert table.small_targets() == []

    table.tap("Search all games")
    table.see("Answers from all games")
    expect(answers.first).to_have_text(
        re.compile(r"^Crazy Eights · Common disputes: Can you go out on")
    )
    expect(answers.nth(1)).to_have_text(
        re.compile(r"^Vändåtta · Common disputes: Going out on an eight")
    )
    table.shot("rules-search-all-games-390x844")
    table.tap("Only Vändåtta")
    table.see("Answers from Vändåtta")
    # Another game picked: the same question, answered there.
    table.tap("Crazy Eights")
    table.see("Answers from Crazy Eights")
    expect(answers.first).to_have_text(
        re.compile(r"^Common disputes: Can you go out on an eight\?")
    )


def test_a_scoring_answer_leads_to_the_house_rules_of_new_match(table: Table) -> None:
    table.open("/rules/vandatta")
    table.fill("Search the rules", "when does the match end")
    table.see(re.compile(r"^End of the match: Ends after 5 rounds"))
    table.tap("Set the house rules of Vändåtta on New match")
    table.page.get_by_role("heading", name="New match").wait_for()
    # New match opens on the game the answer was about (not its usual Crazy
    # Eights), with that game's own end (rounds, not a points limit), and its
    # house rules in sight.
    table.see("Vändåtta")
    expect(table.page.get_by_text("Crazy Eights")).to_have_count(0)
    expect(table.page.get_by_role("textbox", name="Number of rounds")).to_be_visible()
    expect(table.page.get_by_text("House rules", exact=True)).to_be_in_viewport()
    table.shot("rules-to-new-match-390x844")
    assert table.path() == "/new?game=vandatta#house-rules"


def test_a_search_in_norwegian(phones: Phones, server) -> None:
    table = phones(server.url, locale="nb")
    table.open("/rules/crazy-eights")
    table.see("Utdeling")
    table.shot("rules-nb-390x844")
    table.fill("Søk i reglene", "gå ut på åtter")
    table.see("Svar fra Vri åtter")
    expect(table.page.get_by_text(re.compile("Ord som passet: ")).first).to_have_text(
        re.compile(
            r"^Vanlige tvister: Kan man gå ut på en åtter\?.*: gå, ut og åtter$"
        ),
    )
    table.shot("rules-search-nb-390x844")
