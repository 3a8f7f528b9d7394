"""The phone-alone site in Firefox (Debian's firefox-esr, headless, through
Marionette; English asked for), one journey on one profile as one person's
phone: a first visit, a hand-over link opened into the tab that shows the
app, a round by taps, a reload, a browser restart that starts Python from the
snapshot with the match intact, and a hand-over link opened fresh; then the
served app (the `companion` server): its first screen, a round by taps, a
reload.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import Server, StaticServer
from firefox_phone import FirefoxPhone
from scripted_phone import (
    CAME,
    handed_link,
    record_a_round,
    see_standings,
    take_a_link_into_the_open_tab,
)

from companion.publish.snapshot import SNAPSHOT_ATTRIBUTE, START_ATTRIBUTE

RESUME = "Resume Crazy Eights with Ada, Bo, and Cy"
AFTER_TWO_ROUNDS = ("1. Ada: 10 points", "2. Cy: 17 points", "3. Bo: 50 points")


@pytest.fixture(scope="module")
def phone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FirefoxPhone]:
    started = FirefoxPhone(tmp_path_factory.mktemp("firefox-phone")).start()
    yield started
    started.quit()


def test_the_site_keeps_a_round_by_taps_across_a_reload_and_a_restart(
    phone: FirefoxPhone, static_server: StaticServer
) -> None:
    site = static_server.url
    phone.open(site + "/")
    phone.see("Matches", "tab")
    take_a_link_into_the_open_tab(phone, handed_link(site))
    # Bo goes out; Ada holds a king (10), Cy an ace (1).
    record_a_round(phone, "Bo", {"Ada": ["K"], "Cy": ["A"]})
    see_standings(phone, *AFTER_TWO_ROUNDS)
    # The first visit booted Python; its snapshot is made once the app shows.
    assert phone.html_attribute(SNAPSHOT_ATTRIBUTE) == "made"

    phone.mark_the_page()
    phone.reload()
    assert not phone.still_the_marked_page()
    see_standings(phone, *AFTER_TWO_ROUNDS)
    assert phone.html_attribute(START_ATTRIBUTE) == "snapshot"

    phone.quit()
    phone.start()
    # A link opened fresh, as the browser's first page after a restart.
    phone.open(handed_link(site, ("Dag", "Eli", "Fia")))
    phone.see(CAME)
    phone.tap("Add this match")
    phone.see("Match added.")
    # By the tab: the app bar's arrow (shell.icon_button) takes no tap from
    # the accessibility tree on Flet 1.0.5 (ui/frame/semantic_tap.py).
    phone.tap("Matches", role="tab")
    phone.tap(RESUME)
    see_standings(phone, *AFTER_TWO_ROUNDS)
    assert phone.html_attribute(START_ATTRIBUTE) == "snapshot"


def test_the_served_app_keeps_a_round_by_taps_across_a_reload(
    phone: FirefoxPhone, started_match_server: Server
) -> None:
    phone.open(started_match_server.url + "/")
    phone.see("Matches", "tab")
    phone.tap(RESUME)
    # Cy goes out; Ada holds a king (10), Bo an eight (50).
    record_a_round(phone, "Cy", {"Ada": ["K"], "Bo": ["8"]})
    served = ("1. Cy: 0 points", "2. Ada: 10 points", "3. Bo: 50 points")
    see_standings(phone, *served)
    phone.mark_the_page()
    phone.reload()
    assert not phone.still_the_marked_page()
    see_standings(phone, *served)
