"""The phone-alone site in WebKitGTK, the engine family of Safari (page cache on,
as in Safari): a first visit, then leaving the app and coming back by its
address or the back button (issue 53: the page kept in the cache held the
store's lock, and the app said it was open in another tab).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import free_port
from test_static_site import StaticServer
from webkit_phone import WebKitPhone, Xvfb

from companion.publish.site import Site, build_site

ELSEWHERE = "Card Table Companion is open in another tab."


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Site:
    return build_site(tmp_path_factory.mktemp("webkit") / "site")


@pytest.fixture(scope="module")
def static_server(built: Site) -> Iterator[StaticServer]:
    server = StaticServer(built.folder, free_port()).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def phone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebKitPhone]:
    display = Xvfb()
    started = WebKitPhone(tmp_path_factory.mktemp("webkit-phone"), display.display)
    started.start()
    yield started
    started.quit()
    display.stop()


def test_leaving_the_app_and_coming_back_opens_it_again(
    phone: WebKitPhone, static_server: StaticServer
) -> None:
    site = static_server.url
    phone.open(site + "/")
    phone.see("Matches", "tab")
    # Away to another page of the site: WebKit keeps the app's page, asleep.
    phone.open(site + "/icons/icon-192.png")
    phone.run("document.readyState")
    # Back by the site's address, then by the back button (twice: past the
    # picture to the page WebKit kept).
    phone.open(site + "/")
    phone.see("New match", "button")
    phone.open(site + "/icons/icon-192.png")
    phone.back()
    phone.see("New match", "button")
    assert phone.run(f"document.body.innerText.includes({ELSEWHERE!r})") is False
