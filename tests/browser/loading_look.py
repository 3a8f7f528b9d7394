"""How the loading screen looks in a screenshot: its colour against the app's."""

from __future__ import annotations

from pathlib import Path

import pytest
from driver import ARTIFACTS, Table
from killable_phone import wait_for_app
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Route, expect

from companion.webclient.loading_screen import DARK_SURFACE, LIGHT_SURFACE, SCREEN_ID
from companion.words.i18n import get_translator
from companion.words.page_texts import page_texts

LOOKS = pytest.mark.parametrize(
    ("scheme", "language", "tab"),
    [("light", "en-US", "Matches"), ("dark", "nb-NO", "Partier")],
)
"""Each loading test in light English and in dark Norwegian (`tab`: the app's
first tab, which says the app has taken over)."""


def phone(
    browser: Browser, scheme: str = "light", language: str = "en-US"
) -> BrowserContext:
    """A phone-sized context in this colour scheme and language, with no service
    worker: one would answer requests past the test's routes."""
    return browser.new_context(
        viewport={"width": 390, "height": 844},
        color_scheme=scheme,  # type: ignore[arg-type]
        locale=language,
        service_workers="block",
    )


def app_name(language: str) -> str:
    """The app's name in this language, as the loading screen says it."""
    return page_texts(get_translator(language[:2]))["name"]


def our_screen(page: Page, language: str) -> Locator:
    """The loading screen, once it shows the app's name."""
    screen = page.locator(f"#{SCREEN_ID}")
    expect(screen.get_by_role("heading", name=app_name(language))).to_be_visible()
    return screen


def our_icon(screen: Locator) -> str:
    """The loading screen's icon's address, once its 192 px picture has loaded."""
    icon = screen.locator("img")
    loaded = "(img) => img.complete && img.naturalWidth === 192"
    screen.page.wait_for_function(loaded, arg=icon.element_handle())
    return icon.get_attribute("src") or ""


def surface(scheme: str) -> tuple[int, int, int]:
    """The loading screen's background, which is the app's, in this scheme."""
    return rgb(LIGHT_SURFACE if scheme == "light" else DARK_SURFACE)


def rgb(colour: str) -> tuple[int, int, int]:
    """A `#RRGGBB` colour as its three values."""
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def background(page: Page, shot: Path) -> tuple[int, int, int]:
    """The colour at the screen's left edge, halfway down, in a screenshot."""
    from PIL import Image

    page.screenshot(path=str(shot))
    with Image.open(shot) as image:
        return image.convert("RGB").getpixel((4, 422))  # type: ignore[return-value]


def close(found: tuple[int, int, int], wanted: tuple[int, int, int]) -> bool:
    """Whether two colours match but for rounding in the drawing."""
    return all(abs(a - b) <= 2 for a, b in zip(found, wanted, strict=True))


def handed_over(
    table: Table, screen: Locator, held: list[Route], tab: str, scheme: str, shots: str
) -> None:
    """The held requests let go, the app takes over from the loading screen, in
    the same colour (`shots`-loading and `shots`-loaded pictures are kept)."""
    loading = background(table.page, ARTIFACTS / f"{shots}-loading-{scheme}.png")
    assert close(loading, surface(scheme)), loading
    for route in held:
        route.continue_()
    wait_for_app(table, tab)
    expect(screen).to_have_count(0)
    # The app's own background is the loading screen's: no flash between.
    app = background(table.page, ARTIFACTS / f"{shots}-loaded-{scheme}.png")
    assert close(app, surface(scheme)), app
