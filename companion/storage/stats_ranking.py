"""The leaderboard: a game's players ranked by wins, win rate, then points per round.

The order is what decides the game itself: more wins first; at equal wins the
higher win rate (the same wins from fewer matches); then the average points per
round, fewer first where the lowest total wins and more first where the highest
does (a player who played no round comes last). Players equal on all three share
a place ("1, 1, 3") and are listed by name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, time, timedelta

from companion.storage.stats_figures import Averages, GameKey

EVENING_STARTS = time(6)
"""A table's day starts at 06:00 local time: "tonight" is every match finished
since the last 06:00, so an evening that runs past midnight stays one evening."""


def tonight_since(now: datetime) -> datetime:
    """When tonight began for a table whose clock says `now` (aware, local)."""
    start = now.replace(hour=EVENING_STARTS.hour, minute=0, second=0, microsecond=0)
    return start if start <= now else start - timedelta(days=1)


@dataclass(frozen=True)
class Ranked(Averages):
    """One line of the leaderboard: a player's place and the figures behind it."""

    player: str
    place: int
    matches: int
    wins: int
    rounds: int
    points: int


@dataclass(frozen=True)
class Leaderboard:
    """A game's players in order over a period (`since` None: all time)."""

    key: GameKey
    since: datetime | None
    lines: tuple[Ranked, ...]


Counts = tuple[str, int, int, int, int]
"""(player, matches, wins, rounds, points) over the period."""


def _order(key: GameKey, counts: Counts) -> tuple[float, ...]:
    _, matches, wins, rounds, points = counts
    if rounds:
        per_round = points / rounds
        third = per_round if key.lowest_wins else -per_round
        return (-wins, -wins / matches, 0, third)
    return (-wins, -wins / matches, 1, 0)


def ranked(key: GameKey, since: datetime | None, rows: Iterable[Counts]) -> Leaderboard:
    """The leaderboard of `key` from each player's counts (players with no match
    in the period are left out)."""
    counted = [row for row in rows if row[1] > 0]
    counted.sort(key=lambda row: (_order(key, row), row[0]))
    lines: list[Ranked] = []
    for index, row in enumerate(counted):
        place = index + 1
        if index and _order(key, counted[index - 1]) == _order(key, row):
            place = lines[-1].place
        lines.append(Ranked(row[0], place, *row[1:]))
    return Leaderboard(key, since, tuple(lines))


def without(board: Leaderboard, left_out: set[str]) -> Leaderboard:
    """The same leaderboard without some players (hidden ones), ranked again."""
    if not left_out:
        return board
    rows = [
        (line.player, line.matches, line.wins, line.rounds, line.points)
        for line in board.lines
        if line.player not in left_out
    ]
    return ranked(board.key, board.since, rows)
