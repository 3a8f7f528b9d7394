"""Follow bench: a round saved on one phone until it is on the screen of a phone
that follows it live, against the served app's live update; and the versions
of the two QR codes the phones show each other. Issue 43.

Run: python bench/follow_live.py [--runs 5] [--tiny] [--codes-only]
The phones are Chromium on the static site inside a network namespace holding
only loopback (tests/browser/peer_site.py): the host starts a match, the guest
follows it by the two scans. Each figure runs from the pointerdown on Save on
the host to the DOM change that puts the new standing in the guest's
accessibility tree, on the wall clock the two browsers share. Alternated run by
run with the floor: a round saved in one tab of the served app until another
tab on the same match shows it (bench/live.py, measured here in the same run).

The codes: offers and answers made by peer_link.js on two phones of the bare
peer page (tests/browser/peer_phones.py), encoded by access/peer_codes.py, and
the QR version segno picks for their digits in numeric mode at the level the
app draws them at (storage/match_link.py's QR_LEVEL, L; M beside); then the
versions of the two codes as the follow screens draw them.

Needs root, `unshare`, `nsenter` and `ip`, as peer_connect.py. Run it under the
machine lock: `flock -x /tmp/machine.lock python bench/follow_live.py`.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import segno
from harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PLAYERS,
    REPO,
    Table,
    arguments,
    figure,
    ratios,
    runs_of,
    standing_label,
    wait_for_text,
)
from live import round_across, served_pair
from playwright.sync_api import Playwright, sync_playwright
from taps import HELD, saved

sys.path.insert(0, str(REPO / "tests" / "browser"))
import driver  # noqa: E402
from flows import record_round, start_match  # noqa: E402
from loopback_network import LoopbackNetwork  # noqa: E402
from peer_phones import handle, open_peer_phone, serve_peer_page  # noqa: E402
from peer_site import PeerSite, drawn_version, follow  # noqa: E402

from companion.access.peer_codes import encode  # noqa: E402
from companion.access.peer_sdp import Kind, read_sdp  # noqa: E402
from companion.engine.match import Match  # noqa: E402
from companion.storage.match_link import QR_LEVEL  # noqa: E402

LEVEL = QR_LEVEL
"""The error correction the follow screens' codes are made at (the hand-over's)."""
OTHER_LEVEL = "m"
"""The next level up, for comparison."""
LIMIT = 1000
"""The host's match's points limit: no run of the bench ends it."""
BACK = "Back to the match"
"""From the host's "Let a phone follow" screen to its scoreboard."""
OURS = "ours: Save on the host, shown on the guest"
FLOOR = "served: Save in one tab, shown in the other"


def code_versions(playwright: Playwright, pairs: int) -> None:
    """`pairs` offers and answers made on the bare peer page: each one's digits
    and QR versions printed; the largest at LEVEL of each kind as figures."""
    print(f"\nQR codes of {pairs} real offers and answers (segno, numeric mode)")
    print(
        f"  {'code':<8} {'candidates':>10} {'digits':>7}"
        f" {LEVEL.upper():>3} {OTHER_LEVEL.upper():>3}"
    )
    most = {Kind.OFFER: 0, Kind.ANSWER: 0}
    with tempfile.TemporaryDirectory(prefix="bench-follow-codes-") as folder:
        network = LoopbackNetwork()
        server = serve_peer_page(network, Path(folder))
        browser = network.chromium(playwright)
        try:
            host, guest = open_peer_phone(browser), open_peer_phone(browser)
            for number in range(1, pairs + 1):
                offer = handle(host, op="offer", link=f"guest-{number}")["sdp"]
                answer = handle(guest, op="answer", link=f"host-{number}", sdp=offer)
                for kind, sdp in ((Kind.OFFER, offer), (Kind.ANSWER, answer["sdp"])):
                    description = read_sdp(sdp, kind)
                    digits = encode(description)
                    drawn, other = (
                        int(segno.make(digits, error=level, micro=False).version)
                        for level in (LEVEL, OTHER_LEVEL)
                    )
                    most[kind] = max(most[kind], drawn)
                    print(
                        f"  {kind.value:<8} {len(description.candidates):>10}"
                        f" {len(digits):>7} {drawn:>3} {other:>3}"
                    )
        finally:
            browser.close()
            server.terminate()
            network.close()
    for kind, version in most.items():
        figure(f"the {kind.value}'s QR version at {LEVEL.upper()}", version, "")


def following(site: PeerSite) -> tuple[driver.Table, driver.Table, Match]:
    """The host's scoreboard of a match with one round, and the guest
    following it live (peer_site.follow); the codes' versions as drawn."""
    host = site.phone("host").tab()
    start_match(host, "Crazy Eights", PLAYERS, end_value=str(LIMIT))
    match = saved(Match.new("crazy-eights", PLAYERS, limit=LIMIT))
    record_round(host, "Ada", {player: list(hand) for player, hand in HELD.items()})
    guest = site.phone("guest").tab()
    for name, picture in zip(("offer", "answer"), follow(host, guest), strict=True):
        version, level = drawn_version(picture)
        print(f"  the {name} as the app draws it: version {version} at level {level}")
    host.tap(BACK)
    wait_for_text(guest.page, standing_label(match, "Bo"))
    return host, guest, match


def live(playwright: Playwright, runs: int) -> None:
    """A round on the followed phone, then one on the served app, `runs` times
    after a pair that warms up."""
    table = Table(f"A round saved, shown on the other screen, {runs} pairs", "ms")
    with tempfile.TemporaryDirectory(prefix="bench-follow-") as scratch:
        print("\nThe static site built, two phones following (one minute or more)")
        site = PeerSite(playwright, Path(scratch))
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        try:
            host, guest, match = following(site)
            with served_pair(browser) as (recorder, watcher, served):
                for run in range(runs + 1):
                    took, match = round_across(host.page, guest.page, match)
                    floor, served = round_across(recorder, watcher, served)
                    if run:
                        table.add(OURS, took)
                        table.add(FLOOR, floor)
            outside = site.calls_outside()
        finally:
            browser.close()
            site.close()
    if outside:
        raise SystemExit(f"a phone called outside the site: {outside}")
    table.add_all("ratio ours/served", ratios(table.rows[OURS], table.rows[FLOOR]))
    table.print()
    figure("Save on the host, shown on the guest", table.median(OURS), "ms")
    figure("the same / the served app's", table.median("ratio ours/served"), "x")
    print(
        f"a round saved on the host shows on the guest after "
        f"{table.median(OURS):.0f} ms, {table.median('ratio ours/served'):.2f}x the"
        f" served app's other tab (a figure, no target)"
    )


def main() -> None:
    parser = arguments(__doc__.splitlines()[0])
    parser.add_argument(
        "--codes-only", action="store_true", help="the QR codes' versions alone"
    )
    args = parser.parse_args()
    runs = runs_of(args)
    with sync_playwright() as playwright:
        code_versions(playwright, 1 if args.tiny else 5)
        if not args.codes_only:
            live(playwright, runs)


if __name__ == "__main__":
    main()
