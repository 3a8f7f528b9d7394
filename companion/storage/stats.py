"""Stats per game, per player, head to head and records, from the index entries.

A game's figures are never mixed with another's: they are grouped by the game id
and the match's own rule (lowest or highest total wins), as the match says, so a
game added later needs nothing here. Only finished matches count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from companion.storage.records import MatchSummary


@dataclass(frozen=True, order=True)
class GameKey:
    """What stats are kept apart by: the game, and whether lowest or highest wins."""

    game_id: str
    lowest_wins: bool


@dataclass(frozen=True)
class PlayerGameStats:
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
    def win_rate(self) -> float:
        """Wins (shared ones included) per match played, from 0 to 1."""
        return self.wins / self.matches

    @property
    def per_round(self) -> float | None:
        """Average points per round, None if no round was played."""
        return self.points / self.rounds if self.rounds else None

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
    lowest_winning_total: Feat | None
    longest_match: Feat
    most_wins: Feat | None


@dataclass(frozen=True)
class _Figures:
    stats: PlayerGameStats
    head_to_head: tuple[HeadToHead, ...]
    results: tuple[Result, ...]


def key_of(summary: MatchSummary) -> GameKey | None:
    """The group a match counts in, or None if it does not count (yet)."""
    if summary.finished is None or summary.facts is None:
        return None
    return GameKey(summary.game_id, summary.facts.lowest_wins)


def _when(summary: MatchSummary) -> datetime:
    return summary.finished or summary.created


def _in_order(matches: Iterable[MatchSummary]) -> list[MatchSummary]:
    return sorted(matches, key=lambda s: (_when(s), s.id))


def _streaks(wins: list[bool]) -> tuple[int, int]:
    current = longest = 0
    for won in wins:
        current = current + 1 if won else 0
        longest = max(longest, current)
    return current, longest


def _figures(player: str, key: GameKey, matches: list[MatchSummary]) -> _Figures:
    results: list[Result] = []
    rounds = points = shared = 0
    lows: list[int] = []
    highs: list[int] = []
    meetings: dict[str, list[int]] = {}
    for summary in matches:
        facts = summary.facts
        assert facts is not None
        seat = summary.players.index(player)
        won = player in summary.winners
        shared += won and len(summary.winners) > 1
        results.append(
            Result(
                summary.id,
                _when(summary),
                facts.totals[seat],
                facts.places[seat],
                won,
            )
        )
        rounds += summary.round_count
        points += facts.totals[seat]
        if facts.low is not None and facts.high is not None:
            lows.append(facts.low[seat])
            highs.append(facts.high[seat])
        for other_seat, other in enumerate(summary.players):
            if other != player:
                tally = meetings.setdefault(other, [0, 0, 0])
                tally[0] += 1
                mine, theirs = facts.places[seat], facts.places[other_seat]
                tally[1] += mine < theirs
                tally[2] += mine > theirs
    current, longest = _streaks([r.won for r in results])
    best, worst = (lows, highs) if key.lowest_wins else (highs, lows)
    stats = PlayerGameStats(
        player=player,
        key=key,
        matches=len(results),
        wins=sum(r.won for r in results),
        shared_wins=shared,
        rounds=rounds,
        points=points,
        best_round=(min if key.lowest_wins else max)(best) if best else None,
        worst_round=(max if key.lowest_wins else min)(worst) if worst else None,
        current_streak=current,
        longest_streak=longest,
        last_played=results[-1].when,
    )
    head_to_head = tuple(
        HeadToHead(other, *tally) for other, tally in sorted(meetings.items())
    )
    return _Figures(stats, head_to_head, tuple(results))


def _first_best(
    candidates: Iterable[tuple[int, tuple[str, ...], MatchSummary]], highest: bool
) -> Feat | None:
    best: Feat | None = None
    for value, players, summary in candidates:
        if best is None or (value > best.value if highest else value < best.value):
            best = Feat(value, players, summary.id, _when(summary))
    return best


def _records(key: GameKey, matches: list[MatchSummary]) -> GameRecords:
    # In time order, so a record tied later stays with the match that set it.
    def round_feats():
        for s in matches:
            facts = s.facts
            if facts is not None and facts.high is not None:
                top = max(facts.high)
                seats = zip(s.players, facts.high, strict=True)
                players = tuple(p for p, h in seats if h == top)
                yield top, players, s

    def winning_totals():
        for s in matches:
            if s.winners and s.facts is not None:
                seat = s.players.index(s.winners[0])
                yield s.facts.totals[seat], s.winners, s

    wins = Counter(w for s in matches for w in s.winners)
    most_wins = None
    if wins:
        top = max(wins.values())
        leaders = tuple(sorted(p for p, n in wins.items() if n == top))
        last_win = next(s for s in reversed(matches) if leaders[0] in s.winners)
        most_wins = Feat(top, leaders, last_win.id, _when(last_win))
    longest = _first_best(((s.round_count, s.players, s) for s in matches), True)
    assert longest is not None
    return GameRecords(
        key=key,
        highest_round=_first_best(round_feats(), True),
        lowest_winning_total=_first_best(winning_totals(), False),
        longest_match=longest,
        most_wins=most_wins,
    )


class StatsBook:
    """The figures of every player and game, kept in step with the index.

    `put` and `remove` follow every change of an index entry; only the groups a
    change touches are worked out again, and only when next asked for.
    """

    def __init__(self, summaries: Iterable[MatchSummary] = ()) -> None:
        self._keys: dict[str, GameKey] = {}
        self._games: dict[GameKey, dict[str, MatchSummary]] = {}
        self._players: dict[str, dict[GameKey, dict[str, MatchSummary]]] = {}
        self._figures: dict[tuple[str, GameKey], _Figures] = {}
        self._records: dict[GameKey, GameRecords] = {}
        for summary in summaries:
            self.put(summary)

    def put(self, summary: MatchSummary) -> None:
        """Count a match as its entry now says (replacing what it said before)."""
        self.remove(summary.id)
        key = key_of(summary)
        if key is None:
            return
        self._keys[summary.id] = key
        self._games.setdefault(key, {})[summary.id] = summary
        self._records.pop(key, None)
        for player in summary.players:
            self._players.setdefault(player, {}).setdefault(key, {})[summary.id] = (
                summary
            )
            self._figures.pop((player, key), None)

    def remove(self, match_id: str) -> None:
        """Stop counting a match."""
        key = self._keys.pop(match_id, None)
        if key is None:
            return
        summary = self._games[key].pop(match_id)
        if not self._games[key]:
            del self._games[key]
        self._records.pop(key, None)
        for player in summary.players:
            games = self._players[player]
            del games[key][match_id]
            if not games[key]:
                del games[key]
            if not games:
                del self._players[player]
            self._figures.pop((player, key), None)

    def _player_figures(self, player: str, key: GameKey) -> _Figures:
        figures = self._figures.get((player, key))
        if figures is None:
            matches = _in_order(self._players[player][key].values())
            figures = _figures(player, key, matches)
            self._figures[(player, key)] = figures
        return figures

    def player_games(self, player: str) -> list[PlayerGameStats]:
        """A player's figures per game, the game played most first."""
        stats = [
            self._player_figures(player, key).stats
            for key in self._players.get(player, {})
        ]
        return sorted(stats, key=lambda s: (-s.matches, s.key))

    def head_to_head(self, player: str, key: GameKey) -> list[HeadToHead]:
        """A player against each other player they met at one game."""
        if key not in self._players.get(player, {}):
            return []
        return list(self._player_figures(player, key).head_to_head)

    def results(self, player: str, key: GameKey) -> list[Result]:
        """A player's result in each match of one game, oldest first."""
        if key not in self._players.get(player, {}):
            return []
        return list(self._player_figures(player, key).results)

    def records(self) -> list[GameRecords]:
        """The records of each game, the game with most matches first."""
        for key, matches in self._games.items():
            if key not in self._records:
                self._records[key] = _records(key, _in_order(matches.values()))
        keys = sorted(self._games, key=lambda k: (-len(self._games[k]), k))
        return [self._records[key] for key in keys]

    def snapshot(self) -> dict[str, Any]:
        """Every figure at once: to compare two books."""
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
        return {"players": players, "records": self.records()}
