"""Two phones connect directly by peer_link.js over loopback, the offer and the
answer carried as the QR codes' digits (peer_codes.py) by the test, as a
camera would carry them."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from loopback_network import LoopbackNetwork
from peer_phones import connect, handle, heard, open_peer_phone, serve_peer_page
from playwright.sync_api import Browser, Page

from companion.access.peer_sdp import Kind, PeerCodeError, read_sdp

GONE_MS = 10_000
"""How long a phone may take to see the other side gone: a closed link's goodbye
comes at once, a closed tab's missing heartbeats after 4 s (ICE itself gives up
only after 30 s)."""


@pytest.fixture(scope="module")
def loopback() -> Iterator[LoopbackNetwork]:
    network = LoopbackNetwork()
    yield network
    network.close()


@pytest.fixture(scope="module")
def peer_browser(
    playwright, loopback: LoopbackNetwork, tmp_path_factory
) -> Iterator[Browser]:
    """Chromium and the page's server, both inside the loopback namespace."""
    server = serve_peer_page(loopback, tmp_path_factory.mktemp("peer_site"))
    browser = loopback.chromium(playwright)
    yield browser
    browser.close()
    server.terminate()
    server.wait(timeout=15)


@pytest.fixture
def peer_phone(peer_browser: Browser) -> Iterator[Callable[..., Page]]:
    """Opens the page on a phone of its own (open_peer_phone), closed after."""
    pages: list[Page] = []

    def open_phone(camera: bool = True) -> Page:
        pages.append(open_peer_phone(peer_browser, camera))
        return pages[-1]

    yield open_phone
    for page in pages:
        page.context.close()


def test_two_phones_talk_over_a_channel_opened_by_digit_codes(
    loopback: LoopbackNetwork, peer_phone: Callable[..., Page]
) -> None:
    assert loopback.interfaces() == ["lo"]
    host, guest = peer_phone(), peer_phone()
    sdps = connect(host, guest)
    candidates = [
        line for sdp in sdps for line in sdp.splitlines() if "candidate:" in line
    ]
    assert candidates and all(" 127.0.0.1 " in line for line in candidates), candidates
    assert not any(".local" in sdp for sdp in sdps)

    handle(host, op="send", link="guest-1", text="round 1: Ada 0, Bo 12")
    handle(guest, op="send", link="host", text="Åse records round 2")
    assert [e["text"] for e in heard(guest, "host", "message")] == [
        "round 1: Ada 0, Bo 12"
    ]
    assert [e["text"] for e in heard(host, "guest-1", "message")] == [
        "Åse records round 2"
    ]


def test_a_link_closed_on_one_side_is_seen_closed_on_the_other(
    peer_phone: Callable[..., Page],
) -> None:
    host, guest = peer_phone(), peer_phone()
    connect(host, guest)
    handle(guest, op="close", link="host")
    heard(host, "guest-1", "closed", timeout=GONE_MS)
    with pytest.raises(AssertionError, match="no-such-link"):
        handle(host, op="send", link="guest-1", text="anyone there?")


def test_a_tab_closed_on_one_side_is_seen_quiet_on_the_other(
    peer_phone: Callable[..., Page],
) -> None:
    host, guest = peer_phone(), peer_phone()
    connect(host, guest)
    # A closed tab says no goodbye: only the missing heartbeats tell.
    guest.close()
    heard(host, "guest-1", "quiet", timeout=GONE_MS)


def test_without_the_camera_a_phone_offers_no_address(
    peer_phone: Callable[..., Page],
) -> None:
    offer = handle(peer_phone(camera=False), op="offer", link="guest-1")["sdp"]
    with pytest.raises(PeerCodeError) as refused:
        read_sdp(offer, Kind.OFFER)
    assert refused.value.code == "peer-no-address"
