"""Six followers bench: a round saved on the host until the last of six phones
that follow it shows it, against one phone following. Issue 54 §7.

Run: python bench/six_followers.py [--runs 5] [--tiny]
The host is Chromium on the static site inside a network namespace holding
only loopback (tests/browser/peer_site.py); the six followers are pages of one
more Chromium there, each in a context of its own (peer_site.light_phones: six
full browsers would not fit a 2-core machine), each following by the two
scans. First phone 1 alone follows: --runs rounds (after one that warms up)
each timed from the pointerdown on Save on the host to the DOM change that
puts the new standing in phone 1's accessibility tree, on the wall clock the
browsers share (live.py's stopwatches). Then the five others follow too, and
as many rounds are timed to each of the six: the first and the last phone to
show it. The floor is the one phone, in the same run, on the same machine load
(the other five pages started, not following). No target: the figure the
host's promise of six phones rests on.

Needs root, `unshare`, `nsenter` and `ip`, as peer_connect.py. Run it under the
machine lock: `flock -x /tmp/machine.lock python bench/six_followers.py`.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from harness import (
    PLAYERS,
    REPO,
    WAIT_MS,
    Table,
    arguments,
    figure,
    runs_of,
    standing_label,
    wait_for_text,
)
from live import ARM_END_JS, ARM_START_JS
from playwright.sync_api import Page, sync_playwright
from taps import HELD, fill_hands, saved, start_round, t

sys.path.insert(0, str(REPO / "tests" / "browser"))
from flows import record_round, start_match  # noqa: E402
from peer_site import PeerSite, follow, light_phones  # noqa: E402

from companion.engine.match import Match  # noqa: E402

LIMIT = 1000
"""The match's points limit: no run of the bench ends it."""
PHONES = 6
ONE = "one phone following: Save to its screen"
FIRST = "six following: Save to the first screen"
LAST = "six following: Save to the last screen"


def round_to_all(
    host: Page, phones: list[Page], match: Match
) -> tuple[list[float], Match]:
    """A round saved on the host's scoreboard of `match`: milliseconds from
    Save to the new standing on each phone, and the match after it."""
    start_round(host, "Ada")
    fill_hands(host)
    after = saved(match)
    for phone in phones:
        phone.evaluate(ARM_END_JS, standing_label(after, "Bo"))
    host.evaluate(ARM_START_JS)
    host.get_by_role("button", name=t.gettext("Save round"), exact=True).first.click()
    start: float = host.evaluate("() => window.__liveStart")
    took = []
    for phone in phones:
        phone.wait_for_function(
            "() => window.__liveEnd !== null", polling="raf", timeout=WAIT_MS
        )
        took.append(phone.evaluate("() => window.__liveEnd") - start)
    wait_for_text(host, t.gettext("Record round"))
    return took, after


def main() -> None:
    runs = runs_of(arguments(__doc__.splitlines()[0]).parse_args())
    table = Table(f"A round saved, shown on the followers, {runs} rounds each", "ms")
    with tempfile.TemporaryDirectory(prefix="bench-six-") as scratch:
        print("The static site built, seven phones started (minutes)")
        with sync_playwright() as playwright:
            site = PeerSite(playwright, Path(scratch))
            try:
                host = site.phone("host").tab()
                start_match(host, "Crazy Eights", PLAYERS, end_value=str(LIMIT))
                record_round(host, "Ada", {p: list(hand) for p, hand in HELD.items()})
                match = saved(Match.new("crazy-eights", PLAYERS, limit=LIMIT))
                with light_phones(site, PHONES) as phones:
                    pages = [phone.page for phone in phones]
                    for number, phone in enumerate(phones, 1):
                        follow(host, phone, number)
                        host.tap("Back to the match")
                        wait_for_text(phone.page, standing_label(match, "Bo"))
                        if number == 1:
                            for run in range(runs + 1):
                                took, match = round_to_all(host.page, pages[:1], match)
                                if run:
                                    table.add(ONE, took[0])
                    for run in range(runs + 1):
                        took, match = round_to_all(host.page, pages, match)
                        if run:
                            table.add(FIRST, min(took))
                            table.add(LAST, max(took))
            finally:
                site.close()
    table.add_ratios("ratio last of six/one", LAST, ONE)
    table.print()
    figure("Save to the last of six phones", table.median(LAST), "ms")
    figure("the same / one phone's", table.median("ratio last of six/one"), "x")
    print(
        f"a round saved on the host shows on the last of six phones after "
        f"{table.median(LAST):.0f} ms, on one phone alone after "
        f"{table.median(ONE):.0f} ms (a figure, no target)"
    )


if __name__ == "__main__":
    main()
