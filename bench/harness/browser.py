"""Headless Chromium for the benches: phone tabs, semantics, text waited for on
every frame, and clicks timed inside the page."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    sync_playwright,
)

from harness.servers import Server

CHROMIUM = "/usr/bin/chromium"
# The flags from the team's Flet 1.0 notes (the browser tests use the same).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
WAIT_MS = 60_000
IDLE_S = 0.3

# True once `needle` is in Flutter's accessibility tree, as text or as a label.
HAS_TEXT_JS = """
needle => {
    const host = document.querySelector('flt-semantics-host');
    if (!host) return false;
    if (host.textContent.includes(needle)) return true;
    for (const e of host.querySelectorAll('[aria-label]')) {
        if (e.getAttribute('aria-label').includes(needle)) return true;
    }
    return false;
}
"""

# Arms a stopwatch in the page: starts at the next pointerdown anywhere, stops
# at the first DOM change after which `needle` is in the accessibility tree.
ARM_STOPWATCH_JS = (
    """
needle => {
    const hasText = """
    + HAS_TEXT_JS
    + """;
    const watch = {start: null, end: null};
    window.__benchWatch = watch;
    window.addEventListener('pointerdown', () => {
        if (watch.start === null) watch.start = performance.now();
    }, {capture: true, once: true});
    const host = document.querySelector('flt-semantics-host');
    const observer = new MutationObserver(() => {
        if (watch.start !== null && watch.end === null && hasText(needle)) {
            watch.end = performance.now();
            observer.disconnect();
        }
    });
    observer.observe(host, {
        subtree: true, childList: true, characterData: true, attributes: true,
    });
}
"""
)


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's headless Chromium through Playwright."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


def profile_phone(playwright: Playwright, profile: str) -> BrowserContext:
    """Chromium on the on-disk `profile` at a phone's size: a phone that keeps
    what a site stores (service worker, snapshot) from one tab to the next."""
    return playwright.chromium.launch_persistent_context(
        profile,
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        viewport=PHONE,
        locale="en-US",
    )


SOCKET_LOG = Path(__file__).with_name("socket_log.js")
"""Notes the page's websocket traffic in `window.__benchSocket`."""

# The last timed click cut in three: pointerdown to the first message sent
# (the client's tap handling), that message to the first one received (the
# server's answer, with the loopback trip), and that one to the text showing
# (the client applying the change, laying out and updating the tree).
CLICK_PARTS_JS = """
() => {
    const watch = window.__benchWatch, log = window.__benchSocket;
    const sent = log.sent.find(t => t >= watch.start);
    const received = log.received.find(t => t >= sent);
    return {client_tap: sent - watch.start, server: received - sent,
            client_draw: watch.end - received};
}
"""


def click_parts(page: Page) -> dict[str, float]:
    """The parts of the last timed click (ms) on a page opened with `socket_log`."""
    return page.evaluate(CLICK_PARTS_JS)


@contextmanager
def phone_page(
    browser: Browser, *, socket_log: bool = False, scripts: tuple[Path, ...] = ()
) -> Iterator[Page]:
    """A fresh phone-sized tab in its own context (no cache shared between runs);
    with `socket_log`, its websocket traffic is noted (SOCKET_LOG: for
    click_parts, served_start.py); `scripts` run first in every page too."""
    context = browser.new_context(viewport=PHONE, locale="en-US")
    for script in (SOCKET_LOG,) * socket_log + scripts:
        context.add_init_script(path=script)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        yield page
    finally:
        context.close()


def open_with_semantics(page: Page, url: str | None) -> None:
    """Load `url` (None: the page is loading already) and turn on semantics."""
    if url is not None:
        page.goto(url)
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=WAIT_MS)
    placeholder.dispatch_event("click")


@contextmanager
def opened(browser: Browser, url: str, *, socket_log: bool = False) -> Iterator[Page]:
    """A fresh phone tab (see phone_page) on `url` with semantics on."""
    with phone_page(browser, socket_log=socket_log) as page:
        open_with_semantics(page, url)
        yield page


@contextmanager
def fresh_start(
    browser: Browser,
    server: Server,
    path: str = "/",
    *,
    socket_log: bool = False,
    scripts: tuple[Path, ...] = (),
) -> Iterator[Page]:
    """`server` launched now and a fresh phone tab on `path` with semantics on
    (see phone_page for `socket_log` and `scripts`); the tab closed and the
    server stopped on the way out."""
    with phone_page(browser, socket_log=socket_log, scripts=scripts) as page:
        try:
            server.start()
            open_with_semantics(page, server.url + path)
            yield page
        finally:
            server.stop()


def wait_for_text(page: Page, *needles: str) -> None:
    """Wait (checking every animation frame) until every needle is on screen."""
    page.wait_for_function(
        f"needles => needles.every({HAS_TEXT_JS})",
        arg=list(needles),
        polling="raf",
        timeout=WAIT_MS,
    )


def timed_click(page: Page, name: str, needle: str, role: str = "button") -> float:
    """Milliseconds from clicking the control named `name` to `needle` showing.

    Both ends are taken inside the page (pointerdown, then the DOM change that
    brings the text), so Playwright's own round trips do not count. The page
    first gets IDLE_S to finish the frames of the previous action.
    """
    target = page.get_by_role(role, name=name, exact=True).first  # type: ignore[arg-type]
    target.wait_for()
    time.sleep(IDLE_S)
    page.evaluate(ARM_STOPWATCH_JS, needle)
    target.click()
    page.wait_for_function(
        "() => window.__benchWatch.end !== null", polling="raf", timeout=WAIT_MS
    )
    return page.evaluate("() => window.__benchWatch.end - window.__benchWatch.start")
