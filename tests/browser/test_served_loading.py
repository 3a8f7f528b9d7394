"""The served page's loading screen: our icon and name, light or dark, until the app.

Flutter's loader is held back (its script's request waits) so the loading
screen stays up while it is looked at: no test here depends on how fast
anything starts.
"""

from __future__ import annotations

import pytest
from conftest import Server
from driver import ARTIFACTS, Table
from killable_phone import wait_for_app
from loading_look import background, close, rgb
from playwright.sync_api import Browser, Route, expect

from companion.serving.client_files import LOADING_ICON
from companion.webclient.loading_screen import DARK_SURFACE, LIGHT_SURFACE, SCREEN_ID
from companion.words.i18n import get_translator
from companion.words.page_texts import page_texts


@pytest.mark.parametrize(
    ("scheme", "language", "tab"),
    [("light", "en-US", "Matches"), ("dark", "nb-NO", "Partier")],
)
def test_the_served_loading_screen_shows_our_name_until_the_app_takes_over(
    browser: Browser, server: Server, scheme: str, language: str, tab: str
) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        color_scheme=scheme,
        locale=language,
        # Requests a service worker answers would pass by the route below.
        service_workers="block",
    )
    held: list[Route] = []
    context.route("**/flutter_bootstrap.js", lambda route: held.append(route))
    try:
        page = context.new_page()
        asked = "**/flutter_bootstrap.js"
        with page.expect_request(asked):
            # Not "load": the held script keeps the page's load event back.
            page.goto(server.url + "/", wait_until="domcontentloaded")
        name = page_texts(get_translator(language[:2]))["name"]
        screen = page.locator(f"#{SCREEN_ID}")
        expect(screen.get_by_role("heading", name=name)).to_be_visible()
        assert page.title() == name
        icon = screen.locator("img")
        assert (icon.get_attribute("src") or "").endswith("/" + LOADING_ICON)
        loaded = "(img) => img.complete && img.naturalWidth === 192"
        page.wait_for_function(loaded, arg=icon.element_handle())
        # Flutter's loader was asked for (and is held): the screen is ours.
        assert held
        assert page.locator("img[src*='loading-animation']").count() == 0
        surface = rgb(LIGHT_SURFACE if scheme == "light" else DARK_SURFACE)
        loading = background(page, ARTIFACTS / f"served-loading-{scheme}.png")
        assert close(loading, surface), loading
        for route in held:
            route.continue_()
        wait_for_app(Table(page, server.url), tab)
        expect(screen).to_have_count(0)
        # The app's own background is the loading screen's: no flash between.
        app = background(page, ARTIFACTS / f"served-loaded-{scheme}.png")
        assert close(app, surface), app
    finally:
        context.close()


def test_flets_working_screen_stays_under_ours_until_the_app_comes(
    browser: Browser, server: Server
) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        locale="en-US",
        service_workers="block",
    )
    context.add_init_script(
        "addEventListener('flutter-first-frame', () => { window.drawn = true; });"
    )
    # The app's websocket answers nothing: Flutter draws Flet's "Working...".
    context.route_web_socket("**/ws", lambda _: None)
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_function("() => window.drawn === true")
        screen = page.locator(f"#{SCREEN_ID}")
        expect(screen).to_have_count(1)
        expect(screen).not_to_have_class("gone")
        name = page_texts(get_translator("en"))["name"]
        expect(screen.get_by_role("heading", name=name)).to_be_visible()
        shot = ARTIFACTS / "served-loading-over-working.png"
        assert close(background(page, shot), rgb(LIGHT_SURFACE))
    finally:
        context.close()
