"""The served app's hand-over: no code until the host gives the phone-alone site's
address (the reason said instead), then a code that carries the match to it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import zxingcpp
from conftest import Server, serving
from driver import Table
from PIL import Image
from test_match_life import NO_WEB_SHARE_JS

from companion.engine.match import Match
from companion.storage.match_link import match_from_link

SITE = "https://cards.example/scores/"
MATCH = (
    Match.new("crazy-eights", ["Ada", "Bo", "Åse"])
    .record_round("Ada", {"Bo": {"8": 1}, "Åse": {"K": 2, "3": 1}})
    .record_round("Bo", {"Ada": {"7": 1}, "Åse": {"A": 1}})
)
HAND_OVER = "Hand over"
NO_SITE = "so it needs that site's address, and none is set"


@pytest.fixture(scope="module")
def match_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(tmp_path_factory, matches={"match": MATCH})


@pytest.fixture
def host(phones, match_server: Server) -> Table:
    table = phones(match_server.url)
    table.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    # What Chromium on Linux offers, as a computer's browser may: no share sheet.
    table.page.context.add_init_script(NO_WEB_SHARE_JS)
    return table


def codes_on(table: Table, name: str) -> list[str]:
    """The QR codes a camera reads off the screen, as `name`'s screenshot."""
    picture = Image.open(table.shot(name))
    return [found.text for found in zxingcpp.read_barcodes(picture)]


def test_without_a_site_address_the_reason_is_given_and_no_code(
    host: Table, match_server: Server
) -> None:
    host.open(match_server.matches["match"])
    host.tap(HAND_OVER)
    host.see(NO_SITE)
    assert host.page.get_by_role("img").count() == 0
    assert codes_on(host, "handover-served-no-site") == []
    host.tap("Open Settings")
    host.see("Hand matches to phones")


def test_with_the_hosts_address_the_code_carries_the_match_to_that_site(
    host: Table, match_server: Server
) -> None:
    host.open("/settings")
    host.fill("Address of the phone-alone site", "cards.example")
    host.tap("Save address")
    host.see("starting with https://")
    host.fill("Address of the phone-alone site", SITE)
    host.tap("Save address")
    host.see("Address saved.")

    host.open(match_server.matches["match"])
    host.tap(HAND_OVER)
    host.page.get_by_role(
        "img", name="QR code of this match, for another phone to scan"
    ).wait_for()
    [link] = codes_on(host, "handover-served")
    assert link.startswith(SITE + "#m=")
    assert match_from_link(link).match == MATCH

    host.tap("Send as a link")
    host.see("This browser cannot share, so the link was copied.")
    assert host.page.evaluate("navigator.clipboard.readText()") == link
