"""The static site's loading screen: our icon and name, light or dark, until the app.

Python's worker is held back (its script's request waits) so the loading
screen stays up while it is looked at: no test here depends on how fast
anything starts.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import free_port
from driver import ARTIFACTS, Table
from killable_phone import BOOT_MS, wait_for_app
from loading_look import background, close, rgb
from playwright.sync_api import Browser, Route, expect
from test_static_site import StaticServer

from companion.publish.site import build_site
from companion.webclient.loading_screen import DARK_SURFACE, LIGHT_SURFACE, SCREEN_ID
from companion.words.i18n import get_translator
from companion.words.page_texts import page_texts


@pytest.fixture(scope="module")
def site_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticServer]:
    site = build_site(tmp_path_factory.mktemp("loading") / "site")
    server = StaticServer(site.folder, free_port()).start()
    yield server
    server.stop()


@pytest.mark.parametrize(
    ("scheme", "language", "tab"),
    [("light", "en-US", "Matches"), ("dark", "nb-NO", "Partier")],
)
def test_the_loading_screen_shows_our_name_until_the_app_takes_over(
    browser: Browser, site_server: StaticServer, scheme: str, language: str, tab: str
) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        color_scheme=scheme,
        locale=language,
        service_workers="block",
    )
    held: list[Route] = []
    context.route("**/python-worker.js", lambda route: held.append(route))
    try:
        page = context.new_page()
        page.goto(site_server.url + "/")
        name = page_texts(get_translator(language[:2]))["name"]
        screen = page.locator(f"#{SCREEN_ID}")
        expect(screen.get_by_role("heading", name=name)).to_be_visible()
        assert page.title() == name
        icon = screen.locator("img")
        assert icon.get_attribute("src") == "icons/icon-192.png"
        loaded = "(img) => img.complete && img.naturalWidth === 192"
        page.wait_for_function(loaded, arg=icon.element_handle())
        # Flutter's client is up beneath it, and Python's worker was asked for
        # (and is held): the screen is still ours, not Flet's "Working...".
        page.locator("flutter-view, flt-glass-pane").first.wait_for(
            state="attached", timeout=BOOT_MS
        )
        page.wait_for_function("() => flet.flutterApp !== undefined", timeout=BOOT_MS)
        assert held
        expect(screen).to_be_visible()
        expect(screen.get_by_role("heading", name=name)).to_be_visible()
        surface = rgb(LIGHT_SURFACE if scheme == "light" else DARK_SURFACE)
        loading = background(page, ARTIFACTS / f"static-loading-{scheme}.png")
        assert close(loading, surface), loading
        for route in held:
            route.continue_()
        wait_for_app(Table(page, site_server.url), tab)
        expect(screen).to_have_count(0)
        # The app's own background is the loading screen's: no flash between.
        app = background(page, ARTIFACTS / f"static-loaded-{scheme}.png")
        assert close(app, surface), app
    finally:
        context.close()
