"""Running tallies behind the stats: each match is added or taken away in one step.

Sums, head-to-head counts and the spread of round points are kept as counters,
so a change costs the same with 10 matches as with 10,000; only the streaks walk
a player's results, kept in time order, and only when asked for.
"""

from __future__ import annotations

import bisect
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from companion.storage.records import MatchSummary
from companion.storage.stats_figures import (
    Feat,
    GameKey,
    GameRecords,
    HeadToHead,
    PlayerGameStats,
    Result,
)


def when_of(summary: MatchSummary) -> datetime:
    """When a match counts as played: when it finished."""
    return summary.finished or summary.created


class Seat(NamedTuple):
    """One player's part in one match, worked out once when the match is counted."""

    when: datetime
    match_id: str
    total: int
    place: int
    won: bool
    shared: bool
    rounds: int
    low: int | None
    high: int | None
    rivals: tuple[tuple[str, int], ...]
    """Each other player with -1 (this player ahead), 0 (level) or 1 (behind)."""

    @classmethod
    def of(cls, summary: MatchSummary, player: str) -> Seat:
        """The part `player` had in a counted match."""
        facts = summary.facts
        assert facts is not None
        seat = summary.players.index(player)
        mine = facts.places[seat]
        rivals = tuple(
            (other, (mine > theirs) - (mine < theirs))
            for other, theirs in zip(summary.players, facts.places, strict=True)
            if other != player
        )
        return cls(
            when=when_of(summary),
            match_id=summary.id,
            total=facts.totals[seat],
            place=mine,
            won=player in summary.winners,
            shared=player in summary.winners and len(summary.winners) > 1,
            rounds=summary.round_count,
            low=None if facts.low is None else facts.low[seat],
            high=None if facts.high is None else facts.high[seat],
            rivals=rivals,
        )

    @property
    def order(self) -> tuple[datetime, str]:
        return self.when, self.match_id

    def result(self) -> Result:
        return Result(self.match_id, self.when, self.total, self.place, self.won)


def _count(counter: Counter[int], value: int | None, step: int) -> None:
    if value is None:
        return
    counter[value] += step
    if not counter[value]:
        del counter[value]


class PlayerTally:
    """One player's matches at one game, as running sums."""

    def __init__(self, player: str, key: GameKey) -> None:
        self.player = player
        self.key = key
        self.seats: dict[str, Seat] = {}
        self._order: list[tuple[datetime, str]] = []
        self._wins = self._shared = self._rounds = self._points = 0
        self._lows = Counter[int]()
        self._highs = Counter[int]()
        self._meetings: dict[str, list[int]] = {}
        self._stats: PlayerGameStats | None = None

    def _apply(self, seat: Seat, step: int) -> None:
        self._wins += step * seat.won
        self._shared += step * seat.shared
        self._rounds += step * seat.rounds
        self._points += step * seat.total
        _count(self._lows, seat.low, step)
        _count(self._highs, seat.high, step)
        meetings = self._meetings
        for other, outcome in seat.rivals:
            met = meetings.get(other)
            if met is None:
                met = meetings[other] = [0, 0, 0]
            # [matches together, this player ahead, behind]
            met[0] += step
            met[1] += step * (outcome < 0)
            met[2] += step * (outcome > 0)
            if not met[0]:
                del meetings[other]
        self._stats = None

    def add(self, seat: Seat) -> None:
        self.seats[seat.match_id] = seat
        bisect.insort(self._order, seat.order)
        self._apply(seat, 1)

    def remove(self, match_id: str) -> None:
        seat = self.seats.pop(match_id)
        del self._order[bisect.bisect_left(self._order, seat.order)]
        self._apply(seat, -1)

    def _streaks(self) -> tuple[int, int]:
        current = longest = 0
        seats = self.seats
        for _, match_id in self._order:
            current = current + 1 if seats[match_id].won else 0
            longest = max(longest, current)
        return current, longest

    def stats(self) -> PlayerGameStats:
        """The player's figures at this game (worked out again after a change)."""
        if self._stats is None:
            current, longest = self._streaks()
            lowest = self.key.lowest_wins
            best, worst = self._lows, self._highs
            if not lowest:
                best, worst = worst, best
            self._stats = PlayerGameStats(
                player=self.player,
                key=self.key,
                matches=len(self.seats),
                wins=self._wins,
                shared_wins=self._shared,
                rounds=self._rounds,
                points=self._points,
                best_round=(min if lowest else max)(best) if best else None,
                worst_round=(max if lowest else min)(worst) if worst else None,
                current_streak=current,
                longest_streak=longest,
                last_played=self._order[-1][0],
            )
        return self._stats

    def head_to_head(self) -> list[HeadToHead]:
        """Against each other player met at this game, by name."""
        return [
            HeadToHead(other, *met) for other, met in sorted(self._meetings.items())
        ]

    def results(self, last: int | None = None) -> list[Result]:
        """The player's results, oldest first (only the `last` ones if given)."""
        order = self._order if last is None else self._order[-last:]
        return [self.seats[match_id].result() for _, match_id in order]


@dataclass(frozen=True)
class _Line:
    """What the records need of one match."""

    when: datetime
    match_id: str
    players: tuple[str, ...]
    winners: tuple[str, ...]
    rounds: int
    top: int | None
    top_players: tuple[str, ...]
    winning_total: int | None

    @classmethod
    def of(cls, summary: MatchSummary) -> _Line:
        facts = summary.facts
        assert facts is not None
        top = None if facts.high is None else max(facts.high)
        top_players: tuple[str, ...] = ()
        if facts.high is not None:
            seats = zip(summary.players, facts.high, strict=True)
            top_players = tuple(p for p, high in seats if high == top)
        winning_total = None
        if summary.winners:
            winning_total = facts.totals[summary.players.index(summary.winners[0])]
        return cls(
            when_of(summary),
            summary.id,
            summary.players,
            summary.winners,
            summary.round_count,
            top,
            top_players,
            winning_total,
        )


class GameTally:
    """Every counted match of one game, for its records."""

    def __init__(self, key: GameKey) -> None:
        self.key = key
        self.lines: dict[str, _Line] = {}
        self._order: list[tuple[datetime, str]] = []
        self._wins = Counter[str]()
        self._records: GameRecords | None = None

    def add(self, summary: MatchSummary) -> None:
        line = self.lines[summary.id] = _Line.of(summary)
        bisect.insort(self._order, (line.when, line.match_id))
        self._wins.update(summary.winners)
        self._records = None

    def remove(self, match_id: str) -> None:
        line = self.lines.pop(match_id)
        del self._order[bisect.bisect_left(self._order, (line.when, match_id))]
        self._wins.subtract(line.winners)
        self._wins = +self._wins
        self._records = None

    @property
    def last_played(self) -> datetime:
        """When the game's latest counted match was played."""
        return self._order[-1][0]

    def played_since(self, since: datetime) -> list[tuple[str, tuple[str, ...]]]:
        """(match id, players) of each match played at or after `since`."""
        start = bisect.bisect_left(self._order, (since, ""))
        lines = self.lines
        return [
            (match_id, lines[match_id].players) for _, match_id in self._order[start:]
        ]

    def records(self) -> GameRecords:
        """The game's records; a record tied later stays with the match that set it."""
        if self._records is None:
            self._records = self._work_out()
        return self._records

    def _work_out(self) -> GameRecords:
        lines = [self.lines[match_id] for _, match_id in self._order]
        highest = best = longest = None
        # The best win: the lowest total where lowest wins, else the highest.
        sign = 1 if self.key.lowest_wins else -1
        for line in lines:
            if line.top is not None and (highest is None or line.top > highest.value):
                highest = Feat(line.top, line.top_players, line.match_id, line.when)
            total = line.winning_total
            if total is not None and (best is None or sign * total < sign * best.value):
                best = Feat(total, line.winners, line.match_id, line.when)
            if longest is None or line.rounds > longest.value:
                longest = Feat(line.rounds, line.players, line.match_id, line.when)
        assert longest is not None
        most_wins = None
        if self._wins:
            top = max(self._wins.values())
            leaders = tuple(sorted(p for p, n in self._wins.items() if n == top))
            last = next(line for line in reversed(lines) if leaders[0] in line.winners)
            most_wins = Feat(top, leaders, last.match_id, last.when)
        return GameRecords(self.key, highest, best, longest, most_wins)
