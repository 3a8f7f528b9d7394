"""Live-update bench: a round saved in one tab, shown in another, against a bare
Flet app that does the same.

Run: python bench/live.py [--runs 5] [--tiny]
Each figure runs from the pointerdown on Save in one tab to the DOM change that
puts the new standing in the accessibility tree of a second tab on the same
match (both taken in the browser, on the clock the two tabs share). Alternated
run by run with the floor: a click in one tab of bench/floors/minimal_live.py until the
other tab shows the new count (Flet's pubsub, a re-render from shared data).
tests/browser/test_live.py and test_share.py check only that the round arrives;
how soon is measured here. Issue 14 moved the figure here from those tests
(they asserted < 1.5 s and < 1.0 s).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from floors import minimal_live
from harness import (
    HAS_TEXT_JS,
    WAIT_MS,
    Table,
    chromium,
    data_dir_with,
    figure,
    minimal_command,
    opened,
    ours_command,
    played_match,
    ratios,
    runs_argument,
    serving,
    standing_label,
    verdict,
    wait_for_text,
)
from playwright.sync_api import Browser, Page
from taps import fill_hands, saved, start_round, t

from companion.engine.match import Match

# The wall clock as both tabs see it: performance.now() starts anew in each tab.
ARM_START_JS = """
() => {
    window.__liveStart = null;
    window.addEventListener('pointerdown', () => {
        window.__liveStart = performance.timeOrigin + performance.now();
    }, {capture: true, once: true});
}
"""

ARM_END_JS = (
    """
needle => {
    const hasText = """
    + HAS_TEXT_JS
    + """;
    window.__liveEnd = null;
    const host = document.querySelector('flt-semantics-host');
    const observer = new MutationObserver(() => {
        if (window.__liveEnd === null && hasText(needle)) {
            window.__liveEnd = performance.timeOrigin + performance.now();
            observer.disconnect();
        }
    });
    observer.observe(host, {subtree: true, childList: true, characterData: true,
                            attributes: true});
}
"""
)


def timed_across(sender: Page, name: str, watcher: Page, needle: str) -> float:
    """Milliseconds from clicking `name` in `sender` to `needle` in `watcher`."""
    watcher.evaluate(ARM_END_JS, needle)
    sender.evaluate(ARM_START_JS)
    sender.get_by_role("button", name=name, exact=True).first.click()
    watcher.wait_for_function(
        "() => window.__liveEnd !== null", polling="raf", timeout=WAIT_MS
    )
    return watcher.evaluate("() => window.__liveEnd") - sender.evaluate(
        "() => window.__liveStart"
    )


@contextmanager
def served_pair(browser: Browser) -> Iterator[tuple[Page, Page, Match]]:
    """Our server on a 30-round match, open in two tabs: the one that records,
    the one that watches, and the match."""
    match = played_match(30)
    with (
        data_dir_with([match]) as (data, ids),
        serving(ours_command(data)) as ours,
        opened(browser, f"{ours.url}/match/{ids[0]}") as recorder,
        opened(browser, f"{ours.url}/match/{ids[0]}") as watcher,
    ):
        for page in (recorder, watcher):
            wait_for_text(page, standing_label(match, "Bo"))
        yield recorder, watcher, match


def round_across(recorder: Page, watcher: Page, match: Match) -> tuple[float, Match]:
    """A round recorded on `recorder`'s scoreboard of `match`: milliseconds from
    Save to the new standing on `watcher`, and the match after it."""
    start_round(recorder, "Ada")
    fill_hands(recorder)
    after = saved(match)
    took = timed_across(
        recorder, t.gettext("Save round"), watcher, standing_label(after, "Bo")
    )
    wait_for_text(recorder, t.gettext("Record round"))
    return took, after


def main() -> None:
    """Alternate a round saved in one of our tabs with a click in the bare app."""
    runs = runs_argument()
    table = Table(f"A tap in one tab, shown in another, {runs} interleaved pairs", "ms")
    with (
        chromium() as browser,
        served_pair(browser) as (recorder, watcher, match),
        serving(minimal_command("minimal_live.py")) as minimal,
        opened(browser, minimal.url + "/") as minimal_sender,
        opened(browser, minimal.url + "/") as minimal_watcher,
    ):
        for page in (minimal_sender, minimal_watcher):
            wait_for_text(page, minimal_live.count_text(0))
        for run in range(runs + 1):
            took, match = round_across(recorder, watcher, match)
            floor = timed_across(
                minimal_sender,
                minimal_live.LABEL,
                minimal_watcher,
                minimal_live.count_text(run + 1),
            )
            if run:  # the first pair warms up, unmeasured
                table.add("ours: Save, shown in the other tab", took)
                table.add("minimal: click, shown in the other tab", floor)
    ours_ms = table.rows["ours: Save, shown in the other tab"]
    floor_ms = table.rows["minimal: click, shown in the other tab"]
    table.add_all("ratio ours/minimal", ratios(ours_ms, floor_ms))
    table.print()
    figure(
        "Save shown in the other tab",
        table.median("ours: Save, shown in the other tab"),
        "ms",
    )
    figure("the same / a bare Flet app's", table.median("ratio ours/minimal"), "x")
    verdict(
        table.median("ours: Save, shown in the other tab") < 1500,
        f"a saved round shows in the other tab after "
        f"{table.median('ours: Save, shown in the other tab'):.0f} ms, "
        f"{table.median('ratio ours/minimal'):.2f}x the bare Flet app "
        f"(the tests' old bound: < 1500 ms)",
    )


if __name__ == "__main__":
    main()
