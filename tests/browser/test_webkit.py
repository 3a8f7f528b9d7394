"""The phone-alone site in WebKitGTK, the engine family of Safari (page cache on,
as in Safari; English asked for), one browser for the module, the tests in
order as one person's phone: a first visit; a hand-over link opened into the
tab that shows the app (issue 53: "There is nothing at this address"); leaving
the app and coming back by its address or the back button (issue 53: the page
kept in the cache held the store's lock, and the app said it was open in
another tab).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import StaticServer
from scripted_phone import handed_link, take_a_link_into_the_open_tab
from webkit_phone import WebKitPhone, Xvfb

ELSEWHERE = "Card Table Companion is open in another tab."


@pytest.fixture(scope="module")
def phone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebKitPhone]:
    display = Xvfb()
    started = WebKitPhone(tmp_path_factory.mktemp("webkit-phone"), display.display)
    started.start()
    yield started
    started.quit()
    display.stop()


def test_a_link_opened_into_the_tab_that_shows_the_app_offers_its_match(
    phone: WebKitPhone, static_server: StaticServer
) -> None:
    phone.open(static_server.url + "/")
    phone.see("Matches", "tab")
    take_a_link_into_the_open_tab(phone, handed_link(static_server.url))


def test_leaving_the_app_and_coming_back_opens_it_again(
    phone: WebKitPhone, static_server: StaticServer
) -> None:
    site = static_server.url
    if not str(phone.run("document.URL")).startswith(site):
        # Run alone: the app opened first.
        phone.open(site + "/")
        phone.see("New match", "button")
    # From the app (the match the link added), away to another page of the
    # site: WebKit keeps the app's page, asleep.
    phone.open(site + "/icons/icon-192.png")
    # Back by the site's address, then by the back button (past the picture
    # to the page WebKit kept).
    phone.open(site + "/")
    phone.see("New match", "button")
    phone.open(site + "/icons/icon-192.png")
    phone.back()
    phone.see("New match", "button")
    assert not phone.shows(ELSEWHERE)
