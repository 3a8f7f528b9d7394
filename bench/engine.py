"""Engine benchmark: record a round, then totals and ranking, on big matches.

Run: python bench/engine.py [--tiny]
Times the round that brings a 10-player match to 10, 100, half the engine's
limit and the limit itself (MAX_MATCH_ROUNDS: 1,000 rounds; a match holds no
more), each REPEATS times.
Target (issue 2): under 1 ms at 10 players and 1,000 rounds, growing at most
linearly with the number of rounds (the limit against half of it: linear is 2x).
"""

import argparse
import statistics
import time

from harness import at_most, tiny_flag, under, verdict

from companion.engine.games import FACES
from companion.engine.match import MAX_MATCH_ROUNDS, Match

PLAYERS = [f"Player {n}" for n in range(1, 11)]
# One distinct face per player keeps within the two decks; no eights, so a match
# at the limit stays under the score limit.
ROUND = {
    player: {face: 2}
    for player, face in zip(PLAYERS[1:], [f for f in FACES if f != "8"], strict=False)
}
ROUNDS = (10, 100, MAX_MATCH_ROUNDS // 2, MAX_MATCH_ROUNDS)
REPEATS = 200
TARGET_MS = 1.0
GROWTH = 2.2
"""The limit's time over half the limit's: linear is 2x, and some noise."""


def match_with(rounds: int) -> Match:
    """A 10-player penalty match with `rounds` rounds and no end in sight."""
    match = Match.new("crazy-eights", PLAYERS, limit=100_000)
    for _ in range(rounds):
        match = match.record_round(PLAYERS[0], ROUND)
    return match


def record_and_rank(match: Match) -> float:
    """Seconds to record one round and read totals, ranking, leaders and the end."""
    start = time.perf_counter()
    recorded = match.record_round(PLAYERS[0], ROUND)
    recorded.totals()
    recorded.ranking()
    _ = recorded.leaders, recorded.is_over
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    repeats = 5 if tiny_flag(parser).parse_args().tiny else REPEATS
    print(f"{'rounds':>8} {'median ms':>10} {'min ms':>8} {'max ms':>8}")
    medians = {}
    for rounds in ROUNDS:
        before = match_with(rounds - 1)
        times = [record_and_rank(before) * 1000 for _ in range(repeats)]
        medians[rounds] = statistics.median(times)
        print(
            f"{rounds:>8} {medians[rounds]:>10.3f} {min(times):>8.3f} "
            f"{max(times):>8.3f}"
        )
    full, half = ROUNDS[-1], ROUNDS[-2]
    at_limit, growth = medians[full], medians[full] / medians[half]
    fast = under(f"a round at {full:,} rounds", at_limit, "ms", TARGET_MS)
    linear = at_most(f"{full:,} / {half:,} rounds", growth, "x", GROWTH)
    verdict(
        fast and linear,
        f"{at_limit:.3f} ms at {full:,} rounds (target < {TARGET_MS:g} ms);"
        f" {full:,}/{half:,} rounds = {growth:.2f}x (linear is 2x)",
    )


if __name__ == "__main__":
    main()
