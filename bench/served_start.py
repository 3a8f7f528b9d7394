"""Where a served start goes in the page: ours against the bare screen as we serve it.

Run: PYTHONPATH=$PWD python bench/served_start.py [--runs 3] [--tiny]
A diagnostic for startup.py (b), no target. Ours (the scoreboard of a stored
4-player, 30-round match, as startup.py opens it) and floors/minimal_screen.py
served as we serve (single-threaded skwasm: harness/renderer_run.py `single`),
alternated, each in a fresh phone tab with semantics on. Milliseconds from
navigation (harness/socket_log.js, harness/long_tasks.js): the websocket
open, the first view's message (the first over 1 kB after the hello's
answer), the last message over 1 kB before the screen showed (ours: the
chart's), the screen shown; and the page's long tasks from the first view's
message on, summed (Flutter drawing).
"""

from __future__ import annotations

from pathlib import Path

from floors.minimal_screen import LAST_TEXTS
from harness import (
    PLAYERS,
    Server,
    Table,
    arguments,
    chromium,
    data_dir_with,
    figure,
    fresh_start,
    minimal_command,
    ours_command,
    played_match,
    runs_of,
    standing_label,
    under_renderer,
    wait_for_text,
)
from playwright.sync_api import Browser

from companion.ui.frame import format as fmt
from companion.words.i18n import get_translator

LONG_TASKS = Path(__file__).with_name("harness") / "long_tasks.js"
ROUNDS = 30
BIG = 1024
"""A message of more bytes than this carries controls, not a method call."""


def phases(browser: Browser, server: Server, path: str, needles: list[str]) -> dict:
    """One start of `server` on `path`, to every needle on screen: its phases (ms)."""
    with fresh_start(
        browser, server, path, socket_log=True, scripts=(LONG_TASKS,)
    ) as page:
        wait_for_text(page, *needles)
        shown = page.evaluate("performance.now()")
        socket = page.evaluate("window.__benchSocket")
        long_tasks = page.evaluate("window.__benchLongTasks")
    received = list(zip(socket["received"], socket["sizes"], strict=True))
    big = [at for at, size in received[1:] if size > BIG and at <= shown]
    first_view = big[0]
    drawing = sum(d for at, d in long_tasks if at + d >= first_view)
    return {
        "websocket open": socket["opened"][0],
        "first view received": first_view,
        "last controls received": big[-1],
        "screen shown": shown,
        "long tasks from the first view": drawing,
    }


def main() -> None:
    args = arguments(__doc__.splitlines()[0], runs=3).parse_args()
    runs = runs_of(args)
    match = played_match(ROUNDS)
    t = get_translator("en")
    needles = [standing_label(match, p) for p in PLAYERS]
    needles.append(fmt.round_title(t, ROUNDS) + " · ")
    floor = under_renderer("single", minimal_command("minimal_screen.py"))
    table = Table(
        f"A served start in the page, {runs} interleaved pairs (ms from navigation)",
        "ms",
    )
    with data_dir_with([match]) as (data, ids), chromium() as browser:
        starts = (
            ("ours", ours_command(data), f"/match/{ids[0]}", needles),
            ("bare screen, single-threaded", floor, "/", LAST_TEXTS),
        )
        if not args.tiny:
            for _, command, path, texts in starts:
                phases(browser, Server(command), path, texts)
        for _ in range(runs):
            for name, command, path, texts in starts:
                start = phases(browser, Server(command), path, texts)
                for phase, value in start.items():
                    table.add(f"{name}: {phase}", value)
    table.print()
    # For bench/run-all's table: no target, the figures to watch.
    for name, _, _, _ in starts:
        for phase in ("screen shown", "long tasks from the first view"):
            row = f"{name}: {phase}"
            figure(row, table.median(row), "ms")


if __name__ == "__main__":
    main()
