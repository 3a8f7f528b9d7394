"""Stats bench: the Players screen and a player's page with 1, 1,000 and 10,000 matches.

Run: python bench/stats.py [--runs 5]
Each data directory holds finished matches of four players over three games
(Crazy Eights, Vändåtta, Uno in turn), stored through the Store. Per run and
size: a fresh server and tab; from the Matches screen, the milliseconds from
tapping the Players tab to Ada's headline showing, then from tapping "Stats of
Ada" to her page's head to head showing (both taken inside the page, see
harness.timed_click). The first visit after start is the one timed: it pays for
whatever the figures cost. Sizes take turns run by run.
Target (issue 16): the 10,000-match figures within 1.3x of the 1-match ones
(median of the per-run ratios), on both.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

from harness import (
    PLAYERS,
    Server,
    Table,
    chromium,
    open_with_semantics,
    phone_page,
    ratios,
    runs_argument,
    timed_click,
    verdict,
    wait_for_text,
)

from companion.engine.match import Match
from companion.storage import Store, StoredMatch
from companion.storage.records import summary_of
from companion.storage.stats import StatsBook
from companion.ui import stats_texts as texts
from companion.words.i18n import get_translator

SIZES = (1, 1_000, 10_000)
TARGET = 1.3
GAMES = ("crazy-eights", "vandatta", "uno")
START = datetime(2025, 1, 1, 18, tzinfo=UTC)

t = get_translator("en")


def finished_match(seed: int) -> Match:
    """A finished match of the four players; who goes out turns with `seed`."""
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
    headline = texts.headline(t, book.player_games("Ada")[0])
    with tempfile.TemporaryDirectory(prefix="bench-stats-") as scratch:
        data = Path(scratch) / "companion"
        with Store.open(data) as store:
            store.add_imported(matches)
        yield data, headline


def worktree_command(data: Path) -> Callable[[int], list[str]]:
    """This checkout's app (the harness's server runs in the repository root)."""
    return lambda port: [
        sys.executable, "-m", "companion.cli.main",
        "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data),
    ]  # fmt: skip


def time_screens(browser, data: Path, headline: str) -> tuple[float, float]:
    """Milliseconds to the Players screen, then to Ada's page, on a fresh server."""
    server = Server(worktree_command(data))
    with phone_page(browser) as page:
        try:
            server.start()
            open_with_semantics(page, server.url + "/")
            wait_for_text(page, t.gettext("New match"))
            players = timed_click(page, t.gettext("Players"), headline, role="tab")
            ada = t.gettext("Stats of {name}").format(name="Ada")
            page_ms = timed_click(page, ada, t.gettext("Head to head"))
            return players, page_ms
        finally:
            server.stop()


def main() -> None:
    """Fill one data directory per size, then time the sizes in turn."""
    runs = runs_argument()
    table = Table(f"Stats: Players screen and a player's page, {runs} runs", "ms")
    with ExitStack() as stack:
        directories = {size: stack.enter_context(data_dir(size)) for size in SIZES}
        browser = stack.enter_context(chromium())
        time_screens(browser, *directories[SIZES[0]])  # warm-up
        for _ in range(runs):
            for size in SIZES:
                players, page = time_screens(browser, *directories[size])
                table.add(f"(a) {size:>6} matches: Players screen", players)
                table.add(f"(b) {size:>6} matches: player's page", page)
    rows, small, big = table.rows, SIZES[0], SIZES[-1]
    for part, name in (("a", "Players screen"), ("b", "player's page")):
        table.add_all(
            f"ratio ({part}) {big}/{small} matches",
            ratios(
                rows[f"({part}) {big:>6} matches: {name}"],
                rows[f"({part}) {small:>6} matches: {name}"],
            ),
        )
    table.print()
    players = table.median(f"ratio (a) {big}/{small} matches")
    page = table.median(f"ratio (b) {big}/{small} matches")
    verdict(
        players <= TARGET and page <= TARGET,
        f"{big:,} matches / {small} match: {players:.2f}x to the Players screen, "
        f"{page:.2f}x to a player's page (target <= {TARGET}x on both)",
    )


if __name__ == "__main__":
    main()
