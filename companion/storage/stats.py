"""Stats per game, per player, head to head and records, from the index entries.

A game's figures are never mixed with another's: they are grouped by the game id
and the match's own rule (lowest or highest total wins), as the match says, so a
game added later needs nothing here. Only finished matches count.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from companion.storage.records import MatchSummary
from companion.storage.stats_figures import (
    Feat,
    GameKey,
    GameRecords,
    HeadToHead,
    PlayerGameStats,
    Result,
)
from companion.storage.stats_ranking import Counts, Leaderboard, Ranked, ranked
from companion.storage.stats_tally import GameTally, PlayerTally, Seat

__all__ = [
    "Feat",
    "GameKey",
    "GameRecords",
    "HeadToHead",
    "Leaderboard",
    "PlayerGameStats",
    "Ranked",
    "Result",
    "StatsBook",
    "key_of",
]


def key_of(summary: MatchSummary) -> GameKey | None:
    """The group a match counts in, or None if it does not count (yet)."""
    if summary.finished is None or summary.facts is None:
        return None
    return GameKey(summary.game_id, summary.facts.lowest_wins)


class StatsBook:
    """The figures of every player and game, kept in step with the index.

    `put` and `remove` follow every change of an index entry, and cost the same
    however many matches are stored: the index never needs the match files, and
    the screens never need to look at every match.
    """

    def __init__(self, summaries: Iterable[MatchSummary] = ()) -> None:
        self._counted: dict[str, tuple[GameKey, tuple[str, ...]]] = {}
        self._games: dict[GameKey, GameTally] = {}
        self._players: dict[str, dict[GameKey, PlayerTally]] = {}
        for summary in summaries:
            self.put(summary)

    def put(self, summary: MatchSummary) -> None:
        """Count a match as its entry now says (replacing what it said before)."""
        self.remove(summary.id)
        key = key_of(summary)
        if key is None:
            return
        self._counted[summary.id] = (key, summary.players)
        game = self._games.get(key)
        if game is None:
            game = self._games[key] = GameTally(key)
        game.add(summary)
        for player in summary.players:
            games = self._players.setdefault(player, {})
            tally = games.get(key)
            if tally is None:
                tally = games[key] = PlayerTally(player, key)
            tally.add(Seat.of(summary, player))

    def remove(self, match_id: str) -> None:
        """Stop counting a match."""
        counted = self._counted.pop(match_id, None)
        if counted is None:
            return
        key, players = counted
        game = self._games[key]
        game.remove(match_id)
        if not game.lines:
            del self._games[key]
        for player in players:
            games = self._players[player]
            games[key].remove(match_id)
            if not games[key].seats:
                del games[key]
            if not games:
                del self._players[player]

    def warm(self) -> None:
        """Work out every figure now (at open), so no screen waits for the first."""
        for games in self._players.values():
            for tally in games.values():
                tally.stats()
        self.records()

    def _tally(self, player: str, key: GameKey) -> PlayerTally | None:
        return self._players.get(player, {}).get(key)

    def player_games(self, player: str) -> list[PlayerGameStats]:
        """A player's figures per game, the game played most first."""
        stats = [tally.stats() for tally in self._players.get(player, {}).values()]
        return sorted(stats, key=lambda s: (-s.matches, s.key))

    def head_to_head(self, player: str, key: GameKey) -> list[HeadToHead]:
        """A player against each other player they met at one game."""
        tally = self._tally(player, key)
        return [] if tally is None else tally.head_to_head()

    def results(
        self, player: str, key: GameKey, last: int | None = None
    ) -> list[Result]:
        """A player's result in each match of one game, oldest first."""
        tally = self._tally(player, key)
        return [] if tally is None else tally.results(last)

    def records(self) -> list[GameRecords]:
        """The records of each game, the game with most matches first."""
        keys = sorted(self._games, key=lambda k: (-len(self._games[k].lines), k))
        return [self._games[key].records() for key in keys]

    def leaderboard_games(self, since: datetime | None = None) -> list[GameKey]:
        """The games with a match played at or after `since` (None: ever), the
        one played last first."""
        games = self._games
        keys = [
            key
            for key, game in games.items()
            if since is None or game.last_played >= since
        ]
        return sorted(keys, key=lambda k: (games[k].last_played, k), reverse=True)

    def leaderboard(self, key: GameKey, since: datetime | None = None) -> Leaderboard:
        """The players of one game ranked over the matches played at or after
        `since` (None: all time); see stats_ranking for the order."""
        return ranked(key, since, self._counts(key, since))

    def _counts(self, key: GameKey, since: datetime | None) -> list[Counts]:
        if since is None:
            # All time: the running sums each player's tally keeps.
            rows: list[Counts] = []
            for games in self._players.values():
                tally = games.get(key)
                if tally is not None:
                    s = tally.stats()
                    rows.append((s.player, s.matches, s.wins, s.rounds, s.points))
            return rows
        game = self._games.get(key)
        if game is None:
            return []
        # A period: only its matches, found by date in the game's time order.
        sums: dict[str, list[int]] = {}
        for match_id, players in game.played_since(since):
            for player in players:
                seat = self._players[player][key].seats[match_id]
                row = sums.setdefault(player, [0, 0, 0, 0])
                row[0] += 1
                row[1] += seat.won
                row[2] += seat.rounds
                row[3] += seat.total
        return [(player, m, w, r, p) for player, (m, w, r, p) in sums.items()]

    def snapshot(self, since: datetime | None = None) -> dict[str, Any]:
        """Every figure at once (the leaderboards also from `since`): to compare
        two books."""
        players = {
            player: [
                (
                    stats,
                    self.head_to_head(player, stats.key),
                    self.results(player, stats.key),
                )
                for stats in self.player_games(player)
            ]
            for player in sorted(self._players)
        }
        boards = [
            self.leaderboard(key, period)
            for key in sorted(self._games)
            for period in (None, since)
        ]
        return {"players": players, "records": self.records(), "boards": boards}
