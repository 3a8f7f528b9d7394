"""Tap-latency bench: our record-round screen against a minimal Flet counter.

Run: python bench/taps.py [--runs 5] [--tiny]
Each figure runs from the pointerdown of a click in headless Chromium to the
DOM change that puts the changed text in the accessibility tree, both taken
inside the page. Measured, alternating with a click on the minimal counter app
(bench/floors/minimal_counter.py) so that machine drift weighs on both alike:
(a) the card taps on the record-round keypad (the hand gains a chip): the 12
    taps of a typical round, four cards in each of three hands, on a record
    screen opened for each round (runs = rounds), shown also as the first card
    of a hand and the rest, and cut in three with the page's websocket traffic:
    the client handling the tap, the server's answer, the client drawing it;
(b) Save of a round on a match with 200 rounds (the standings change).
Targets (issue 6): each <= 1.5x the minimal click (median of per-pair ratios);
(b) under 150 ms.
Also shown, alternating with the rest: a card tap on the 200-round match (timed
while entering each round that (b) saves); the floor under Save, a bare Flet app
whose click draws a screen as full as our scoreboard in place of a button
(bench/floors/minimal_screen.py --swap), as Save draws the scoreboard in place of the
record screen within one View; and a bare Flet app whose click goes back a
screen (bench/floors/minimal_back.py), which is what Save cost when the record screen
was a View of its own above the scoreboard.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from floors import minimal_back, minimal_screen
from floors.minimal_counter import LABEL, count_text
from harness import (
    Table,
    at_most,
    checkout_command,
    chromium,
    click_parts,
    data_dir_with,
    figure,
    minimal_command,
    open_with_semantics,
    opened,
    ours_command,
    played_match,
    ratios,
    runs_of,
    serving,
    standing_label,
    timed_click,
    tiny_flag,
    under,
    under_renderer,
    verdict,
    wait_for_text,
)
from harness.renderer_run import CONFIGS
from playwright.sync_api import Page

from companion.engine.match import Match
from companion.ui.frame import format as fmt
from companion.words.i18n import get_translator

RATIO_TARGET = 1.5
SAVE_TARGET_MS = 150
BIG = 200
SETTLE_S = 0.6
"""Time for a screen's entry animation to end before a timed tap."""
HELD = {"Bo": {"3": 1}, "Cy": {"4": 1}, "Di": {"5": 1}}
"""The hands entered before each timed Save."""

t = get_translator("en")


def add_label(face: str, player: str) -> str:
    """The keypad key's accessible name: "Add ace to Bo"."""
    return t.gettext("Add {card} to {name}").format(
        card=fmt.face_name(t, face), name=player
    )


def chip_label(face: str, player: str, count: int) -> str:
    """The chip a card tap adds to the hand: "Remove one ace from Bo (1 held)"."""
    return t.ngettext(
        "Remove {card} from {name} ({count} held)",
        "Remove {card} from {name} ({count} held)",
        count,
    ).format(card=fmt.one_face_name(t, face), name=player, count=t.number(count))


class Counter:
    """The minimal counter in a tab, clicked and timed."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def click(self) -> float:
        self.count += 1
        return timed_click(self.page, LABEL, count_text(self.count))


class SwapIn:
    """The bare full screen in a tab: time its drawing in place of a button."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def click(self) -> float:
        took = timed_click(
            self.page, minimal_screen.SWAP_LABEL, minimal_screen.LAST_TEXTS[-1]
        )
        tap(self.page, minimal_screen.BACK_LABEL)
        wait_for_text(self.page, minimal_screen.SWAP_LABEL)
        return took


class GoBack:
    """The minimal two-screen app in a tab: open the second screen, time Back."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def click(self) -> float:
        tap(self.page, minimal_back.OPEN_LABEL)
        wait_for_text(self.page, minimal_back.BACK_LABEL)
        time.sleep(SETTLE_S)
        self.count += 1
        return timed_click(
            self.page, minimal_back.BACK_LABEL, minimal_back.count_text(self.count)
        )


def tap(page: Page, name: str) -> None:
    """An untimed tap on the button with this accessible name."""
    page.get_by_role("button", name=name, exact=True).first.click()


def start_round(page: Page, went_out: str) -> None:
    """From a scoreboard: Record round, then who went out.

    The round the last one left half-entered is kept (a draft): started afresh.
    """
    tap(page, t.gettext("Record round"))
    who, afresh = went_out, t.gettext("Start afresh")
    kept = page.get_by_role("button", name=afresh, exact=True)
    page.get_by_role("button", name=who, exact=True).or_(kept).first.wait_for()
    if kept.count():
        tap(page, afresh)
    tap(page, went_out)
    wait_for_text(page, t.gettext("Cards {name} holds").format(name="Bo"))
    time.sleep(SETTLE_S)


def fill_hands(page: Page) -> float:
    """Tap in HELD, player by player, until Save is enabled; ms of the first tap."""
    first = 0.0
    for number, (player, hand) in enumerate(HELD.items()):
        if number:
            tap(page, t.gettext("Next: {name}").format(name=player))
        for face in hand:
            took = timed_click(
                page, add_label(face, player), chip_label(face, player, 1)
            )
            first = first or took
    page.wait_for_function(
        "name => [...document.querySelectorAll('flt-semantics[role=button]')]"
        ".some(e => (e.getAttribute('aria-label') || e.innerText).includes(name)"
        " && e.getAttribute('aria-disabled') !== 'true')",
        arg=t.gettext("Save round"),
    )
    return first


ROUND_CARDS = {
    "Bo": ("A", "2", "3", "4"),
    "Cy": ("5", "6", "7", "9"),
    "Di": ("10", "J", "Q", "K"),
}
"""The 12 card taps of a typical round (issue 14): four cards in each of three hands."""


def card_round(
    page: Page,
    counter: Counter,
    card: Table,
    parts: Table,
    pairs: dict[str, list[tuple[float, float]]],
) -> None:
    """One round's card taps on a freshly opened record screen, each timed in a
    pair with a counter click (in `pairs` by which card of a hand it was); the
    screen is left unsaved."""
    start_round(page, "Ada")
    for number, (player, faces) in enumerate(ROUND_CARDS.items()):
        if number:
            tap(page, t.gettext("Next: {name}").format(name=player))
            wait_for_text(page, t.gettext("Cards {name} holds").format(name=player))
        for position, face in enumerate(faces):
            took = timed_click(
                page, add_label(face, player), chip_label(face, player, 1)
            )
            card.add("ours: card tap", took)
            which = "1st card of a hand" if position == 0 else "2nd-4th card"
            card.add(f"ours: {which}", took)
            for part, ms in click_parts(page).items():
                parts.add(f"ours: {part}", ms)
            click = counter.click()
            card.add("minimal: counter click", click)
            pairs.setdefault(which, []).append((took, click))
            for part, ms in click_parts(counter.page).items():
                parts.add(f"minimal: {part}", ms)
    tap(page, t.gettext("Back to the scoreboard"))
    wait_for_text(page, t.gettext("Record round"))


def saved(match: Match) -> Match:
    """`match` after the round fill_hands enters (Ada went out)."""
    return match.record_round("Ada", HELD)


Command = Callable[[int], list[str]]


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--renderer",
        choices=CONFIGS,
        help="serve ours (this checkout) and the minimal apps under this renderer"
        " configuration of bench/harness/renderer_run.py (issue 31); without it,"
        " ours is the installed `companion` as before",
    )
    return tiny_flag(parser).parse_args()


def commands(
    renderer: str | None,
) -> tuple[Callable[..., Command], Callable[..., Command]]:
    """How ours (given its data directory) and a minimal app (given its script)
    are started: as always, or through bench/harness/renderer_run.py."""
    if renderer is None:
        return ours_command, minimal_command

    def ours(data: Path) -> Command:
        return under_renderer(renderer, checkout_command(data))

    def minimal(script: str) -> Command:
        return under_renderer(renderer, minimal_command(script))

    return ours, minimal


def main() -> None:
    """Alternate a timed tap on ours with a timed click on the counter."""
    args = arguments()
    runs = runs_of(args)
    started_ours, started_minimal = commands(args.renderer)
    if args.renderer:
        print(
            f"renderer configuration: {args.renderer} (bench/harness/renderer_run.py)"
        )
    small, big = played_match(30), played_match(BIG)
    # A tap shows on the next frame or the one after (16.7 ms apart): a median of
    # ~30 ms taps needs more pairs than a Save to hold still. Each run is one
    # round's 12 card taps on a record screen opened for it, as at the table.
    card_pairs = len(ROUND_CARDS) * 4 * runs
    card = Table(
        f"(a) Card tap on the keypad, {card_pairs} interleaved pairs: the 12 taps"
        f" of a round (4 cards in each of 3 hands) on a fresh record screen,"
        f" {runs} rounds",
        "ms",
    )
    parts = Table(
        "(a) where a card tap's time goes: pointerdown -> message sent (client_tap)"
        " -> first message back (server) -> text in the tree (client_draw)",
        "ms",
    )
    save = Table(f"(b) Save of a round on a {BIG}-round match, {runs} pairs", "ms")

    def swapping(port: int) -> list[str]:
        return [*started_minimal("minimal_screen.py")(port), "--swap"]

    with (
        data_dir_with([small, big]) as (data, ids),
        serving(started_ours(data)) as ours,
        serving(started_minimal("minimal_counter.py")) as minimal,
        serving(started_minimal("minimal_back.py")) as two_screens,
        serving(swapping) as full_screen,
        chromium() as browser,
        opened(browser, full_screen.url + "/") as swap_page,
        opened(browser, two_screens.url + minimal_back.START_PATH) as back_page,
        opened(browser, minimal.url + "/", socket_log=True) as counter_page,
        opened(browser, f"{ours.url}/match/{ids[0]}", socket_log=True) as page,
    ):
        wait_for_text(swap_page, minimal_screen.SWAP_LABEL)
        swap_in = SwapIn(swap_page)
        swap_in.click()  # warm-up, unmeasured
        wait_for_text(back_page, minimal_back.count_text(0))
        go_back = GoBack(back_page)
        go_back.click()  # warm-up, unmeasured
        wait_for_text(counter_page, count_text(0))
        counter = Counter(counter_page)
        counter.click()  # warm-up, unmeasured

        wait_for_text(page, standing_label(small, "Bo"))
        start_round(page, "Ada")
        timed_click(page, add_label("8", "Bo"), chip_label("8", "Bo", 1))  # warm-up
        tap(page, t.gettext("Back to the scoreboard"))
        wait_for_text(page, t.gettext("Record round"))
        pairs: dict[str, list[tuple[float, float]]] = {}
        for _ in range(runs):
            card_round(page, counter, card, parts, pairs)

        open_with_semantics(page, f"{ours.url}/match/{ids[1]}")
        wait_for_text(page, standing_label(big, "Bo"))
        for run in range(runs + 1):
            start_round(page, "Ada")
            card_tap = fill_hands(page)
            time.sleep(SETTLE_S)
            after = saved(big)
            took = timed_click(
                page, t.gettext("Save round"), standing_label(after, "Bo")
            )
            wait_for_text(page, t.gettext("Record round"))
            big = after
            if run:  # the first save warms up, unmeasured
                save.add(f"ours: Save ({BIG}+ rounds)", took)
                card.add(f"ours: card tap, {BIG}+ rounds", card_tap)
                save.add("minimal: counter click", counter.click())
                save.add("minimal: full screen in place", swap_in.click())
                save.add("minimal: back a screen", go_back.click())
    saves = save.rows[f"ours: Save ({BIG}+ rounds)"]
    clicks = card.rows["minimal: counter click"]
    card.add_all(
        "ratio ours/minimal click", ratios(card.rows["ours: card tap"], clicks)
    )
    for which, paired in pairs.items():
        card.add_all(f"ratio {which}/minimal click", [a / b for a, b in paired])
    card.add_all(
        f"ratio {BIG}+ rounds/minimal click",
        ratios(
            card.rows[f"ours: card tap, {BIG}+ rounds"],
            save.rows["minimal: counter click"],
        ),
    )
    save.add_all(
        "ratio ours/minimal click", ratios(saves, save.rows["minimal: counter click"])
    )
    save.add_all(
        "ratio ours/full screen in place",
        ratios(saves, save.rows["minimal: full screen in place"]),
    )
    card.print()
    parts.print()
    save.print()
    card_ratio = card.median("ratio ours/minimal click")
    verdict(
        at_most("(a) card tap / minimal click", card_ratio, "x", RATIO_TARGET),
        f"(a) card tap {card.median('ours: card tap'):.0f} ms, {card_ratio:.2f}x the "
        f"minimal click (target <= {RATIO_TARGET}x)",
    )
    save_ratio = save.median("ratio ours/minimal click")
    save_ms = save.median(f"ours: Save ({BIG}+ rounds)")
    floor_ms = save.median("minimal: full screen in place")
    floor_ratio = floor_ms / save.median("minimal: counter click")
    figure(
        "(b) Save / a bare Flet screen drawn in place",
        save.median("ratio ours/full screen in place"),
        "x",
    )
    verdict(
        under(f"(b) Save, {BIG}-round match", save_ms, "ms", SAVE_TARGET_MS),
        f"(b) Save {save_ms:.0f} ms on a {BIG}-round match (target < "
        f"{SAVE_TARGET_MS} ms)",
    )
    verdict(
        at_most("(b) Save / minimal click", save_ratio, "x", RATIO_TARGET),
        f"(b) Save {save_ratio:.2f}x the minimal click (target <= {RATIO_TARGET}x); "
        f"a bare Flet app drawing a screen as full as ours in place of a button "
        f"takes {floor_ms:.0f} ms, {floor_ratio:.2f}x "
        f"the click (ours/that {save.median('ratio ours/full screen in place'):.2f}x); "
        f"going back a screen, as Save used to, "
        f"{save.median('minimal: back a screen'):.0f} ms",
    )


if __name__ == "__main__":
    main()
