"""Stats bench: the Players screen and a player's page, small store against big.

Run: python bench/stats.py [--runs 3]
Each data directory holds finished matches of four players over three games
(Crazy Eights, Vändåtta, Uno in turn), stored through the Store. "1" is the
smallest store that draws the same screens: one finished match of each game
(3 matches), so Ada's page has its three game cards, charts and head to head as
with 1,000 and 10,000 (only her charts have 1 point each, not 30). Per run and
store: a fresh server and tab; from the Matches screen, the milliseconds from
tapping the Players tab to Ada's headline showing, then from tapping "Stats of
Ada" to her page's head to head showing (both taken inside the page, see
harness.timed_click). The first visit after start is the one timed: it pays for
whatever the figures cost. Stores take turns run by run, and with them the
floor: bench/minimal_stats.py, a bare Flet app whose same two taps open screens
of the same shape (a roster of four with headlines and records; three game cards
of ten figures, a 30-point chart and head to head), timed the same way.
Target (issue 16): the 10,000-match figures within 1.3x of the 1-match ones
(median of the per-run ratios), on both.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import minimal_stats
from harness import (
    PLAYERS,
    Server,
    Table,
    checkout_command,
    chromium,
    click_parts,
    fresh_start,
    minimal_command,
    runs_argument,
    timed_click,
    verdict,
    wait_for_text,
)

from companion.engine.match import Match
from companion.storage import Store, StoredMatch
from companion.storage.records import summary_of
from companion.storage.stats import StatsBook
from companion.ui.players import stats_texts as texts
from companion.words.i18n import get_translator

GAMES = ("crazy-eights", "vandatta", "uno")
SIZES = (len(GAMES), 30 * len(GAMES), 1_000, 10_000)
"""Stored matches: one of each game ("1"), 30 of each (the charts full), more."""
NAMES = {SIZES[0]: "1 per game", SIZES[1]: "30 per game"}
TARGET = 1.3
START = datetime(2025, 1, 1, 18, tzinfo=UTC)
FLOOR = "floor (bare Flet)"

t = get_translator("en")


def finished_match(seed: int) -> Match:
    """A finished match of the four players: game `seed` % 3; who goes out turns."""
    game = GAMES[seed % len(GAMES)]
    match = Match.new(game, list(PLAYERS), rounds=3 if game == "vandatta" else None)
    hand = {"RJ": 1, "K": 2, "Q": 1} if game == "uno" else {"8": 1, "K": 1}
    turn = seed
    while not match.is_over:
        went_out = PLAYERS[turn % len(PLAYERS)]
        turn += 1 + seed % 2
        match = match.record_round(
            went_out, {p: hand for p in PLAYERS if p != went_out}
        )
    return match


def stored(count: int) -> list[StoredMatch]:
    """`count` finished matches an hour apart (30 different ones, repeated)."""
    played = [finished_match(seed) for seed in range(30)]
    return [
        StoredMatch(
            f"{n + 1:012x}",
            START + timedelta(hours=n),
            START + timedelta(hours=n, minutes=40),
            played[n % 30],
        )
        for n in range(count)
    ]


@contextmanager
def data_dir(count: int) -> Iterator[tuple[Path, str]]:
    """A data directory with `count` matches, and Ada's first headline."""
    matches = stored(count)
    book = StatsBook(summary_of(m) for m in matches)
    assert len(book.player_games("Ada")) == len(GAMES)
    headline = texts.headline(t, book.player_games("Ada")[0], {})
    with tempfile.TemporaryDirectory(prefix="bench-stats-") as scratch:
        data = Path(scratch) / "companion"
        with Store.open(data) as store:
            store.add_imported(matches)
        yield data, headline


SCREENS = {
    "a": "Players screen",
    "b": "player's page",
    "c": "player's page, server's answer",
    "d": "player's page, client drawing",
}
"""(c) and (d) cut (b) with the tab's websocket traffic (harness.click_parts):
from the tap's message to the server's first answer, and from that to the text."""


def time_screens(
    browser, server: Server, headline: str, stats_of: str, page_text: str
) -> dict[str, float]:
    """Milliseconds to the Players screen, then to Ada's page, on a fresh server."""
    with fresh_start(browser, server, socket_log=True) as page:
        wait_for_text(page, t.gettext("New match"))
        players = timed_click(page, t.gettext("Players"), headline, role="tab")
        player = timed_click(page, stats_of, page_text)
        parts = click_parts(page)
        return dict(
            zip(
                SCREENS,
                (players, player, parts["server"], parts["client_draw"]),
                strict=True,
            )
        )


def time_ours(browser, data: Path, headline: str) -> dict[str, float]:
    """Both screens of this checkout's app on `data`."""
    return time_screens(
        browser,
        Server(checkout_command(data)),
        headline,
        t.gettext("Stats of {name}").format(name="Ada"),
        t.gettext("Head to head"),
    )


def time_floor(browser) -> dict[str, float]:
    """Both screens of the bare Flet app."""
    return time_screens(
        browser,
        Server(minimal_command("minimal_stats.py")),
        minimal_stats.HEADLINE,
        minimal_stats.stats_label("Ada"),
        minimal_stats.PAGE_TEXT,
    )


def label(size: int) -> str:
    """How a store is named in the rows: "1 per game", "10,000"."""
    return NAMES.get(size, f"{size:,}")


def row(part: str, store: str) -> str:
    return f"({part}) {SCREENS[part]}: {store}"


def main() -> None:
    """Fill one data directory per size, then time the sizes and the floor in turn."""
    runs = runs_argument(3)
    table = Table(f"Stats: Players screen and a player's page, {runs} runs", "ms")
    stores = {size: f"{label(size):>11} ({size:>6} matches)" for size in SIZES}
    with ExitStack() as stack:
        directories = {size: stack.enter_context(data_dir(size)) for size in SIZES}
        browser = stack.enter_context(chromium())
        time_ours(browser, *directories[SIZES[0]])  # warm-up
        time_floor(browser)
        for _ in range(runs):
            for size in SIZES:
                for part, ms in time_ours(browser, *directories[size]).items():
                    table.add(row(part, stores[size]), ms)
            for part, ms in time_floor(browser).items():
                table.add(row(part, FLOOR), ms)
    small, full, big = SIZES[0], SIZES[1], SIZES[-1]
    for part in SCREENS:
        for over, under in ((big, small), (big, full)):
            table.add_ratios(
                f"ratio ({part}) {label(over)} / {label(under)}",
                row(part, stores[over]),
                row(part, stores[under]),
            )
        for size in (small, big):
            table.add_ratios(
                f"ratio ({part}) {label(size)} / floor",
                row(part, stores[size]),
                row(part, FLOOR),
            )
    table.print()
    players = table.median(f"ratio (a) {label(big)} / {label(small)}")
    page = table.median(f"ratio (b) {label(big)} / {label(small)}")
    verdict(
        players <= TARGET and page <= TARGET,
        f"{big:,} matches / 1 match of each game: {players:.2f}x to the Players "
        f"screen, {page:.2f}x to a player's page (target <= {TARGET}x on both)",
    )


if __name__ == "__main__":
    main()
