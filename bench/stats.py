"""Stats bench: the Players screen, its leaderboard and a player's page, small
store against big.

Run: python bench/stats.py [--runs 3] [--tiny]
Each data directory holds finished matches of four players over three games
(Crazy Eights, Vändåtta, Uno in turn), stored through the Store. "1" is the
smallest store that draws the same screens: one finished match of each game
(3 matches), so Ada's page has its three game cards, charts and head to head as
with 1,000 and 10,000 (only her charts have 1 point each, not 30). In every store
the last three matches (one of each game) finished tonight (since 06:00 local,
as the leaderboard counts it), the others hourly before: the leaderboard's
tonight ranks the same three matches in every store, its all time every match.
Per run and store: a fresh server and tab; from the Matches screen, the
milliseconds from tapping the Players tab to Ada's headline showing (the
leaderboard, tonight, is on the same screen), then (e) from tapping "All time"
to its caption showing and (f) from tapping "Tonight" back to its own, then from
tapping Ada's leaderboard row to her page's head to head showing (all taken
inside the page, see harness.timed_click). The first visit after start is the
one timed: it pays for whatever the figures cost. Stores take turns run by run,
and with them the floor: bench/floors/minimal_stats.py, a bare Flet app whose same taps
open screens of the same shape (a leaderboard of four whose period buttons rank
again; a roster of four with headlines and records; three game cards of ten
figures, a 30-point chart and head to head), timed the same way.
Target (issues 16 and 30): the 10,000-match figures within 1.3x of the 1-match
ones (median of the per-run ratios), on (a), (b), (e) and (f).
--tiny: one run of the stores "1", "30 per game" and 100 (TINY_SIZES), no
warm-up.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import NamedTuple

from floors import minimal_stats
from harness import (
    PLAYERS,
    Server,
    Table,
    arguments,
    at_most,
    checkout_command,
    chromium,
    click_parts,
    fresh_start,
    minimal_command,
    runs_of,
    timed_click,
    verdict,
    wait_for_text,
)

from companion.engine.match import Match
from companion.storage import Store, StoredMatch
from companion.storage.records import summary_of
from companion.storage.stats import StatsBook
from companion.storage.stats_ranking import tonight_since
from companion.ui.players import stats_texts as texts
from companion.words.i18n import get_translator

GAMES = ("crazy-eights", "vandatta", "uno")
SIZES = (len(GAMES), 30 * len(GAMES), 1_000, 10_000)
"""Stored matches: one of each game ("1"), 30 of each (the charts full), more."""
TINY_SIZES = (*SIZES[:2], 100)
NAMES = {SIZES[0]: "1 per game", SIZES[1]: "30 per game"}
TARGET = 1.3
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


def finish_times(count: int, now: datetime) -> list[datetime]:
    """When each of `count` matches finished: the last three tonight, between
    06:00 and `now`, the others an hour apart before."""
    since = tonight_since(now)
    tonight = [since + (now - since) * part for part in (0.25, 0.5, 0.75)]
    earlier = [since - timedelta(hours=count - len(GAMES) - n) for n in range(count)]
    return earlier[: count - len(GAMES)] + tonight


def stored(count: int, now: datetime) -> list[StoredMatch]:
    """`count` finished matches (30 different ones, repeated), the last three
    tonight."""
    played = [finished_match(seed) for seed in range(30)]
    return [
        StoredMatch(f"{n + 1:012x}", when - timedelta(minutes=40), when, played[n % 30])
        for n, when in enumerate(finish_times(count, now))
    ]


class Needles(NamedTuple):
    """What each timed tap waits for in one store."""

    headline: str
    all_time: str
    tonight: str
    ada: str
    """Ada's row on tonight's leaderboard: the tap that opens her page."""


@contextmanager
def data_dir(count: int) -> Iterator[tuple[Path, Needles]]:
    """A data directory with `count` matches, and what the taps wait for."""
    now = datetime.now().astimezone()
    matches = stored(count, now)
    book = StatsBook(summary_of(m) for m in matches)
    assert len(book.player_games("Ada")) == len(GAMES)
    (shown, *_) = book.leaderboard_games()
    assert len(book.leaderboard(shown, tonight_since(now)).lines) == len(PLAYERS)
    needles = Needles(
        texts.headline(t, book.player_games("Ada")[0], {}),
        texts.ranking_rule(t, shown, texts.ALL_TIME),
        texts.ranking_rule(t, shown, texts.TONIGHT),
        next(
            texts.ranked_label(t, line)
            for line in book.leaderboard(shown, tonight_since(now)).lines
            if line.player == "Ada"
        ),
    )
    with tempfile.TemporaryDirectory(prefix="bench-stats-") as scratch:
        data = Path(scratch) / "companion"
        with Store.open(data) as store:
            store.merge_all(matches)
        yield data, needles


SCREENS = {
    "a": "Players screen",
    "e": "leaderboard, all time",
    "f": "leaderboard, tonight",
    "b": "player's page",
    "c": "player's page, server's answer",
    "d": "player's page, client drawing",
}
"""(c) and (d) cut (b) with the tab's websocket traffic (harness.click_parts):
from the tap's message to the server's first answer, and from that to the text."""


def time_screens(
    browser, server: Server, needles: Needles, page_text: str
) -> dict[str, float]:
    """Milliseconds to the Players screen, to each period of the leaderboard, then
    to Ada's page, on a fresh server."""
    with fresh_start(browser, server, socket_log=True) as page:
        wait_for_text(page, t.gettext("New match"))
        players = timed_click(page, t.gettext("Players"), needles.headline, role="tab")
        all_time = timed_click(page, t.gettext("All time"), needles.all_time)
        tonight = timed_click(page, t.gettext("Tonight"), needles.tonight)
        player = timed_click(page, needles.ada, page_text)
        parts = click_parts(page)
        return dict(
            zip(
                SCREENS,
                (
                    players,
                    all_time,
                    tonight,
                    player,
                    parts["server"],
                    parts["client_draw"],
                ),
                strict=True,
            )
        )


def time_ours(browser, data: Path, needles: Needles) -> dict[str, float]:
    """The screens of this checkout's app on `data`."""
    return time_screens(
        browser,
        Server(checkout_command(data)),
        needles,
        t.gettext("Head to head"),
    )


def time_floor(browser) -> dict[str, float]:
    """The screens of the bare Flet app."""
    return time_screens(
        browser,
        Server(minimal_command("minimal_stats.py")),
        Needles(
            minimal_stats.HEADLINE,
            minimal_stats.caption("All time"),
            minimal_stats.caption("Tonight"),
            minimal_stats.ranked_label("Tonight", 1),
        ),
        minimal_stats.PAGE_TEXT,
    )


def label(size: int) -> str:
    """How a store is named in the rows: "1 per game", "10,000"."""
    return NAMES.get(size, f"{size:,}")


def row(part: str, store: str) -> str:
    return f"({part}) {SCREENS[part]}: {store}"


def main() -> None:
    """Fill one data directory per size, then time the sizes and the floor in turn."""
    args = arguments(__doc__.splitlines()[0], runs=3).parse_args()
    runs, sizes = runs_of(args), TINY_SIZES if args.tiny else SIZES
    table = Table(f"Stats: Players screen and a player's page, {runs} runs", "ms")
    stores = {size: f"{label(size):>11} ({size:>6} matches)" for size in sizes}
    with ExitStack() as stack:
        directories = {size: stack.enter_context(data_dir(size)) for size in sizes}
        browser = stack.enter_context(chromium())
        if not args.tiny:  # warm-up
            time_ours(browser, *directories[sizes[0]])
            time_floor(browser)
        for _ in range(runs):
            for size in sizes:
                for part, ms in time_ours(browser, *directories[size]).items():
                    table.add(row(part, stores[size]), ms)
            for part, ms in time_floor(browser).items():
                table.add(row(part, FLOOR), ms)
    small, full, big = sizes[0], sizes[1], sizes[-1]
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
    ratios = {
        part: table.median(f"ratio ({part}) {label(big)} / {label(small)}")
        for part in "aefb"
    }
    met = [
        at_most(f"({part}) {SCREENS[part]}, {big:,} / 1 per game", ratio, "x", TARGET)
        for part, ratio in ratios.items()
    ]
    verdict(
        all(met),
        f"{big:,} matches / 1 match of each game: {ratios['a']:.2f}x to the Players "
        f"screen, {ratios['e']:.2f}x / {ratios['f']:.2f}x to the leaderboard all "
        f"time / tonight, {ratios['b']:.2f}x to a player's page "
        f"(target <= {TARGET}x on each)",
    )


if __name__ == "__main__":
    main()
