"""What one tap costs Chromium: a screen switch on the navigation bar, ours vs bare.

Run: PYTHONPATH=$PWD python bench/screen_switches.py [--runs 5] [--tiny]
--tiny: 1 run, no warm-up.
Chromium's CPU seconds (every Chromium process, by kind: renderer, GPU process,
the rest) and the frames the page drew for one tap on a navigation-bar
destination, until the destination shows selected plus 1 s, and the wall
seconds until it shows selected: (a) ours, tapped
with a mouse click (as the browser tests tap), (b) ours, tapped by a touch (as a
phone is), (c) `minimal_tabs.py` (a bare Flet app with the same navigation bar:
the floor) by a mouse click, (d) the floor by a touch. Semantics on in all, as in
the tests. Each run goes once round the four destinations in each of (a)-(d).
No target: the figures behind issue 31's note on what the suite's time is made
of (every tap is Flutter's frames drawn in software on this machine).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from floors.minimal_tabs import PLACES
from harness import (
    PHONE,
    WAIT_MS,
    Table,
    arguments,
    checkout_command,
    chromium,
    data_dir_with,
    figure,
    minimal_command,
    open_with_semantics,
    runs_of,
    serving,
)
from harness.cpu import SETTLE_S, add, measured
from playwright.sync_api import Browser, Page

FRAMES_JS = """
() => {
    window.__benchFrames = 0;
    const ask = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) =>
        ask((time) => { window.__benchFrames++; callback(time); });
}
"""
"""Counts the frames the page's own code asks for (Flutter draws in each)."""
ORDER = [label for label, _, _ in PLACES[1:] + PLACES[:1]]
"""Round the bar from the first screen, Matches, back to it."""


@contextmanager
def tab_on(browser: Browser, url: str, touch: bool) -> Iterator[Page]:
    """A fresh phone tab on `url`, semantics on, that takes touches if `touch`."""
    context = browser.new_context(viewport=PHONE, locale="en-US", has_touch=touch)
    context.add_init_script(f"({FRAMES_JS})()")
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        open_with_semantics(page, url)
        page.get_by_role("tab", name=PLACES[0][0], selected=True).wait_for()
        time.sleep(SETTLE_S)
        yield page
    finally:
        context.close()


def switch(page: Page, label: str, touch: bool) -> tuple[int, float, dict[str, float]]:
    """Tap destination `label`: the frames drawn, and the wall seconds and
    Chromium's CPU seconds by kind (harness.cpu.measured) until it shows selected."""
    box = page.get_by_role("tab", name=label, exact=True).bounding_box()
    if box is None:
        raise RuntimeError(f"no destination {label!r} on screen")
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    selected = page.get_by_role("tab", name=label, exact=True, selected=True)

    def tap() -> None:
        if touch:
            page.touchscreen.tap(x, y)
        else:
            page.mouse.click(x, y)
        selected.wait_for()

    frames = page.evaluate("() => window.__benchFrames")
    wall, cpu = measured(tap)
    return page.evaluate("() => window.__benchFrames") - frames, wall, cpu


def main() -> None:
    """Alternate (a)-(d) for --runs rounds of the bar; print the table."""
    args = arguments(__doc__.splitlines()[0]).parse_args()
    runs = runs_of(args)
    table = Table(f"A tap on the navigation bar, {runs} rounds of 4 taps", "s")
    with (
        data_dir_with([]) as (data, _),
        serving(checkout_command(data)) as ours,
        serving(minimal_command("minimal_tabs.py")) as bare,
        chromium() as browser,
    ):
        configurations = [
            ("(a) ours, mouse", ours.url, False),
            ("(b) ours, touch", ours.url, True),
            ("(c) bare, mouse", bare.url, False),
            ("(d) bare, touch", bare.url, True),
        ]
        for _, url, touch in [] if args.tiny else configurations:  # warm-up
            with tab_on(browser, url, touch):
                pass
        for _ in range(runs):
            for label, url, touch in configurations:
                with tab_on(browser, url, touch) as page:
                    for place in ORDER:
                        frames, wall, cpu = switch(page, place, touch)
                        add(table, label, wall, cpu)
                        table.add(f"{label}: frames (count)", frames)
    for over, under in (("(a) ours, mouse", "(c) bare, mouse"),
                        ("(b) ours, touch", "(a) ours, mouse"),
                        ("(d) bare, touch", "(c) bare, mouse")):  # fmt: skip
        table.add_ratios(
            f"ratio {over[:3]} / {under[:3]} CPU",
            f"{over}: Chromium CPU",
            f"{under}: Chromium CPU",
        )
    table.print()
    for row in ("(a) ours, mouse: Chromium CPU", "ratio (a) / (c) CPU"):
        figure(row, table.median(row), "x" if row.startswith("ratio") else "s")
    print(
        "verdict: no target (issue 31): a tap on our navigation bar costs Chromium "
        f"{table.median('(a) ours, mouse: Chromium CPU'):.2f} s of CPU, "
        f"{table.median('ratio (a) / (c) CPU'):.2f}x the bare bar's; a touch, "
        f"{table.median('ratio (b) / (a) CPU'):.2f}x a mouse click"
    )


if __name__ == "__main__":
    main()
