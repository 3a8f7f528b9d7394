"""What a browser test pays for loading the app, and for a route change instead.

Run: PYTHONPATH=$PWD python bench/page_loads.py [--runs 5] [--tiny]
Chromium's CPU seconds (every Chromium process, by kind: renderer, GPU process,
the rest) and the wall seconds of (a) loading our scoreboard of a stored
4-player, 3-round match in a fresh phone tab (own context, as each browser test
opens one), (b) the same for `minimal_screen.py` (a bare Flet screen as full as
the scoreboard: the floor), (c) our scoreboard reached from Settings on a tab
already open, by the history entry `Table.go` in tests/browser/driver.py adds,
and (d) (a) in a tab of a context used before, its localStorage cleared (a
phone kept from one browser test to the next would be that).
Each is counted until its text is on screen plus 1 s, so the work a load leaves
behind (wasm tier-up, late frames) counts too. Runs alternate (a), (b), (c), (d).
No target: the figures behind issue 31's choice to change screens in place in
the browser tests, and behind its trial of keeping phones from test to test.
"""

from __future__ import annotations

import time

from floors.minimal_screen import LAST_TEXTS
from harness import (
    PHONE,
    PLAYERS,
    WAIT_MS,
    Table,
    checkout_command,
    chromium,
    data_dir_with,
    figure,
    minimal_command,
    open_with_semantics,
    opened,
    phone_page,
    played_match,
    runs_argument,
    serving,
    standing_label,
    wait_for_text,
)
from harness.cpu import SETTLE_S, add, measured
from playwright.sync_api import Page

GO_JS = (
    "path => { history.pushState(null, '', path);"
    " dispatchEvent(new PopStateEvent('popstate', {state: null})); }"
)
"""As tests/browser/driver.py's Table.go moves an open app to another screen."""


def main() -> None:
    """Alternate (a), (b), (c) for --runs rounds; print the table."""
    runs = runs_argument()
    match = played_match(3)
    needles = [standing_label(match, p) for p in PLAYERS]
    table = Table(f"A load and a route change, {runs} rounds", "s")
    with (
        data_dir_with([match]) as (data, ids),
        serving(checkout_command(data)) as ours,
        serving(minimal_command("minimal_screen.py")) as bare,
        chromium() as browser,
    ):
        scoreboard = f"/match/{ids[0]}"

        def load(url: str, texts: list[str]) -> tuple[float, dict[str, float]]:
            with phone_page(browser) as page:
                return measured(lambda: _shown(page, url, texts))

        used = browser.new_context(viewport=PHONE, locale="en-US")

        def load_used(url: str, texts: list[str]) -> tuple[float, dict[str, float]]:
            page = used.new_page()
            page.set_default_timeout(WAIT_MS)
            try:
                figures = measured(lambda: _shown(page, url, texts))
                # Only on a page that loaded: on a broken one this call would
                # raise over the error that broke it.
                page.evaluate("() => localStorage.clear()")
                return figures
            finally:
                page.close()

        def route_change() -> tuple[float, dict[str, float]]:
            with opened(browser, ours.url + "/settings") as page:
                wait_for_text(page, "Language")
                time.sleep(SETTLE_S)
                return measured(lambda: _went(page, scoreboard, needles))

        load(ours.url + scoreboard, needles)  # warms the disk cache for all alike
        load_used(ours.url + scoreboard, needles)  # the test before, in (d)
        for _ in range(runs):
            add(table, "(a) ours, load", *load(ours.url + scoreboard, needles))
            add(table, "(b) bare screen, load", *load(bare.url + "/", LAST_TEXTS))
            add(table, "(c) ours, route change", *route_change())
            add(
                table,
                "(d) ours, load, used context",
                *load_used(ours.url + scoreboard, needles),
            )
    table.add_ratios(
        "ratio (a) / (b) CPU",
        "(a) ours, load: Chromium CPU",
        "(b) bare screen, load: Chromium CPU",
    )
    table.add_ratios(
        "ratio (c) / (a) CPU",
        "(c) ours, route change: Chromium CPU",
        "(a) ours, load: Chromium CPU",
    )
    table.add_ratios(
        "ratio (d) / (a) CPU",
        "(d) ours, load, used context: Chromium CPU",
        "(a) ours, load: Chromium CPU",
    )
    table.print()
    for row in ("(a) ours, load: Chromium CPU", "ratio (a) / (b) CPU"):
        figure(row, table.median(row), "x" if row.startswith("ratio") else "s")
    print(
        f"verdict: no target (issue 31): a load of ours costs Chromium "
        f"{table.median('ratio (a) / (b) CPU'):.2f}x the bare screen's CPU; a route "
        f"change, {table.median('ratio (c) / (a) CPU'):.2f}x a load's; a load in a "
        f"used context, {table.median('ratio (d) / (a) CPU'):.2f}x"
    )


def _shown(page: Page, url: str, texts: list[str]) -> None:
    """Load `url` in `page`, turn on semantics and wait for `texts`."""
    open_with_semantics(page, url)
    wait_for_text(page, *texts)


def _went(page: Page, path: str, texts: list[str]) -> None:
    """Move the open app to `path` in place and wait for `texts`."""
    page.evaluate(GO_JS, path)
    wait_for_text(page, *texts)


if __name__ == "__main__":
    main()
