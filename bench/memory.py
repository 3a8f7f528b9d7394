"""Memory bench: server RSS after start, then with 1 and 10 browser sessions.

Run: python bench/memory.py [--runs 5] [--tiny]
--tiny: 1 run of 2 sessions.
RSS is VmRSS summed over the server's process tree, read from /proc half a
second after the last session showed its screen. Our sessions all show the
scoreboard of one stored 4-player, 30-round match; the minimal Flet app (one
Text) is measured the same way, alternating with ours, to show what a session
costs in Flet itself.
Target (issue 6): each extra session costs under 5 MB: (RSS at 10 - RSS at 1) / 9.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import ExitStack

from floors.minimal_app import TEXT
from harness import (
    PLAYERS,
    Table,
    arguments,
    chromium,
    data_dir_with,
    minimal_command,
    open_with_semantics,
    ours_command,
    phone_page,
    played_match,
    runs_of,
    serving,
    standing_label,
    under,
    verdict,
    wait_for_text,
)

TARGET_MB = 5.0
SESSIONS = 10
SETTLE_S = 0.5


def measure(
    browser,
    command: Callable[[int], list[str]],
    path: str,
    needle: str,
    sessions: int,
) -> tuple[float, float, float]:
    """RSS in MB after start, with 1 session, and with `sessions` sessions."""
    with serving(command) as server, ExitStack() as tabs:
        time.sleep(SETTLE_S)
        at_start = server.rss_mb()
        at = {}
        for number in range(1, sessions + 1):
            page = tabs.enter_context(phone_page(browser))
            open_with_semantics(page, server.url + path)
            wait_for_text(page, needle)
            if number in (1, sessions):
                time.sleep(SETTLE_S)
                at[number] = server.rss_mb()
        return at_start, at[1], at[sessions]


def main() -> None:
    """Alternate ours and minimal for --runs pairs; print the table and verdict."""
    args = arguments(__doc__.splitlines()[0]).parse_args()
    runs, sessions = runs_of(args), 2 if args.tiny else SESSIONS
    match = played_match(30)
    table = Table(
        f"Server RSS, {runs} interleaved pairs (ours: scoreboard of "
        f"{len(PLAYERS)} players x 30 rounds in every session)",
        "MB",
    )
    needle = standing_label(match, PLAYERS[0])
    with data_dir_with([match]) as (data, ids), chromium() as browser:
        for _ in range(runs):
            for name, command, path, text in (
                ("ours", ours_command(data), f"/match/{ids[0]}", needle),
                ("minimal", minimal_command("minimal_app.py"), "/", TEXT),
            ):
                start, one, many = measure(browser, command, path, text, sessions)
                table.add(f"{name}: after start", start)
                table.add(f"{name}: 1 session", one)
                table.add(f"{name}: {sessions} sessions", many)
                table.add(f"{name}: per extra session", (many - one) / (sessions - 1))
    ordered = Table(table.title, table.unit)
    for name in ("ours", "minimal"):
        for row, values in table.rows.items():
            if row.startswith(name):
                ordered.add_all(row, values)
    ordered.print()
    per_session = table.median("ours: per extra session")
    verdict(
        under("ours, per extra session", per_session, "MB", TARGET_MB),
        f"each extra session costs {per_session:.2f} MB "
        f"(minimal Flet app {table.median('minimal: per extra session'):.2f} MB; "
        f"target < {TARGET_MB:.0f} MB)",
    )


if __name__ == "__main__":
    main()
