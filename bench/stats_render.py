"""What one render of a player's page costs on the server, small store against big.

Run: python bench/stats_render.py [--renders 200] [--tiny]
In this process, no browser: for the stores of bench/stats.py ("1" = one finished
match of each game, and 10,000 matches), the milliseconds per render of Ada's
page for (a) the store's reads alone (her figures per game, the chart's latest
results, head to head: all from the tallies kept with the index, no match file
read) and (b) those reads and the page's game cards built as Flet controls (the
work of player_screen per render, before Flet diffs and sends it). A figure, no
target: the page's tap in bench/stats.py is timed end to end.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from harness import figure, tiny_flag
from stats import SIZES, TINY_SIZES, data_dir

from companion.storage import Store
from companion.ui.players import player_screen
from companion.words.i18n import get_translator

t = get_translator("en")


@dataclass
class Reader:
    """The one part of the app's state a game card reads: the store."""

    store: Store


def per_render_ms(work: Callable[[], object], renders: int) -> float:
    work()
    start = time.perf_counter()
    for _ in range(renders):
        work()
    return (time.perf_counter() - start) / renders * 1000


def reads(store: Store) -> None:
    """What the page reads of the store per render."""
    for stats in store.player_games("Ada"):
        store.results("Ada", stats.key, player_screen.CHART_MATCHES)
        store.head_to_head("Ada", stats.key)
    store.own_games()


def cards(store: Store) -> list[object]:
    """The page's reads and its game cards, as player_screen builds them."""
    state = Reader(store)
    own = {game.id: game for game in store.own_games()}
    return [
        player_screen.game_card(t, state, stats, own)  # type: ignore[arg-type]
        for stats in store.player_games("Ada")
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=200)
    args = tiny_flag(parser).parse_args()
    renders, sizes = (2, TINY_SIZES) if args.tiny else (max(1, args.renders), SIZES)
    print(f"\nA player's page on the server, ms per render ({renders} renders)")
    for size in (sizes[0], sizes[-1]):
        with data_dir(size) as (data, _), Store.open(data) as store:
            for part, work in (("(a) reads", reads), ("(b) reads + cards", cards)):
                ms = per_render_ms(partial(work, store), renders)
                print(f"  {size:>6} matches: {part:<18} {ms:>8.3f} ms")
                figure(f"{part}, {size:,} matches", ms, "ms")


if __name__ == "__main__":
    main()
