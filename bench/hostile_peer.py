"""Hostile phone bench: taps on an app's phone while a phone that means harm
floods it over their direct link, against the same taps with no flood. Issue 54 §6.

Run: python bench/hostile_peer.py [--seconds 60] [--tiny]
The phones are Chromium on the static site inside a network namespace holding
only loopback (tests/browser/peer_site.py); the hostile phone is the bare peer
page in a browser of its own (tests/browser/hostile_phone.py), which follows
the host as a following phone would (the host lets it record), then leads the
guest as a host would. Each way, after a warm-up of taps (half of --seconds,
not scored: the first taps grow the heaps whatever comes), four phases of
--seconds each, in this order:
  floor     the link open, nothing sent: the floor of the same run;
  budget    random, mutated, huge, deeply nested and forged messages at 0.8x
            the phone's budget (access/follow_messages.RATE), which no check
            drops: every one is read;
  5x        the same at five times the budget: the phone closes the link once
            30 were over it (the second after which is printed);
  floor again  nothing sent, as the floor: taps alone grow the heaps too.
Throughout each phase the phone's screen is tapped (Back to matches, then the
match again): each figure runs from the pointerdown to the DOM change that
brings the next screen's text (harness.timed_click). Memory: the resident
memory of the phone's renderers (its tab and Python's worker), from /proc,
after the phase less before it (the mean of the two floors' is the floor);
the peak over before, too. Then whether the phone's store (its IndexedDB,
drafts left out) is as before the floods. Target (issue 54 §6): every tap
within 1 s, growth under a flood less the floor's under 20 MB, the store unchanged.

Needs root, `unshare`, `nsenter` and `ip`, as peer_connect.py. Run it under the
machine lock: `flock -x /tmp/machine.lock python bench/hostile_peer.py`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from harness import (
    REPO,
    Table,
    at_most,
    figure,
    process_tree,
    rss_kb,
    standing_label,
    timed_click,
    tiny_flag,
    under,
    verdict,
)
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(REPO / "tests" / "browser"))
import driver  # noqa: E402
from flows import record_round, start_match  # noqa: E402
from hostile_phone import (  # noqa: E402
    FLOOD_RATE,
    MATCH,
    HostilePhone,
    against_follower,
    against_host,
    store_files,
)
from peer_site import PeerSite  # noqa: E402

from companion.access.follow_messages import RATE  # noqa: E402
from companion.engine.match import Match  # noqa: E402

SECONDS = 60.0
TINY_SECONDS = 8.0
PHASES = {"floor": 0.0, "budget": 0.8 * RATE, "5x": FLOOD_RATE, "floor again": 0.0}
"""Each phase's messages a second; the floor is taken before and after the
floods, and a flood's growth is compared with the two floors' mean."""
PLAYERS = ["Ada", "Bo", "Cy"]
TAP_MS = 1000.0
GROWTH_MB = 20.0
SETTLE_S = 2.0
"""Memory is read this long after a phase, its last messages handled."""


def renderers_mb(profile: Path) -> float:
    """The resident memory (MB) of the renderers of the Chromium on `profile`."""
    flag = f"--user-data-dir={profile}".encode()
    for proc in Path("/proc").iterdir():
        try:
            words = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if flag in words and not any(w.startswith(b"--type=") for w in words):
            pids = process_tree(int(proc.name))
            return sum(rss_kb(pid) for pid in pids if _renderer(pid)) / 1024
    raise RuntimeError(f"no Chromium on {profile}")


def _renderer(pid: int) -> bool:
    try:
        return b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


class Victim:
    """An app's phone on its scoreboard, tapped to Matches and back."""

    def __init__(self, table: driver.Table, profile: Path, match: Match) -> None:
        self.table = table
        self.profile = profile
        players = match.players
        self.resume = (
            f"Resume Crazy Eights with {', '.join(players[:-1])}, and {players[-1]}"
        )
        self.standing = standing_label(match, players[0])

    def tap_pair(self) -> list[float]:
        page = self.table.page
        return [
            timed_click(page, "Back to matches", self.resume),
            timed_click(page, self.resume, self.standing),
        ]


def phase(
    victim: Victim, seconds: float, flood: Callable[[], None] | None
) -> tuple[list[float], float, float]:
    """Taps for `seconds` while `flood` runs: their ms, the memory's growth
    and its peak over before (MB)."""
    time.sleep(SETTLE_S)
    before = renderers_mb(victim.profile)
    peak = before
    taps: list[float] = []
    if flood is not None:
        flood()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        taps.extend(victim.tap_pair())
        peak = max(peak, renderers_mb(victim.profile))
    time.sleep(SETTLE_S)
    after = renderers_mb(victim.profile)
    return taps, after - before, peak - before


def attacked(
    name: str,
    victim: Victim,
    hostile: HostilePhone,
    pool: list[str],
    seconds: float,
) -> None:
    """The phases on `victim`, printed with the verdict."""
    table = Table(f"{name}: taps during each phase of {seconds:.0f} s", "ms")
    memory = Table(f"{name}: the phone's renderers' memory, MB", "MB")
    before = store_files(victim.table.page)
    # The first taps after a screen opens grow the heaps by themselves (the
    # floor of an earlier run took them in): taken before the floor, unscored.
    _, warmed, _ = phase(victim, seconds / 2, None)
    memory.add("warm-up (not scored): growth", warmed)
    worst, cut = 0.0, None
    grown: dict[str, float] = {}
    for label, rate in PHASES.items():
        flood = None if not rate else lambda r=rate: hostile.flood(pool, seconds, r)
        taps, grew, peak = phase(victim, seconds, flood)
        grown[label] = grew
        table.add_all(f"{label}: tap", taps)
        memory.add(f"{label}: growth", grew)
        memory.add(f"{label}: peak over before", peak)
        if rate:
            sent = hostile.flooded()
            print(
                f"  {label}: {sent['sent']} messages sent, {sent['refused']} too"
                f" large to send, {sent['closed']} into the closed link"
            )
            worst = max(worst, max(taps))
            cut = sent["cutAfter"] if label == "5x" else cut
        figure(f"{name}: tap at {label}, median", statistics.median(taps), "ms")
        figure(f"{name}: memory growth at {label}", grew, "MB")
    table.print()
    memory.print()
    floor = statistics.mean(grown[label] for label, rate in PHASES.items() if not rate)
    growth = max(grown[label] for label, rate in PHASES.items() if rate) - floor
    unchanged = store_files(victim.table.page) == before
    cut_text = "never" if cut is None else f"{cut:.1f} s into the 5x flood"
    print(f"{name}: link closed {cut_text}; store unchanged: {unchanged}")
    fast = at_most(f"{name}: slowest tap under a flood", worst, "ms", TAP_MS)
    small = under(f"{name}: memory growth over the floor's", growth, "MB", GROWTH_MB)
    ok = fast and small and unchanged
    verdict(
        ok,
        f"{name}: slowest tap {worst:.0f} ms (<= {TAP_MS:.0f}), growth over"
        f" the floor's {growth:.1f} MB (< {GROWTH_MB:.0f}), store unchanged:"
        f" {unchanged}",
    )


def main() -> None:
    parser = tiny_flag(argparse.ArgumentParser(description=__doc__))
    parser.add_argument("--seconds", type=float, default=SECONDS)
    args = parser.parse_args()
    seconds = TINY_SECONDS if args.tiny else args.seconds
    rng = random.Random(54)
    with tempfile.TemporaryDirectory(prefix="bench-hostile-") as scratch:
        print("The static site built, its phones started (a minute or more)")
        with sync_playwright() as playwright:
            site = PeerSite(playwright, Path(scratch))
            hostile = HostilePhone(playwright, site, Path(scratch) / "hostile")
            try:
                host = site.phone("host").tab()
                start_match(host, "Crazy Eights", PLAYERS, end_value="1000")
                record_round(host, "Ada", {"Bo": ["8"], "Cy": ["K"]})
                hostile.follow(host)
                host.tap("Phone 1 may record", role="switch")
                told = hostile.told(record=True)
                host.tap("Back to the match")
                match = Match.new("crazy-eights", PLAYERS, limit=1000).record_round(
                    "Ada", {"Bo": 50, "Cy": 10}
                )
                victim = Victim(host, site.scratch / "phone-host", match)
                pool = against_host(told, rng)
                attacked("host", victim, hostile, pool, seconds)

                hostile.hang_up()
                guest = site.phone("guest").tab()
                stored = hostile.lead(guest)
                victim = Victim(guest, site.scratch / "phone-guest", MATCH)
                pool = against_follower(stored, rng)
                attacked("follower", victim, hostile, pool, seconds)
                outside = site.calls_outside()
            finally:
                hostile.close()
                site.close()
    if outside:
        raise SystemExit(f"a phone called outside the site: {outside}")


if __name__ == "__main__":
    main()
