"""Start-up bench: our server against a minimal Flet app, launched the same way.

Run: python bench/startup.py [--runs 5] [--tiny]
--tiny: 1 run, no warm-up.
Times from launching the server process to (a) its first HTTP 200 and (b) the
first fully rendered screen in headless Chromium with semantics on: for us the
scoreboard of a stored 4-player, 30-round match (every standing, and the latest
round in the history); for the minimal app its one Text. Runs
alternate ours and minimal so that machine drift weighs on both alike.
Target (issue 6): ours <= 1.2x the minimal app on both, as the median of the
per-pair ratios. Issue 46: ours <= 1.1x the bare Flet screen below, to the
rendered screen.
Also run in turn with them: bench/floors/minimal_screen.py, a bare Flet app (no code of
ours) whose first screen is as full as our scoreboard. Its ratio to the minimal
app is what a real first screen costs in Flet itself: the floor under ours.
Flet's own server makes a page on localhost cross-origin isolated, so Flutter
draws it with multi-threaded skwasm, its frames on a worker beside the page;
we serve single-threaded skwasm (issue 31: the other froze), every frame on
the page's one thread. So the bare screen runs a second time as we serve it
(harness/renderer_run.py `single`): the floor on our renderer.
"""

from __future__ import annotations

from floors.minimal_app import TEXT
from floors.minimal_screen import LAST_TEXTS
from harness import (
    PLAYERS,
    Server,
    Table,
    arguments,
    at_most,
    chromium,
    data_dir_with,
    fresh_start,
    minimal_command,
    ours_command,
    played_match,
    ratios,
    runs_of,
    standing_label,
    under_renderer,
    verdict,
    wait_for_text,
)

from companion.ui.frame import format as fmt
from companion.words.i18n import get_translator

TARGET = 1.2
BARE_TARGET = 1.1
"""Issue 46: ours against the bare Flet screen like ours, to the rendered screen."""
SINGLE = "single"
"""The renderer configuration we serve (harness/renderer_run.py)."""
ROUNDS = 30


def time_start(browser, server: Server, path: str, needles: list[str]) -> float:
    """Seconds from launch to every needle on screen; the server is stopped after."""
    with fresh_start(browser, server, path) as page:
        wait_for_text(page, *needles)
        return server.since_launch()


def main() -> None:
    """Alternate ours and minimal for --runs pairs; print the table and verdicts."""
    args = arguments(__doc__.splitlines()[0]).parse_args()
    runs = runs_of(args)
    match = played_match(ROUNDS)
    t = get_translator("en")
    latest_round = fmt.round_title(t, ROUNDS) + " · "
    needles = [standing_label(match, p) for p in PLAYERS] + [latest_round]
    table = Table(
        f"Start-up, {runs} interleaved pairs (ours: scoreboard of "
        f"{len(PLAYERS)} players x {ROUNDS} rounds; minimal: one Text)",
        "s",
    )
    with data_dir_with([match]) as (data, ids), chromium() as browser:
        bare_command = minimal_command("minimal_screen.py")
        single_command = under_renderer(SINGLE, bare_command)
        # One unmeasured start of each warms the disk cache for all alike.
        for command, path, texts in (
            (ours_command(data), f"/match/{ids[0]}", needles),
            (minimal_command("minimal_app.py"), "/", [TEXT]),
            (bare_command, "/", LAST_TEXTS),
            (single_command, "/", LAST_TEXTS),
        ):
            if not args.tiny:
                time_start(browser, Server(command), path, texts)
        for _ in range(runs):
            ours = Server(ours_command(data))
            ours_shown = time_start(browser, ours, f"/match/{ids[0]}", needles)
            minimal = Server(minimal_command("minimal_app.py"))
            minimal_shown = time_start(browser, minimal, "/", [TEXT])
            bare = Server(bare_command)
            bare_shown = time_start(browser, bare, "/", LAST_TEXTS)
            single_shown = time_start(browser, Server(single_command), "/", LAST_TEXTS)
            table.add("(a) ours: first HTTP 200", ours.first_200)
            table.add("(a) minimal: first HTTP 200", minimal.first_200)
            table.add("(a) bare Flet screen: first HTTP 200", bare.first_200)
            table.add("(b) ours: scoreboard", ours_shown)
            table.add("(b) minimal: one Text", minimal_shown)
            table.add("(b) bare Flet screen like ours", bare_shown)
            table.add("(b) bare Flet screen, single-threaded skwasm", single_shown)
    rows = table.rows
    table.add_all(
        "ratio (a) HTTP 200",
        ratios(rows["(a) ours: first HTTP 200"], rows["(a) minimal: first HTTP 200"]),
    )
    table.add_all(
        "ratio (b) rendered",
        ratios(rows["(b) ours: scoreboard"], rows["(b) minimal: one Text"]),
    )
    table.add_all(
        "ratio (a) bare Flet screen/minimal",
        ratios(
            rows["(a) bare Flet screen: first HTTP 200"],
            rows["(a) minimal: first HTTP 200"],
        ),
    )
    table.add_all(
        "ratio (b) bare Flet screen/minimal",
        ratios(rows["(b) bare Flet screen like ours"], rows["(b) minimal: one Text"]),
    )
    table.add_all(
        "ratio (b) ours/bare Flet screen",
        ratios(rows["(b) ours: scoreboard"], rows["(b) bare Flet screen like ours"]),
    )
    table.add_all(
        "ratio (b) ours/bare screen, single-threaded",
        ratios(
            rows["(b) ours: scoreboard"],
            rows["(b) bare Flet screen, single-threaded skwasm"],
        ),
    )
    table.print()
    first_200 = table.median("ratio (a) HTTP 200")
    rendered = table.median("ratio (b) rendered")
    over_bare = table.median("ratio (b) ours/bare Flet screen")
    served = at_most("(a) ours/minimal, first HTTP 200", first_200, "x", TARGET)
    shown = at_most("(b) ours/minimal, rendered", rendered, "x", TARGET)
    over_single = table.median("ratio (b) ours/bare screen, single-threaded")
    at_most("(b) ours/bare Flet screen, rendered", over_bare, "x", BARE_TARGET)
    at_most(
        "(b) ours/bare Flet screen on our renderer, rendered",
        over_single,
        "x",
        BARE_TARGET,
    )
    verdict(
        served and shown,
        f"ours/minimal {first_200:.2f}x to first HTTP 200, {rendered:.2f}x to the "
        f"rendered screen (target <= {TARGET}x on both); a bare Flet app with a "
        f"screen like ours: {table.median('ratio (b) bare Flet screen/minimal'):.2f}x "
        "to its rendered screen",
    )


if __name__ == "__main__":
    main()
