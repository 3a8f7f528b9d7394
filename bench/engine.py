"""Engine benchmark: record a round, then totals and ranking, on big matches.

Run: python bench/engine.py
Target (issue 2): under 1 ms at 10 players and 1,000 rounds, growing at most
linearly with the number of rounds.
"""

import statistics
import time

from companion.engine.games import FACES
from companion.engine.match import Match

PLAYERS = [f"Player {n}" for n in range(1, 11)]
# One distinct face per player keeps within the two decks; no eights, so a
# 2,000-round match stays under the limit.
ROUND = {
    player: {face: 2}
    for player, face in zip(PLAYERS[1:], [f for f in FACES if f != "8"], strict=False)
}
REPEATS = 200


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
    print(f"{'rounds':>8} {'median ms':>10} {'min ms':>8} {'max ms':>8}")
    medians = {}
    for rounds in (10, 100, 1_000, 2_000):
        match = match_with(rounds)
        times = [record_and_rank(match) * 1000 for _ in range(REPEATS)]
        medians[rounds] = statistics.median(times)
        print(
            f"{rounds:>8} {medians[rounds]:>10.3f} {min(times):>8.3f} "
            f"{max(times):>8.3f}"
        )
    growth = medians[2_000] / medians[1_000]
    ok = medians[1_000] < 1.0 and growth <= 2.2
    print(
        f"verdict: {'PASS' if ok else 'MISS'}: {medians[1_000]:.3f} ms at 1,000 rounds"
        f" (target < 1 ms); 2,000/1,000 rounds = {growth:.2f}x (linear is 2x)"
    )


if __name__ == "__main__":
    main()
