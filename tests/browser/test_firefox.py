"""The phone-alone site in Firefox (Debian's firefox-esr, headless, through
Marionette; English asked for), one journey on one profile as one person's
phone: a first visit, a hand-over link opened into the tab that shows the
app, a round by taps, a reload, a browser restart that starts Python from
the snapshot with the match intact, and a hand-over link opened fresh.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import StaticServer
from firefox_phone import FirefoxPhone
from scripted_phone import CAME, handed_link, take_a_link_into_the_open_tab

from companion.publish.snapshot import START_ATTRIBUTE

RESUME = "Resume Crazy Eights with Ada, Bo, and Cy"


@pytest.fixture(scope="module")
def phone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FirefoxPhone]:
    started = FirefoxPhone(tmp_path_factory.mktemp("firefox-phone")).start()
    yield started
    started.quit()


def standings(phone: FirefoxPhone, *lines: str) -> None:
    """Wait for each scoreboard line ("1. Ada: 10 points")."""
    for line in lines:
        phone.see(line)


def test_the_site_keeps_a_match_across_a_reload_and_a_browser_restart(
    phone: FirefoxPhone, static_server: StaticServer
) -> None:
    site = static_server.url
    phone.open(site + "/")
    phone.see("Matches", "tab")
    take_a_link_into_the_open_tab(phone, handed_link(site))
    # Bo goes out; Ada holds a king (10), Cy an ace (1).
    phone.tap("Record round")
    phone.tap("Bo")
    phone.tap("Add king to Ada")
    phone.tap("Next: Cy")
    phone.tap("Add ace to Cy")
    phone.tap("Save round")
    phone.see("Round 2 saved.")
    standings(phone, "1. Ada: 10 points", "2. Cy: 17 points", "3. Bo: 50 points")

    phone.mark_the_page()
    phone.reload()
    assert not phone.still_the_marked_page()
    standings(phone, "1. Ada: 10 points", "3. Bo: 50 points")

    phone.quit()
    phone.start()
    # A link opened fresh, as the browser's first page after a restart.
    phone.open(handed_link(site, ("Dag", "Eli", "Fia")))
    phone.see(CAME)
    phone.tap("Add this match")
    phone.see("Match added.")
    phone.tap("Back to matches")
    phone.tap(RESUME)
    standings(phone, "1. Ada: 10 points", "2. Cy: 17 points", "3. Bo: 50 points")
    started = f"document.documentElement.getAttribute({START_ATTRIBUTE!r})"
    assert phone.run(started) == "snapshot"
