"""The served page's loading screen: our icon and name, light or dark, until the app.

Flutter's loader is held back (its script's request waits) so the loading
screen stays up while it is looked at: no test here depends on how fast
anything starts.
"""

from __future__ import annotations

from conftest import Server
from driver import ARTIFACTS, Table
from loading_look import (
    LOOKS,
    app_name,
    background,
    close,
    handed_over,
    our_icon,
    our_screen,
    phone,
    surface,
)
from playwright.sync_api import Browser, Route, expect

from companion.serving.client_files import LOADING_ICON


@LOOKS
def test_the_served_loading_screen_shows_our_name_until_the_app_takes_over(
    browser: Browser, server: Server, scheme: str, language: str, tab: str
) -> None:
    context = phone(browser, scheme, language)
    held: list[Route] = []
    context.route("**/flutter_bootstrap.js", lambda route: held.append(route))
    try:
        page = context.new_page()
        with page.expect_request("**/flutter_bootstrap.js"):
            # Not "load": the held script keeps the page's load event back.
            page.goto(server.url + "/", wait_until="domcontentloaded")
        screen = our_screen(page, language)
        assert page.title() == app_name(language)
        assert our_icon(screen).endswith("/" + LOADING_ICON)
        # Flutter's loader was asked for (and is held): the screen is ours.
        assert held
        assert page.locator("img[src*='loading-animation']").count() == 0
        handed_over(Table(page, server.url), screen, held, tab, scheme, "served")
    finally:
        context.close()


def test_flets_working_screen_stays_under_ours_until_the_app_comes(
    browser: Browser, server: Server
) -> None:
    context = phone(browser)
    context.add_init_script(
        "addEventListener('flutter-first-frame', () => { window.drawn = true; });"
    )
    # The app's websocket answers nothing: Flutter draws Flet's "Working...".
    context.route_web_socket("**/ws", lambda _: None)
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_function("() => window.drawn === true")
        screen = our_screen(page, "en-US")
        expect(screen).not_to_have_class("gone")
        shot = ARTIFACTS / "served-loading-over-working.png"
        assert close(background(page, shot), surface("light"))
    finally:
        context.close()
