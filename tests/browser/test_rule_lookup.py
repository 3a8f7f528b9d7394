"""Looking up a rule: the answer first, its matched words named, one tap to widen;
a game named by any of its names shown; Rules opening on the game at hand."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import Phones, Server, serving
from driver import Table
from playwright.sync_api import expect

from companion.engine.match import Match

MATCHED = re.compile("Matched words: ")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A table playing Uno, and Vändåtta started after it."""
    yield from serving(
        tmp_path_factory,
        matches={
            "uno": Match.new("uno", ["Ada", "Bo"]),
            "vandatta": Match.new("vandatta", ["Ada", "Bo", "Cy"]),
        },
    )


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


def test_a_question_in_the_tables_words_finds_the_dispute(table: Table) -> None:
    table.open("/rules/crazy-eights")
    table.fill("Search the rules", "can I end on an eight")
    table.see("Answers from Crazy Eights")
    # "End" is what people say for going out: the dispute answers first.
    expect(table.page.get_by_text(MATCHED).first).to_have_text(
        re.compile(
            r"^Common disputes: Can you go out on an eight\? Yes, .*"
            r"Matched words: go, out, and eight$"
        )
    )
    table.shot("rules-table-talk-390x844")


def test_a_games_name_shows_that_game_and_its_chip(table: Table) -> None:
    table.open("/rules/uno")
    table.see("Cards and dealing")
    # Crazy Eights by its Norwegian name, while Uno is picked: its rules.
    table.fill("Search the rules", "Vri åtter")
    table.see("Last card")
    nothing = table.page.get_by_text("Nothing in the rules matches that.")
    expect(nothing).to_have_count(0)
    expect(table.page.get_by_text("Cards and dealing")).to_have_count(0)
    table.shot("rules-named-game-390x844")
    # A question after the name is answered there, and the heading says so.
    table.fill("Search the rules", "Vri åtter eight on eight")
    table.see("Answers from Crazy Eights")
    expect(table.page.get_by_text(MATCHED).first).to_have_text(
        re.compile(r"^Common disputes: Eight on an eight\? Yes")
    )
    # The Uno chip takes the question along, without the name it left; Uno's
    # rules never say, so Crazy Eights answers, and the heading says so.
    table.tap("Uno")
    table.see("The rules of Uno do not say. Answers from Crazy Eights")
    assert table.path() == "/rules/uno?q=eight+on+eight"


def test_rules_opens_on_the_match_in_view_else_the_game_chosen_last(
    table: Table, server: Server
) -> None:
    # The Uno match in view: Rules opens on Uno, with that match's rules.
    table.open(server.matches["uno"])
    table.see("Ada")
    table.tab("Rules")
    table.see("Cards and dealing")
    table.see("With the house rules of your match.")
    assert table.path() == "/rules/uno"
    # Vändåtta picked, then Crazy Eights named in a search: the one chosen
    # last is where the Rules tab opens from the Matches list, though Vändåtta
    # was started last and Uno was in view.
    table.tap("Vändåtta")
    table.see("Lappen")
    table.fill("Search the rules", "Olsen")
    table.see("Last card")
    table.tab("Matches")
    table.see("In progress")
    table.tab("Rules")
    table.see("Last card")
    expect(table.page.get_by_text("Lappen", exact=True)).to_have_count(0)
    assert table.path() == "/rules"
    table.shot("rules-chosen-last-390x844")
    # The Vändåtta match in view: Rules opens on Vändåtta.
    table.go(server.matches["vandatta"])
    table.see("Cy")
    table.tab("Rules")
    table.see("Lappen")
    assert table.path() == "/rules/vandatta"


def test_a_games_name_and_a_question_in_swedish(phones: Phones, server) -> None:
    table = phones(server.url, locale="sv-SE")
    table.open("/rules/vandatta")
    table.see("Lappen")
    # The selected game's name in another language: its rules, not "nothing".
    table.fill("Sök i reglerna", "Crazy Eights")
    table.see("Sista kortet")
    expect(table.page.get_by_text("Lappen", exact=True)).to_have_count(0)
    table.fill("Sök i reglerna", "får man avsluta på en åtta")
    table.see("Svar från Norsk vändåtta")
    expect(table.page.get_by_text(re.compile("Ord som matchade: ")).first).to_have_text(
        re.compile(r"^Vanliga tvister: Får man gå ut på en åtta\?")
    )
    table.shot("rules-search-sv-390x844")
    # Crazy Eights' rules never say "lappen": Vändåtta's answer, named as such.
    table.fill("Sök i reglerna", "vad är lappen")
    table.see("Reglerna för Norsk vändåtta säger inget om det. Svar från Vändåtta")
    expect(table.page.get_by_text(re.compile("Ord som matchade: ")).first).to_have_text(
        re.compile(r"^Vändåtta · Lappen: Säg ”lappen”")
    )
    table.shot("rules-search-other-game-sv-390x844")
