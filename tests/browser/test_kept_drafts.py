"""A half-entered round is kept for its device: Back, browser back, a reload (on the
record screen itself too), the host's browser killed, the rules book and back;
the Matches list marks it; Start afresh throws it away, with Undo; another
device (a phone at the shared table) never sees it. (The static site's killed
browser: tests/browser/test_static_site.py.)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import Phones, Server, serving, show_killable_phones
from driver import Table
from flows import join, join_code, record_round
from killable_phone import Phone
from playwright.sync_api import Playwright, expect

from companion.engine.match import Match
from companion.ui.frame.format import face_name, language_label
from companion.webclient.loading_screen import SCREEN_ID
from companion.words.i18n import get_translator

KEPT = "The round was kept as you left it."
WHO = "Who went out?"
RESUME = "Resume Crazy Eights with Mor, Far, and Åse"
MARK = "Round 1 half-entered"
FOCUS_FRAMES = 30
"""Frames after the app has drawn again in which a field could take the focus."""
PHONE_IP = "198.51.100.61"
"""The recorder's phone at the shared table (X-Forwarded-For, conftest.phones)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A shared table holding the family's match, no round recorded in it yet:
    the host's computer is one device, and another device is a phone."""
    family = Match.new("crazy-eights", ["Mor", "Far", "Åse"])
    matches = {"family": family, "cousins": family}
    yield from serving(tmp_path_factory, share=True, matches=matches)


def _enter_half_a_round(table: Table) -> None:
    """Mor went out; Far holds a king and an eight; Åse's points are typed."""
    table.tap("Record round")
    table.tap("Mor")
    table.tap("Add king to Far")
    table.tap("Add eight to Far")
    table.tap("Next: Åse")
    table.tap("Enter points for Åse instead")
    table.fill("Points for Åse", "12")
    # The app has the points (the round's summary shows them) before Back.
    table.see("+12")


def _as_left(table: Table) -> None:
    """The round as it was left, with the line that says it was kept."""
    table.see(KEPT)
    table.see("Mor went out")
    table.button("Remove one king from Far (1 held)").wait_for()
    table.button("Remove one eight from Far (1 held)").wait_for()
    # Åse's typed 12 in her field, as a person finds it on going to it (Flutter
    # fills the tree's <input> of the field being edited). A field that took
    # the focus by itself as the page was drawn again after a reload, before
    # the accessibility tree was on, kept its text outside the tree, and the
    # tree's field stayed empty and could not be typed into (round_entry.Held).
    table.see("+12")
    table.tap("Points for Åse", role="textbox")
    expect(table.page.get_by_role("textbox", name="Points for Åse")).to_have_value("12")


@pytest.fixture
def phone(
    server: Server,
    playwright: Playwright,
    tmp_path_factory: pytest.TempPathFactory,
    request: pytest.FixtureRequest,
) -> Iterator[Phone]:
    """The host's browser, killable, on its own profile: a failure shows its
    pages before it is closed."""
    device = Phone(playwright, tmp_path_factory.mktemp("profile"), server.url)
    yield device.start()
    show_killable_phones(request, [device])
    device.close()


def test_a_half_entered_round_survives_back_a_reload_and_a_killed_browser(
    server: Server, phone: Phone, phones: Phones
) -> None:
    scoreboard = server.matches["family"]
    table = phone.tab()
    table.open(scoreboard)
    _enter_half_a_round(table)
    # A reload on the record screen says it was kept, as coming back does.
    _reload_before_the_reader_is_on(table)
    _as_left(table)
    table.shot("kept-draft-reloaded-en-390x844")
    _the_rules_book_leads_back_to_the_round(table)
    # Leaving says nothing; coming back says it was kept.
    table.tap("Back to the scoreboard")
    table.button("Record round").wait_for()
    table.tap("Record round")
    _as_left(table)
    table.page.go_back()
    table.button("Record round").wait_for()
    table.tap("Record round")
    _as_left(table)
    table.reload()
    _as_left(table)
    table.shot("kept-draft-en-390x844")
    # The host's browser killed outright, as the system ends it: whatever
    # it had not written to disk is gone, and the draft is not.
    phone.kill()
    phone.start()
    table = phone.tab()
    table.open(scoreboard)
    table.tap("Record round")
    _as_left(table)
    _the_list_marks_the_round(table, scoreboard)
    recorder = _a_phone_that_may_record(table, phones, server.url)
    _another_device_sees_no_draft(recorder, scoreboard)
    _looked_at_in_norwegian_and_spanish(table, scoreboard)
    # Start afresh can be undone; a tap on the new round takes the Undo away.
    table.tap("Start afresh")
    table.see(WHO)
    table.see("Round 1 started afresh.")
    table.shot("kept-draft-afresh-en-390x844")
    table.undo()
    _as_left(table)
    table.tap("Start afresh")
    table.see(WHO)
    table.gone(KEPT)
    _the_list_marks_no_round(table, scoreboard)
    table.tap("Back to the scoreboard")
    table.tap("Record round")
    table.see(WHO)
    expect(table.page.get_by_text(KEPT)).to_have_count(0)
    _typed_points_lead_on_and_an_edit_says_updated(table)
    _a_round_saved_on_another_device_lets_this_one_go(table, recorder, scoreboard)


def _reload_before_the_reader_is_on(table: Table) -> None:
    """A reload, the accessibility tree turned on only once the app has drawn
    again, as a screen reader is a moment after the page.

    The frames waited let a field that takes the focus by itself take it
    first (its text then stayed outside the tree): they prove nothing by
    themselves; `_as_left` then reads the field as a person would.
    """
    table.page.reload()
    expect(table.page.locator(f"#{SCREEN_ID}")).to_have_count(0)
    table.page.evaluate(
        "async frames => { for (let i = 0; i < frames; i++)"
        " await new Promise(done => requestAnimationFrame(done)); }",
        FOCUS_FRAMES,
    )
    table.ready()


def _the_rules_book_leads_back_to_the_round(table: Table) -> None:
    """The book opened from the round has a back arrow to it (the Rules tab's
    own screen has none)."""
    table.tap("Rule reminders")
    table.button("Back to the round").wait_for()
    table.shot("rules-from-a-round-en-390x844")
    table.go("/rules")
    expect(table.button("Back to the round")).to_have_count(0)
    table.page.go_back()
    table.tap("Back to the round")
    _as_left(table)


def _the_list_marks_the_round(table: Table, path: str) -> None:
    """The Matches list marks the match this device has a round half-entered in."""
    table.go("/")
    # The mark's label is read with the tile (Flutter merges the two).
    table.see(MARK)
    table.shot("kept-draft-list-en-390x844")
    table.go(path)
    table.button("Record round").wait_for()


def _the_list_marks_no_round(table: Table, path: str) -> None:
    """Started afresh, nothing is half-entered: the mark is gone."""
    table.go("/")
    # Both matches are listed (the cousins' too): the list is drawn.
    table.button(RESUME).first.wait_for()
    expect(table.page.get_by_text(MARK)).to_have_count(0)
    table.go(path)
    table.tap("Record round")
    table.see(WHO)


def _a_phone_that_may_record(host: Table, phones: Phones, url: str) -> Table:
    """A phone joins the table with the code and the host lets it record."""
    code = join_code(host)
    recorder = phones(url, PHONE_IP)
    recorder.open("/")
    join(recorder, code, "Eve")
    recorder.page.get_by_role("tab", name="Matches").wait_for()
    host.go("/settings")
    host.tap("Eve can record", role="switch")
    return recorder


def _another_device_sees_no_draft(other: Table, path: str) -> None:
    """A draft is not a round: another phone's Record round starts afresh."""
    other.go(path)
    other.tap("Record round")
    other.see(WHO)
    expect(other.page.get_by_text(KEPT)).to_have_count(0)
    other.tap("Back to the scoreboard")


def _looked_at_in_norwegian_and_spanish(table: Table, path: str) -> None:
    """Screenshots: the kept line in Norwegian, the went-out row in Spanish."""
    chooser = get_translator("en")
    for lang in ("nb", "es"):
        t = get_translator(lang)
        table.go("/settings")
        table.tap(language_label(chooser, lang))
        table.page.get_by_role("tab", name=t.gettext("Matches")).wait_for()
        chooser = t
        table.go(path)
        table.tap(t.gettext("Record round"))
        table.see(t.gettext(KEPT))
        table.see(t.gettext("Change who went out"))
        table.shot(f"kept-draft-{lang}-390x844")
    table.go("/settings")
    table.tap(language_label(chooser, "en"))
    table.page.get_by_role("tab", name="Matches").wait_for()
    table.go(path)
    table.tap("Record round")
    table.see(KEPT)


def _typed_points_lead_on_and_an_edit_says_updated(table: Table) -> None:
    """The keyboard's action after typed points moves to the next player; Save
    after an edit says the round was updated."""
    table.tap("Mor")
    # Before anything is tapped the bar says what to do, not what is wrong.
    table.see("Enter the cards Far is holding.")
    expect(table.page.get_by_text("hold at least one card", exact=False)).to_have_count(
        0
    )
    table.tap("Enter points for Far instead")
    table.button("Next: Åse").wait_for()
    table.fill("Points for Far", "7")
    table.page.get_by_role("textbox", name="Points for Far").press("Enter")
    table.see("Cards Åse holds")
    table.tap("Add five to Åse")
    table.tap("Save round")
    table.see("Round 1 saved.")
    table.tap("Round 1 · Mor went out", exact=False)
    table.tap("Edit round 1")
    table.tap("Next: Åse")
    table.tap("Add king to Åse")
    table.tap("Save round")
    table.see("Round 1 updated.")
    table.standing(3, "Åse", 15)


def _a_round_saved_on_another_device_lets_this_one_go(
    table: Table, other: Table, path: str
) -> None:
    """The host and a phone enter round 2; the one that saves first wins, and the
    other's entry is let go with one line, rather than the round recorded twice."""
    table.tap("Record round")
    table.tap("Far")
    table.tap("Add queen to Mor")
    other.open(path)
    record_round(other, "Åse", {"Mor": ["2"], "Far": ["3"]})
    table.see(
        "Round 2 was saved meanwhile, so what was entered for it here was let go."
    )
    table.see("Round 3")
    table.see(WHO)


def test_a_kept_round_looked_at_in_norwegian_in_the_dark(
    table: Table, server: Server
) -> None:
    """Screenshots: the kept line after a reload, the rules book's way back,
    Start afresh's Undo and the list's mark, in Norwegian, dark."""
    en, nb = get_translator("en"), get_translator("nb")
    table.open("/settings")
    table.tap(language_label(en, "nb"))
    table.tap(nb.gettext("Dark"))
    table.go(server.matches["cousins"])
    table.tap(nb.gettext("Record round"))
    table.tap("Mor")
    king = face_name(nb, "K")
    table.tap(nb.gettext("Add {card} to {name}").format(card=king, name="Far"))
    table.reload()
    table.see(nb.gettext(KEPT))
    table.shot("kept-draft-reloaded-nb-dark-390x844")
    table.tap(nb.gettext("Rule reminders"))
    table.tap(nb.gettext("Back to the round"))
    table.see(nb.gettext(KEPT))
    table.tap(nb.gettext("Start afresh"))
    table.see(nb.gettext("Round {number} started afresh.").format(number=1))
    table.shot("kept-draft-afresh-nb-dark-390x844")
    table.button(nb.gettext("Undo")).click(force=True)
    table.see(nb.gettext(KEPT))
    table.tap(nb.gettext("Back to the scoreboard"))
    table.button(nb.gettext("Record round")).wait_for()
    table.go("/")
    mark = nb.gettext("Round {number} half-entered").format(number=1)
    table.see(mark)
    table.shot("kept-draft-list-nb-dark-390x844")
    table.go("/settings")
    table.tap(language_label(nb, "en"))
    table.tap("System")
