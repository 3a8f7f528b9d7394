"""What a phone downloads: nothing from outside, no policy broken, little again."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from driver import Table
from flows import new_match, record_round
from playwright.sync_api import Browser, BrowserContext

from companion.webclient.loading_screen import LOOKS_KEY
from companion.webclient.unreachable_page import PAGE_ID

RELOAD_BUDGET = 200_000
"""Bytes a reload on the same version may transfer (issue 17)."""

# Records every Content-Security-Policy violation the page reports.
VIOLATIONS_JS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', e => window.__violations.push(
    `${e.violatedDirective} ${e.blockedURI}`));
"""


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(VIOLATIONS_JS)
    yield context
    context.close()


def _watched(context: BrowserContext, base_url: str) -> tuple[Table, list[str]]:
    """A tab whose every request off `base_url` is aborted and listed."""
    outside: list[str] = []

    def route(route) -> None:
        url = route.request.url
        if url.startswith(base_url + "/") or url.startswith("blob:" + base_url):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", route)
    return Table(context.new_page(), base_url), outside


def _violations(table: Table) -> list[str]:
    return table.page.evaluate("() => window.__violations")


def test_every_screen_loads_nothing_from_outside_and_breaks_no_policy(
    context: BrowserContext, server
) -> None:
    table, outside = _watched(context, server.url)
    stub_asked: list[str] = []
    table.page.on(
        "request",
        lambda request: (
            "/rive/wasm/rive_native.js" in request.url
            and stub_asked.append(request.url)
        ),
    )
    path = new_match(table, "Crazy Eights", ["Ada", "Bo", "Cy"])
    record_round(table, "Ada", {"Bo": ["8", "K"], "Cy": ["3"]})
    screens = {
        "matches": ("/", "In progress"),
        "new-match": ("/new", "House rules"),
        "scoreboard": (path, "Round 2"),
        "record-round": (path + "/round", "Who went out?"),
        "rules": ("/rules/crazy-eights", "Dealing"),
        "players": ("/players", "Ada"),
        "settings": ("/settings", "Language"),
    }
    for name, (where, marker) in screens.items():
        table.open(where)
        table.see(marker)
        table.shot(f"served-{name}-390x844")
    assert outside == []
    assert _violations(table) == []
    # The Rive plugin asked for its runtime, and got the local stub.
    assert stub_asked


def test_the_share_section_breaks_no_policy(
    context: BrowserContext, shared_server
) -> None:
    table, outside = _watched(context, shared_server.url)
    table.open("/settings")
    table.see("Share this table")
    # The test server listens on loopback only: no QR code to draw.
    table.see(re.compile("^Phones cannot reach this computer yet"))
    table.shot("served-share-390x844")
    assert outside == []
    assert _violations(table) == []


def test_a_reload_transfers_almost_nothing(context: BrowserContext, server) -> None:
    # Not routed: Playwright's request interception turns the HTTP cache off.
    page = context.new_page()
    table = Table(page, server.url)
    network = context.new_cdp_session(page)
    network.send("Network.enable")
    received: dict[str, int] = {}
    network.on(
        "Network.loadingFinished",
        lambda event: received.__setitem__(
            event["requestId"], int(event["encodedDataLength"])
        ),
    )
    table.open("/")
    table.see("New match")
    first = sum(received.values())
    received.clear()
    table.reload()
    table.see("New match")
    reload = sum(received.values())
    print(f"first visit {first:,} bytes, reload {reload:,} bytes")
    assert reload < RELOAD_BUDGET, received
    assert first > 10 * reload


GONE = "The table's computer cannot be reached"

# What the service worker keeps: every URL of every cache of ours.
CACHED_JS = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    urls.push(...(await cache.keys()).map((request) => request.url));
  }
  return urls;
}"""


COVER_BACKGROUND = (
    f"() => getComputedStyle(document.getElementById('{PAGE_ID}')).backgroundColor"
)
"""The "cannot be reached" cover's background colour, as drawn."""
LIGHT, DARK = "rgb(247, 251, 241)", "rgb(16, 20, 15)"
"""The app's surface, light and dark (loading_screen.LIGHT_SURFACE, DARK_SURFACE)."""


def test_with_the_server_gone_a_phone_is_told_so(
    context: BrowserContext, server
) -> None:
    table = Table(context.new_page(), server.url)
    page = table.page
    table.open("/")
    table.see("New match")
    page.wait_for_function(
        "async () => (await navigator.serviceWorker.ready).active !== null"
    )
    # The second visit, under the worker, keeps the client's files.
    table.reload()
    table.see("New match")
    base = page.evaluate("() => flet.entrypointBaseUrl")
    # Written as the files arrive; the big ones last.
    kept = "(url) => url.includes('/main.dart.')"
    page.wait_for_function(f"async () => (await ({CACHED_JS})()).some({kept})")
    cached = page.evaluate(CACHED_JS)
    # Only versioned client files: no page, no data, nothing per user.
    assert all(url.startswith(server.url + base) for url in cached), cached
    # A dark phone whose app was last opened in the light theme (as the app
    # tells the browser: loading_screen.LOOKS_KEY, JSON as Flutter keeps it).
    page.emulate_media(color_scheme="dark")
    page.evaluate(f"() => localStorage.setItem('{LOOKS_KEY}', '\"en light\"')")
    server.stop()
    try:
        # The open page: its connection is gone and stays gone.
        table.see(GONE, timeout=60_000)
        page.get_by_role("button", name="Try again").click()
        table.see("Still no answer from the table's computer.")
        table.shot("served-unreachable-open-390x844")
        # The light theme chosen in the app's Settings, on a dark phone.
        assert page.evaluate(COVER_BACKGROUND) == LIGHT
        # A reload: the worker answers with the same page.
        page.reload()
        table.see(GONE)
        table.see("Try again")
        table.shot("served-unreachable-reload-390x844")
        # The worker's page knows no theme of the app's: dark as the phone is.
        assert page.evaluate(COVER_BACKGROUND) == DARK
    finally:
        server.start()
    page.get_by_text("Try again").click()
    table.ready()
    table.see("New match")
