"""Two phones connecting directly (peer_link.js, no STUN) inside a network
namespace that holds only loopback, as test_peer_link.py does: how often the
data channel opens, and how long each step takes, with the offer and answer
carried as the QR codes' digits (ours) and, alternating run by run, as the
browsers' own SDP passed on whole (the floor); then how long the host takes
to see a guest's tab closed (its heartbeats stop), and one host with six
guests. Also the QR versions of the codes of the SDPs captured from Chromium
(tests/access/peer_sdps/). Issue 43.

Needs root, `unshare`, `nsenter` and `ip`, as the test does. Run it under the
machine lock: `flock -x /tmp/machine.lock python bench/peer_connect.py --runs 30`.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import segno
from harness import REPO, Table, arguments, figure, runs_of, verdict
from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(REPO / "tests" / "browser"))
from loopback_network import LoopbackNetwork  # noqa: E402
from peer_phones import (  # noqa: E402
    Carry,
    by_digits,
    handle,
    heard,
    open_peer_phone,
    serve_peer_page,
)

from companion.access.peer_codes import encode  # noqa: E402
from companion.access.peer_sdp import Kind, allow_loopback, read_sdp  # noqa: E402

SDPS = REPO / "tests" / "access" / "peer_sdps"
OPEN_MS = 15_000
"""Issue 43's bound: two phones that do not connect within it are told why."""


def as_made(sdp: str, kind: Kind) -> str:
    return sdp


def timed_connection(
    host: Page, guest: Page, carry: Carry, table: Table, row: str
) -> bool:
    """One connection, its steps timed into `table`; whether the channel opened."""
    start = time.monotonic()
    offer = handle(host, op="offer", link="guest-1")["sdp"]
    offered = time.monotonic()
    answer = handle(guest, op="answer", link="host", sdp=carry(offer, Kind.OFFER))[
        "sdp"
    ]
    answered = time.monotonic()
    handle(host, op="accept", link="guest-1", sdp=carry(answer, Kind.ANSWER))
    try:
        heard(host, "guest-1", "open", OPEN_MS)
        heard(guest, "host", "open", OPEN_MS)
    except Exception:  # a timeout: counted, not timed
        return False
    opened = time.monotonic()
    table.add(f"{row}: offer made and gathered", (offered - start) * 1000)
    table.add(f"{row}: answer made and gathered", (answered - offered) * 1000)
    table.add(f"{row}: answer taken to both open", (opened - answered) * 1000)
    table.add(f"{row}: whole connection", (opened - start) * 1000)
    return True


def connections(runs: int) -> None:
    table = Table(f"Direct connections over loopback, {runs} runs each", "ms")
    opened = {"digits": 0, "floor": 0}
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        network = LoopbackNetwork()
        server = serve_peer_page(network, Path(folder))
        browser = network.chromium(playwright)
        try:
            for _ in range(runs):
                for row, carry in (("digits", by_digits), ("floor", as_made)):
                    host, guest = open_peer_phone(browser), open_peer_phone(browser)
                    if timed_connection(host, guest, carry, table, row):
                        opened[row] += 1
                        if row == "digits":
                            closed = time.monotonic()
                            guest.close()
                            heard(host, "guest-1", "quiet", OPEN_MS)
                            table.add(
                                "guest's tab closed to host told (quiet)",
                                (time.monotonic() - closed) * 1000,
                            )
                    for page in (host, guest):
                        page.context.close()
        finally:
            browser.close()
            server.terminate()
            network.close()
    table.print()
    for row, count in opened.items():
        print(f"  {row}: {count} of {runs} opened within {OPEN_MS} ms")
    verdict(
        opened["digits"] == runs,
        f"every connection by digits opened ({opened['digits']}/{runs})",
    )
    figure("connections by digits opened", opened["digits"], f"of {runs}")
    if "digits: whole connection" in table.rows:
        whole = table.median("digits: whole connection")
        figure("a connection by digits, whole", whole, "ms")


def many_guests(guests: int, seconds: int) -> None:
    """One host page connected to `guests` guests in turn, then one message from
    the host to them all: what a host carries."""
    table = Table(f"One host, {guests} guests on one page", "ms")
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        network = LoopbackNetwork()
        server = serve_peer_page(network, Path(folder))
        browser = network.chromium(playwright)
        try:
            host = open_peer_phone(browser)
            pages = [open_peer_phone(browser) for _ in range(guests)]
            for number, guest in enumerate(pages, start=1):
                start = time.monotonic()
                offer = handle(host, op="offer", link=f"guest-{number}")["sdp"]
                answer = handle(
                    guest, op="answer", link="host", sdp=by_digits(offer, Kind.OFFER)
                )
                handle(
                    host,
                    op="accept",
                    link=f"guest-{number}",
                    sdp=by_digits(answer["sdp"], Kind.ANSWER),
                )
                heard(guest, "host", "open", OPEN_MS)
                table.add(
                    "connection of the next guest", (time.monotonic() - start) * 1000
                )
            start = time.monotonic()
            for number in range(1, guests + 1):
                handle(host, op="send", link=f"guest-{number}", text="round 1")
            for guest in pages:
                heard(guest, "host", "message", OPEN_MS)
            table.add(
                "a message to every guest, all told", (time.monotonic() - start) * 1000
            )
            table.print()
            held(host, pages, seconds)
        finally:
            browser.close()
            server.terminate()
            network.close()


def held(host: Page, guests: list[Page], seconds: int) -> None:
    """The links kept `seconds`, the host sending every guest a message a
    second: how many arrived, and how many heartbeat alarms were false."""
    for second in range(seconds):
        for number in range(1, len(guests) + 1):
            handle(host, op="send", link=f"guest-{number}", text=f"beat {second}")
        time.sleep(1)
    arrived = sum(
        page.evaluate("() => heard.filter(e => e.event === 'message').length") - 1
        for page in guests
    )
    alarms = sum(
        page.evaluate("() => heard.filter(e => e.event === 'quiet').length")
        for page in [host, *guests]
    )
    print(f"  held {seconds} s: {arrived} of {seconds * len(guests)} messages arrived,")
    print(f"  {alarms} quiet events on links that were up")


def qr_versions() -> None:
    print("\nQR codes of the captured SDPs (segno, numeric mode)")
    print(f"  {'SDP':<28} {'candidates':>10} {'digits':>7} {'L':>3} {'M':>3}")
    # Two of the captures are of phones on one machine, as the tests' are.
    allow_loopback(True)
    for path in sorted(SDPS.glob("*.sdp")):
        kind = Kind.ANSWER if "answer" in path.name else Kind.OFFER
        description = read_sdp(path.read_bytes().decode(), kind)
        code = encode(description)
        versions = [
            segno.make(code, error=level, micro=False).version for level in "LM"
        ]
        print(
            f"  {path.name:<28} {len(description.candidates):>10} {len(code):>7}"
            f" {versions[0]:>3} {versions[1]:>3}"
        )


if __name__ == "__main__":
    args = arguments(__doc__.splitlines()[0], runs=30).parse_args()
    qr_versions()
    connections(runs_of(args))
    # --tiny: two guests held 2 s, to see that every line still runs.
    if args.tiny:
        many_guests(2, 2)
    else:
        many_guests(6, 20)
