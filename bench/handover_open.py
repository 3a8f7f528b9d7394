"""Time from a hand-over link to the match on screen, against opening the app
without one (issue 42).

Run: PYTHONPATH=$PWD python bench/handover_open.py [--runs 5] [--tiny]
The static site (`companion publish`), served by Python's static file server.
Each run takes a fresh browser profile, visits the site once and waits for its
service worker and its Python snapshot (a phone that has the app), then, each
tab closed CLOSED_TAB_S before the next opens: (a) the site's address, until
the Matches screen; (b) a hand-over link of a 6-player, 30-round Crazy Eights
match (the issue's size target), until what came is on screen, then Add this
match, until its scoreboard. Seconds from navigation, taken in Python. The
floor is (a): the same installed app opened without a link, in the same
profile. No target: the issue asks for the figure.
"""

from __future__ import annotations

import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from harness import (
    Table,
    arguments,
    figure,
    played_match,
    profile_phone,
    runs_of,
    standing_label,
    wait_for_text,
)
from harness.static_sites import static_serving
from playwright.sync_api import Playwright, sync_playwright
from static_app import (
    CLOSED_TAB_S,
    OURS_TEXT,
    WORKER_READY_JS,
    visit,
    wait_for_snapshot,
)

from companion.publish.site import build_site
from companion.storage.match_link import match_link
from companion.storage.records import StoredMatch

HANDED = StoredMatch(
    "0123456789abcdef",
    datetime(2026, 3, 14, 19, 30, tzinfo=UTC),
    None,
    played_match(30, ("Ada", "Bo", "Åse", "Cyrus", "Dagny", "Eirik")),
)
CAME = "A match came from another phone"
ADD = "Add this match"


def one_run(playwright: Playwright, folder: Path, table: Table) -> None:
    """Install the site in a fresh profile, then time (a) and (b) in it."""
    profile = tempfile.TemporaryDirectory(prefix="bench-profile-")
    context = profile_phone(playwright, profile.name)
    try:
        with static_serving(folder) as server:
            first = visit(context, server.url + "/", OURS_TEXT, None)
            first.wait_for_function(WORKER_READY_JS)
            wait_for_snapshot(first)
            first.close()

            time.sleep(CLOSED_TAB_S)
            started = time.perf_counter()
            plain = visit(context, server.url + "/", OURS_TEXT, None)
            table.add("(a) the app, to Matches", time.perf_counter() - started)
            plain.close()

            time.sleep(CLOSED_TAB_S)
            link = match_link(server.url + "/", HANDED)
            started = time.perf_counter()
            handed = visit(context, link, CAME, None)
            table.add("(b) a link, to what came", time.perf_counter() - started)
            handed.get_by_role("button", name=ADD).click()
            wait_for_text(handed, standing_label(HANDED.match, "Ada"))
            table.add("(b) a link, to its scoreboard", time.perf_counter() - started)
            handed.close()
    finally:
        context.close()
        profile.cleanup()


def main() -> None:
    args = arguments(__doc__).parse_args()
    runs = runs_of(args)
    table = Table(f"A hand-over link opened on an installed app, {runs} runs", "s")
    with tempfile.TemporaryDirectory(prefix="bench-handover-") as scratch:
        folder = build_site(Path(scratch) / "site").folder
        with sync_playwright() as playwright:
            for _ in range(runs):
                one_run(playwright, folder, table)
    table.add_ratios(
        "ratio (b) to what came / (a)",
        "(b) a link, to what came",
        "(a) the app, to Matches",
    )
    table.print()
    for row, unit in (
        ("(b) a link, to what came", "s"),
        ("(b) a link, to its scoreboard", "s"),
        ("ratio (b) to what came / (a)", "x"),
    ):
        figure(row, table.median(row), unit)
    print(
        "verdict: no target (issue 42): a link shows what came in "
        f"{table.median('ratio (b) to what came / (a)'):.2f}x the time the app "
        "takes to its Matches screen"
    )


if __name__ == "__main__":
    main()
