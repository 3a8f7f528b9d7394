"""The figures the stats hand out: per player and game, head to head, records."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple


class GameKey(NamedTuple):
    """What stats are kept apart by: the game, and whether lowest or highest wins."""

    game_id: str
    lowest_wins: bool


class Averages:
    """The averages of a player's figures at a game: every figure type has them."""

    matches: int
    wins: int
    rounds: int
    points: int

    @property
    def win_rate(self) -> float:
        """Wins (shared ones included) per match played, from 0 to 1."""
        return self.wins / self.matches

    @property
    def per_round(self) -> float | None:
        """Average points per round, None if no round was played."""
        return self.points / self.rounds if self.rounds else None


@dataclass(frozen=True)
class PlayerGameStats(Averages):
    """One player's figures at one game."""

    player: str
    key: GameKey
    matches: int
    wins: int
    shared_wins: int
    rounds: int
    points: int
    best_round: int | None
    worst_round: int | None
    current_streak: int
    longest_streak: int
    last_played: datetime

    @property
    def per_match(self) -> float:
        """Average final total per match."""
        return self.points / self.matches


@dataclass(frozen=True)
class HeadToHead:
    """How often a player finished ahead of, behind or level with another."""

    other: str
    together: int
    ahead: int
    behind: int

    @property
    def level(self) -> int:
        """Matches where both finished in the same place."""
        return self.together - self.ahead - self.behind


@dataclass(frozen=True)
class Result:
    """A player's outcome of one match: what the chart over time draws."""

    match_id: str
    when: datetime
    total: int
    place: int
    won: bool


@dataclass(frozen=True)
class Feat:
    """A record: its figure, who set it, and the match (and date) it was set in."""

    value: int
    players: tuple[str, ...]
    match_id: str
    when: datetime


@dataclass(frozen=True)
class GameRecords:
    """The records of one game; a record is None until a match sets it."""

    key: GameKey
    highest_round: Feat | None
    best_winning_total: Feat | None
    """The lowest total that won a match, or the highest where highest wins."""
    longest_match: Feat
    most_wins: Feat | None
