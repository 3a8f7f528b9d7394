"""The page's part in handing matches between phones: its channel to Python in the
worker, the hand-over link it was opened with, the QR scanner with its decoder,
and the direct links to phones that follow this one.

Python runs in a worker; the camera, the address bar and the tab's storage
are the page's. The two talk over the worker's messages under one key of
their own (serving/page_channel.py), which neither Flet's page nor its
worker hands on: Flet's worker takes the first message it gets for its init
message, so the worker's end is put into python-worker.js before Flet's
handler, and the page's is attached by page_start.js to the worker it starts.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from companion.webclient.page_script import PEER_LINK, PageScript

KEY = "companionPage"
"""The key the page's and Python's messages travel under (serving.page_channel.KEY)."""

HANDED = "handed"
FORGET = "forget-handed"
"""The page's word of the link it was opened with, and Python's that it was
answered (serving.handed_link.HANDED, FORGET)."""

SCAN = "scan"
SCANNED = "scanned"
"""Python's word to open the camera, and the page's answer
(serving.page_camera.SCAN, SCANNED)."""

PEER_COMMAND = "peer"
PEER_REPLY = "peer-reply"
PEER_EVENT = "peer-event"
"""Python's command to a direct link, the page's answer, and a link's event
(serving.page_peers.COMMAND, REPLY, EVENT)."""

LINK_PREFIX = "#m="
"""How a hand-over link's fragment starts (storage.match_link.FRAGMENT)."""

MOST_LINK_CHARS = 1_277_902
"""The longest link a tab takes from another (a refused tab hands its link to
the holder's): the longest Python reads (storage.match_link.MAX_LINK_CHARS)."""

MATCHES_ROUTE = "#/"
"""The address a link opened into a tab showing the app leaves behind: the
Matches screen, where the match is offered."""

STORAGE_KEY = "companion-handed-link"
"""The tab's sessionStorage entry that keeps the link until it is answered."""

MOST_WAITING = 16
"""Messages the worker keeps for Python before it listens (the page sends one)."""

DECODER = Path(__file__).resolve().parent / "vendor" / "jsQR.js"
DECODER_LICENCE = DECODER.with_name("jsQR.LICENSE")
DECODER_FOLDER = "scanner/"
"""Where the site keeps jsQR and its licence; the scanner loads it only where
the browser has no BarcodeDetector that reads QR codes."""

FRAME_MS = 120
"""The pause between two frames the scanner reads: about 8 a second, which
leaves a phone's CPU to the camera and the page."""
MAX_SIDE = 800
"""Pixels: a frame larger than this is scaled down before jsQR reads it."""

PAGE_CHANNEL = PageScript.beside(__file__, "page_channel.js")
HANDED_LINK = PageScript.beside(__file__, "link_from_address.js")
QR_SCANNER = PageScript.beside(__file__, "qr_scanner.js")
PEER_PAGE = PageScript.beside(__file__, "peer_page.js", needs=(PEER_LINK,))
WORKER_CHANNEL = PageScript.beside(__file__, "page_channel_worker.js")


def page_js(base_url: str) -> str:
    """For index.html, before page_start.js: the channel (which page_start.js
    attaches to the worker it starts), the link taken out of the address bar
    before Flutter reads it, the scanner and the direct links."""
    channel = PAGE_CHANNEL.shipped({"key": KEY})
    link = HANDED_LINK.shipped(
        {"prefix": LINK_PREFIX, "storageKey": STORAGE_KEY}
        | {"handed": HANDED, "forget": FORGET}
        | {"matchesRoute": MATCHES_ROUTE, "mostChars": MOST_LINK_CHARS}
    )
    peers = PEER_PAGE.shipped(
        {"command": PEER_COMMAND, "reply": PEER_REPLY, "event": PEER_EVENT}
    )
    return channel + link + scanner_js(base_url) + peers


def scanner_js(base_url: str) -> str:
    """The scanner, after the channel: jsQR from the site under `base_url`."""
    return QR_SCANNER.shipped(
        {
            "scan": SCAN,
            "scanned": SCANNED,
            "decoderUrl": f"{base_url}{DECODER_FOLDER}{DECODER.name}",
            "coverId": "companion-scanner",
            "frameMs": FRAME_MS,
            "maxSide": MAX_SIDE,
        }
    )


def worker_js() -> str:
    """For python-worker.js, before Flet sets its message handler."""
    return WORKER_CHANNEL.shipped({"key": KEY, "mostWaiting": MOST_WAITING})


def write_decoder(folder: Path) -> None:
    """Put jsQR and its licence into the site, as they are in our package."""
    target = folder / DECODER_FOLDER
    target.mkdir(parents=True, exist_ok=True)
    for source in (DECODER, DECODER_LICENCE):
        shutil.copyfile(source, target / source.name)
