"""Phones that run peer_link.js on a bare page inside the loopback namespace,
and the moves of a connection: offer, answer, accept, each carried as a code."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

from loopback_network import LoopbackNetwork
from playwright.sync_api import Browser, Page

from companion.access.peer_codes import decode, encode
from companion.access.peer_sdp import Kind, read_sdp, write_sdp
from companion.webclient.page_script import PEER_LINK

HERE = Path(__file__).resolve().parent
PORT = 8000
SITE = f"http://127.0.0.1:{PORT}"
Carry = Callable[[str, Kind], str]
"""What gets one phone's SDP to the other: the QR code's digits, or nothing."""


def serve_peer_page(
    network: LoopbackNetwork, folder: Path, port: int = PORT
) -> subprocess.Popen[str]:
    """The bare page and peer_link.js, served at http://127.0.0.1:`port`
    (SITE unless told) inside `network`."""
    (folder / "peer_link.js").write_text(PEER_LINK.shipped(), "utf-8")
    shutil.copy(HERE / "peer_page.html", folder / "index.html")
    return network.serve_folder(folder, port=port)


def open_peer_phone(browser: Browser, camera: bool = True, port: int = PORT) -> Page:
    """The page served on `port` on a phone of its own (a context), the camera
    granted unless not; the page keeps every event peer_link.js reports in
    `heard`."""
    site = f"http://127.0.0.1:{port}"
    context = browser.new_context(viewport={"width": 390, "height": 844})
    if camera:
        # A granted camera is what makes Chromium show real addresses.
        context.grant_permissions(["camera"], origin=site)
    page = context.new_page()
    page.goto(site + "/")
    page.evaluate("() => { self.heard = []; PeerLinks.listen(e => heard.push(e)); }")
    return page


def handle(page: Page, **command: str) -> dict[str, str]:
    """peer_link.js's answer to `command`, which must have worked."""
    reply = page.evaluate("command => PeerLinks.handle(command)", command)
    assert reply["ok"], reply
    return reply


def heard(page: Page, link: str, event: str, timeout: float = 30_000) -> list[dict]:
    """Wait until `page` has reported `event` on `link`; every such event."""
    page.wait_for_function(
        "([link, event]) => heard.some(e => e.link === link && e.event === event)",
        arg=[link, event], timeout=timeout,
    )  # fmt: skip
    return page.evaluate(
        "([link, event]) => heard.filter(e => e.link === link && e.event === event)",
        [link, event],
    )


def by_digits(sdp: str, kind: Kind) -> str:
    """The SDP the other phone rebuilds from the digits of `sdp`'s QR code."""
    return write_sdp(decode(encode(read_sdp(sdp, kind)), kind))


def connect(
    host: Page, guest: Page, carry: Carry = by_digits, timeout: float = 30_000
) -> list[str]:
    """The host's offer to the guest and the guest's answer back, each carried
    by `carry`, until both channels are open; both SDPs as the browsers made them."""
    offer = handle(host, op="offer", link="guest-1")["sdp"]
    answer = handle(guest, op="answer", link="host", sdp=carry(offer, Kind.OFFER))[
        "sdp"
    ]
    handle(host, op="accept", link="guest-1", sdp=carry(answer, Kind.ANSWER))
    heard(host, "guest-1", "open", timeout)
    heard(guest, "host", "open", timeout)
    return [offer, answer]
