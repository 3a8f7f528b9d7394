"""History-size bench: start-up and the Matches screen with 1, 100 and 1,000 matches.

Run: python bench/history.py [--runs 5] [--tiny]
--tiny: 1 run of 1, 2, 10 matches, no warm-up.
Each data directory holds one match in progress and finished matches besides,
stored through the Store. Times from launching the server to (a) its first
HTTP 200 and (b) the Matches screen in headless Chromium with semantics on,
showing the match in progress and the New match button. Sizes take turns run
by run so that machine drift weighs on all alike.
Target (issue 6): the 1,000-match figure within 1.3x of the 1-match figure
(median of the per-run ratios), on both.
"""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

from harness import (
    PLAYERS,
    Server,
    Table,
    arguments,
    at_most,
    chromium,
    data_dir_with,
    fresh_start,
    ours_command,
    played_match,
    runs_of,
    verdict,
    wait_for_text,
)

from companion.engine.match import Match
from companion.ui.frame import format as fmt
from companion.words.i18n import get_translator

SIZES = (1, 100, 1_000)
TINY_SIZES = (1, 2, 10)
TARGET = 1.3

t = get_translator("en")


def finished_match(seed: int) -> Match:
    """A short Crazy Eights match played to its limit of 100."""
    match = Match.new("crazy-eights", list(PLAYERS))
    seat = seed % len(PLAYERS)
    while not match.is_over:
        went_out = PLAYERS[seat]
        loser = PLAYERS[(seat + 1) % len(PLAYERS)]
        hands: dict[str, dict[str, int]] = {
            p: {"8": 1, "K": 1} if p == loser else {"3": 1}
            for p in PLAYERS
            if p != went_out
        }
        match = match.record_round(went_out, hands)
        seat = (seat + 1) % len(PLAYERS)
    return match


def time_matches_screen(browser, data: Path, needles: list[str]) -> tuple[float, float]:
    """Seconds from launch to the first HTTP 200, and to the Matches screen."""
    server = Server(ours_command(data))
    with fresh_start(browser, server) as page:
        wait_for_text(page, *needles)
        return server.first_200, server.since_launch()


def main() -> None:
    """Fill one data directory per size, then time the sizes in turn."""
    args = arguments(__doc__.splitlines()[0]).parse_args()
    runs, sizes = runs_of(args), TINY_SIZES if args.tiny else SIZES
    running = played_match(5)
    needles = [
        t.gettext("New match"),
        t.gettext("Resume {game} with {players}").format(
            game=fmt.game_name(t, running.game_id), players=t.join(running.players)
        ),
    ]
    table = Table(f"History size: start-up with N stored matches, {runs} runs", "s")
    with ExitStack() as stack:
        directories = {
            size: stack.enter_context(
                data_dir_with([finished_match(n) for n in range(size - 1)] + [running])
            )[0]
            for size in sizes
        }
        browser = stack.enter_context(chromium())
        if not args.tiny:  # warm-up
            time_matches_screen(browser, directories[sizes[0]], needles)
        for _ in range(runs):
            for size in sizes:
                first_200, shown = time_matches_screen(
                    browser, directories[size], needles
                )
                table.add(f"(a) {size:>5} matches: first HTTP 200", first_200)
                table.add(f"(b) {size:>5} matches: Matches screen", shown)
    small, big = sizes[0], sizes[-1]
    for part, name in (("a", "first HTTP 200"), ("b", "Matches screen")):
        table.add_ratios(
            f"ratio ({part}) {big}/{small} matches",
            f"({part}) {big:>5} matches: {name}",
            f"({part}) {small:>5} matches: {name}",
        )
    ordered = Table(table.title, table.unit)
    for row in sorted(table.rows, key=lambda r: (r.startswith("ratio"), r)):
        ordered.add_all(row, table.rows[row])
    ordered.print()
    first_200 = table.median(f"ratio (a) {big}/{small} matches")
    screen = table.median(f"ratio (b) {big}/{small} matches")
    served = at_most(f"(a) first HTTP 200, {big:,} / {small}", first_200, "x", TARGET)
    shown = at_most(f"(b) Matches screen, {big:,} / {small}", screen, "x", TARGET)
    verdict(
        served and shown,
        f"{big:,} matches / {small} match: {first_200:.2f}x to first HTTP 200, "
        f"{screen:.2f}x to the Matches screen (target <= {TARGET}x on both)",
    )


if __name__ == "__main__":
    main()
