"""Fallback fonts bench: a first visit's bytes with them shipped, against today's.

Run: PYTHONPATH=$PWD python bench/fallback_fonts.py [--runs 3] [--tiny] [--today REV]
Ours (this checkout) against "today": the commit before the fallback fonts
came (`--today`, by default the parent of the commit that added
companion/webclient/fallback_fonts.py), cloned into a scratch folder and served
the same way (`python -m companion.cli.main`, an empty data directory),
alternating run by run, each in a fresh browser context with service workers
blocked (a phone on plain http at the table). Per run: (a) bytes over the
wire (DevTools' encodedDataLength, summed, as transfer.py counts them) of a
first visit to the Matches screen, 1 s after it shows; (b) then New match,
and each of NAMES typed in turn into the name field: the bytes of the fallback
fonts the page fetched for it (today's: the 404s it got), once their requests
have ended. Target (issue 55): a first visit no larger than today's, ours/today
<= 1.0x (the page's few bytes of another fallback URL aside: <= 1.001x).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from harness import (
    PHONE,
    REPO,
    Server,
    Table,
    arguments,
    at_most,
    checkout_command,
    chromium,
    figure,
    runs_of,
    verdict,
)
from playwright.sync_api import Browser, expect
from transfer import Counted

FIRST_RATIO = 1.001
NAMES = ("Mamma 👑", "李雷", "Åse 🎉", "ليلى", "अर्जुन")
"""The issue's three names, and two scripts more (Arabic, Devanagari)."""
FONT_URL = ("/fallback-fonts/", "/assets/fonts/noto")
"""Where ours and today's page ask for fallback fonts."""
FIELD = "New player's name"
KB = 1000
SETTLE_S = 1.0
"""Quiet after the last font request ended: the page asks for no more."""


def today_commit() -> str:
    """The parent of the commit that added the fallback fonts' module."""
    added = subprocess.run(
        ["git", "log", "--diff-filter=A", "--format=%H", "--",
         "companion/webclient/fallback_fonts.py"],
        cwd=REPO, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    if not added:
        raise SystemExit("no commit added companion/webclient/fallback_fonts.py")
    return added[-1] + "^"


def today_command(folder: Path, data_dir: Path) -> Callable[[int], list[str]]:
    """Today's checkout in `folder` serving `data_dir` (run in that folder)."""
    return lambda port: [
        "sh", "-c", 'cd "$0" && exec "$@"', str(folder),
        sys.executable, "-m", "companion.cli.main",
        "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir),
    ]  # fmt: skip


def font_bytes(counted: Counted, name: str) -> int:
    """Bytes of the fallback fonts the page fetched once `name` was typed."""
    fonts: dict[str, str] = {}
    ended: set[str] = set()

    def sent(event: dict) -> None:
        if any(part in event["request"]["url"] for part in FONT_URL):
            fonts[event["requestId"]] = event["request"]["url"]

    def over(event: dict) -> None:
        ended.add(event["requestId"])

    counted.cdp.on("Network.requestWillBeSent", sent)
    counted.cdp.on("Network.loadingFailed", over)
    counted.cdp.on("Network.loadingFinished", over)
    counted.received.clear()
    field = counted.page.get_by_role("textbox", name=FIELD)
    field.fill(name)
    expect(field).to_have_value(name)
    quiet_since = time.perf_counter()
    while time.perf_counter() - quiet_since < SETTLE_S:
        counted.page.wait_for_timeout(50)
        if not set(fonts) <= ended:
            quiet_since = time.perf_counter()
    counted.cdp.remove_listener("Network.requestWillBeSent", sent)
    return sum(counted.received.get(request, 0) for request in fonts)


def one_run(browser: Browser, server: Server) -> dict[str, float]:
    """First visit's bytes, then each name's fonts' bytes, in a fresh context."""
    context = browser.new_context(
        viewport=PHONE, locale="en-US", service_workers="block"
    )
    try:
        counted = Counted(context.new_page(), phone=False)
        _, first = counted.visit(server.url + "/", "New match")
        counted.page.get_by_role("button", name="New match").click()
        field = counted.page.get_by_role("textbox", name=FIELD)
        field.click()
        found = {"first visit": first / KB}
        for name in NAMES:
            found[name] = font_bytes(counted, name) / KB
    finally:
        context.close()
    return found


def main() -> None:
    """Alternate today and ours for --runs; print the tables and the verdict."""
    parser = arguments(__doc__.splitlines()[0], runs=3)
    parser.add_argument("--today", default=None, help="today's commit")
    args = parser.parse_args()
    runs = runs_of(args)
    rev = args.today or today_commit()
    sizes = Table("Over the wire", "KB")
    with chromium() as browser, tempfile.TemporaryDirectory() as scratch:
        today = Path(scratch) / "today"
        subprocess.run(["git", "clone", "-q", "--shared", str(REPO), str(today)],
                       check=True)  # fmt: skip
        subprocess.run(["git", "-C", str(today), "checkout", "-q", rev], check=True)
        print(f"today: {rev} ({today})")
        for run in range(runs):
            for label, command in (
                ("today", today_command(today, Path(scratch) / f"today-{run}")),
                ("ours", checkout_command(Path(scratch) / f"ours-{run}")),
            ):
                server = Server(command).start()
                try:
                    found = one_run(browser, server)
                finally:
                    server.stop()
                for key, value in found.items():
                    what = "fonts for " + key if key in NAMES else key
                    sizes.add(f"{label}: {what}", value)
        sizes.add_ratios(
            "ratio first visit, ours/today", "ours: first visit", "today: first visit"
        )
    sizes.print()
    ratio = sizes.median("ratio first visit, ours/today")
    ok = at_most("first visit / today's", ratio, "x", FIRST_RATIO)
    for name in NAMES:
        figure(f"fonts fetched for {name}", sizes.median(f"ours: fonts for {name}"),
               "KB")  # fmt: skip
    verdict(
        ok,
        f"first visit {sizes.median('ours: first visit'):.1f} KB against today's "
        f"{sizes.median('today: first visit'):.1f} KB ({ratio:.4f}x, target <= "
        f"{FIRST_RATIO}x); a name's fonts come only when it is typed",
    )


if __name__ == "__main__":
    main()
