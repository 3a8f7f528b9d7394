"""The static site's loading screen: our icon and name, light or dark, until the app.

Python's worker is held back (its script's request waits) so the loading
screen stays up while it is looked at: no test here depends on how fast
anything starts.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import StaticServer, free_port
from driver import Table
from killable_phone import BOOT_MS
from loading_look import LOOKS, app_name, handed_over, our_icon, our_screen, phone
from playwright.sync_api import Browser, Route, expect

from companion.publish.site import build_site


@pytest.fixture(scope="module")
def site_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticServer]:
    site = build_site(tmp_path_factory.mktemp("loading") / "site")
    server = StaticServer(site.folder, free_port()).start()
    yield server
    server.stop()


@LOOKS
def test_the_loading_screen_shows_our_name_until_the_app_takes_over(
    browser: Browser, site_server: StaticServer, scheme: str, language: str, tab: str
) -> None:
    context = phone(browser, scheme, language)
    held: list[Route] = []
    context.route("**/python-worker.js", lambda route: held.append(route))
    try:
        page = context.new_page()
        page.goto(site_server.url + "/")
        screen = our_screen(page, language)
        assert page.title() == app_name(language)
        assert our_icon(screen) == "icons/icon-192.png"
        # Flutter's client is up beneath it, and Python's worker was asked for
        # (and is held): the screen is still ours, not Flet's "Working...".
        page.locator("flutter-view, flt-glass-pane").first.wait_for(
            state="attached", timeout=BOOT_MS
        )
        page.wait_for_function("() => flet.flutterApp !== undefined", timeout=BOOT_MS)
        assert held
        expect(screen).to_be_visible()
        our_screen(page, language)
        handed_over(Table(page, site_server.url), screen, held, tab, scheme, "static")
    finally:
        context.close()
