"""The phone-alone site in Firefox (Debian's firefox-esr, headless, through
Marionette; English asked for), on a profile of its own: a first visit, and a
hand-over link opened into the tab that shows the app.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import StaticServer
from firefox_phone import FirefoxPhone
from scripted_phone import handed_link, take_a_link_into_the_open_tab


@pytest.fixture(scope="module")
def phone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FirefoxPhone]:
    started = FirefoxPhone(tmp_path_factory.mktemp("firefox-phone")).start()
    yield started
    started.quit()


def test_a_first_visit_takes_a_link_opened_into_its_tab(
    phone: FirefoxPhone, static_server: StaticServer
) -> None:
    site = static_server.url
    phone.open(site + "/")
    phone.see("Matches", "tab")
    take_a_link_into_the_open_tab(phone, handed_link(site))
