"""What a phone downloads: nothing from outside, no policy broken, little again."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from driver import Table
from flows import new_match, record_round
from playwright.sync_api import Browser, BrowserContext

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
