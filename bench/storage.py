"""Benchmark: time to save a round and to open the data, by number of stored matches.

Run: python bench/storage.py [--sizes 1,100,1000,10000] [--saves 200] [--tiny]
Saves include every fsync. Stored matches have 20 rounds of 4 players each.
Targets (issue 3): a save at the largest size <= 1.5x the save at the smallest;
opening the largest < 500 ms.
"""

import argparse
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from harness import at_most, tiny_flag, under, verdict

from companion.engine.match import Match
from companion.storage import Store, StoredMatch

PLAYERS = ("Ada", "Bo", "Cy", "Di")
ROUNDS = 20
TINY_SIZES = "1,100"
SAVE_RATIO = 1.5
OPEN_MS = 500


def played_match() -> Match:
    """A match of 20 rounds, 4 players, that is never over."""
    match = Match.new("crazy-eights", PLAYERS, rounds=1000)
    for n in range(ROUNDS):
        went_out = PLAYERS[n % 4]
        others = [p for p in PLAYERS if p != went_out]
        hands = {others[0]: {"8": 1, "K": 1}, others[1]: {"3": 2}, others[2]: 14}
        match = match.record_round(went_out, hands)
    return match


def next_round(match: Match) -> Match:
    """The match with one more round."""
    return match.record_round("Ada", {"Bo": {"8": 1}, "Cy": {"2": 1}, "Di": 5})


def fill(data: Path, count: int, played: Match) -> None:
    """Store `count` matches in bulk through the storage layer."""
    start = datetime.now(UTC) - timedelta(days=count)
    rng = random.Random(count)
    with Store.open(data) as store:
        ids = (f"{rng.getrandbits(48):012x}" for _ in range(count))
        batch = [
            StoredMatch(match_id, start + timedelta(days=n), None, played)
            for n, match_id in enumerate(ids)
        ]
        store.merge_all(batch)


def time_open(data: Path) -> tuple[float, int]:
    """Seconds to open the data and list every match; and how many there are."""
    began = time.perf_counter()
    with Store.open(data) as store:
        count = len(store.list_matches())
    return time.perf_counter() - began, count


def time_saves(stores: list[Store], saves: int, played: Match) -> list[list[float]]:
    """Seconds, per store, to save a 21st round into a random match.

    The stores take turns, one save each, so that background disk activity
    weighs on every size alike.
    """
    rng = random.Random(saves)
    match = next_round(played)
    ids = [[summary.id for summary in store.list_matches()] for store in stores]
    timings: list[list[float]] = [[] for _ in stores]
    for _ in range(saves):
        for store, store_ids, store_timings in zip(stores, ids, timings, strict=True):
            match_id = rng.choice(store_ids)
            began = time.perf_counter()
            store.save_match(match_id, match)
            store_timings.append(time.perf_counter() - began)
    return timings


def main() -> None:
    """Fill a data directory per size, then time saving and opening."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1,100,1000,10000")
    parser.add_argument("--saves", type=int, default=200)
    args = tiny_flag(parser).parse_args()
    if args.tiny:
        args.sizes, args.saves = TINY_SIZES, 5
    sizes = [int(size) for size in args.sizes.split(",")]
    match = played_match()
    with tempfile.TemporaryDirectory(prefix="bench-storage-") as scratch:
        directories = [Path(scratch) / str(size) for size in sizes]
        fills, opens = [], []
        for size, data in zip(sizes, directories, strict=True):
            began = time.perf_counter()
            fill(data, size, match)
            fills.append(time.perf_counter() - began)
            opens.append([time_open(data)[0] for _ in range(5)])
        stores = [Store.open(data) for data in directories]
        try:
            saves = time_saves(stores, args.saves, match)
        finally:
            for store in stores:
                store.close()
    base = statistics.median(saves[0])
    print(
        f"{'matches':>8} {'save ms median/min/max':>24} {'vs 1st':>7} "
        f"{'open ms median/min/max':>24} {'fill s':>7}"
    )
    for size, saved, opened, filled in zip(sizes, saves, opens, fills, strict=True):
        print(
            f"{size:>8} {spread(saved):>24} {statistics.median(saved) / base:>6.2f}x "
            f"{spread(opened):>24} {filled:>7.1f}"
        )
    ratio = statistics.median(saves[-1]) / base
    open_ms = statistics.median(opens[-1]) * 1000
    big, small = f"{sizes[-1]:,}", f"{sizes[0]:,}"
    saves_ok = at_most(f"save at {big} / at {small} matches", ratio, "x", SAVE_RATIO)
    opens_ok = under(f"open {big} matches", open_ms, "ms", OPEN_MS)
    verdict(
        saves_ok and opens_ok,
        f"saving at {sizes[-1]:,} matches is {ratio:.2f}x the time at {sizes[0]:,}"
        f" (target <= {SAVE_RATIO}x); opening {sizes[-1]:,} matches takes"
        f" {open_ms:.0f} ms (target < {OPEN_MS} ms)",
    )


def spread(seconds: list[float]) -> str:
    """Median / min / max in milliseconds."""
    ms = [s * 1000 for s in seconds]
    return f"{statistics.median(ms):.2f} / {min(ms):.2f} / {max(ms):.2f}"


if __name__ == "__main__":
    main()
