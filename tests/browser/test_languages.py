"""The table's language: the scoreboard and a rule reminder in nb, sv and es."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Phones, Server, serving
from driver import Table
from playwright.sync_api import expect

from companion.engine.match import Match
from companion.ui.frame.format import language_label
from companion.words.i18n import get_translator
from companion.words.rules import reminders


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's server, holding a match one round in (recording a round by taps
    is test_crazy_eights.py's to check): Ada went out, Bo held an eight."""
    match = Match.new("crazy-eights", ["Ada", "Bo"]).record_round(
        "Ada", {"Bo": {"8": 1}}
    )
    yield from serving(tmp_path_factory, matches={"match": match})


def test_the_browser_language_is_used_until_one_is_chosen(
    phones: Phones, server
) -> None:
    table = phones(server.url, locale="sv-SE").open("/")
    swedish = get_translator("sv")
    table.page.get_by_role("tab", name=swedish.gettext("Matches")).wait_for()
    table.button(swedish.gettext("New match")).wait_for()


BROWSER_SAYS_C = Path(__file__).with_name("language_c.js")
"""Makes a page's browser say "C" for its language, as WebKitGTK does under
LANG=C.UTF-8: no language tag."""


def test_a_browser_language_that_is_no_tag_still_opens_the_app_in_english(
    phones: Phones, server
) -> None:
    table = phones(server.url)
    table.page.add_init_script(path=BROWSER_SAYS_C)
    table.open("/")
    table.page.get_by_role("tab", name="Matches").wait_for()
    table.button("New match").wait_for()


def test_scoreboard_and_rules_follow_the_chosen_language(
    table: Table, server: Server
) -> None:
    english = get_translator("en")
    path = server.matches["match"]
    chooser = english
    table.open("/settings")
    for lang in ("nb", "sv", "es"):
        t = get_translator(lang)
        table.go("/settings")
        table.tap(language_label(chooser, lang))
        table.page.get_by_role("tab", name=t.gettext("Matches")).wait_for()
        chooser = t

        table.go(path)
        record = t.gettext("Record round")
        assert record != english.gettext("Record round")
        table.button(record).wait_for()
        dealer = t.gettext("{dealer} deals, {starter} starts")
        table.see(dealer.format(dealer="Bo", starter="Ada"))
        table.see(t.gettext("{name} went out").format(name="Ada"))
        table.shot(f"scoreboard-{lang}-390x844")

        table.tap(t.gettext("Rule reminders"))
        first = reminders("crazy-eights", lang)[0]
        assert first.title != reminders("crazy-eights", "en")[0].title
        table.see(first.title)
        table.shot(f"rules-{lang}-390x844")

    table.go("/settings")
    table.tap(language_label(chooser, "en"))
    table.page.get_by_role("tab", name="Matches").wait_for()


def test_one_card_taken_back_is_named_with_the_numeral_that_fits_it(
    table: Table, server: Server
) -> None:
    t = get_translator("nb")
    table.open("/settings")
    table.tap(language_label(get_translator("en"), "nb"))
    table.page.get_by_role("tab", name=t.gettext("Matches")).wait_for()
    table.go(server.matches["match"])
    table.tap(t.gettext("Record round"))
    table.tap("Ada")
    add = t.gettext("Add {card} to {name}")
    for card in ("ess", "konge", "konge"):
        table.tap(add.format(card=card, name="Bo"))
    # An ace is neuter in Norwegian ("ett ess"), a king is not ("én konge").
    table.button("Fjern ett ess fra Bo (har 1)").wait_for()
    table.button("Fjern én konge fra Bo (har 2)").wait_for()
    table.shot("keypad-chips-nb-390x844")
    table.tap("Fjern ett ess fra Bo (har 1)")
    expect(table.button("Fjern ett ess fra Bo (har 1)")).to_have_count(0)
    table.go("/settings")
    table.tap(language_label(t, "en"))
    table.page.get_by_role("tab", name="Matches").wait_for()
