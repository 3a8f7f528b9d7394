"""The stored matches: each match's file and its summary in the index, kept in step."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable

from companion.engine.match import Match
from companion.storage.errors import StoreError
from companion.storage.index import MatchIndex, repair_index
from companion.storage.matchfiles import MatchFiles
from companion.storage.records import (
    MatchSummary,
    StoredMatch,
    finished_time,
    new_match_id,
    now,
    summary_of,
)
from companion.storage.stats import StatsBook


class StoredMatches:
    """Every stored match by id: its file is the truth, the index lists them all.

    Holds no lock of its own: the Store calls it only while holding its lock.
    """

    def __init__(self, files: MatchFiles, index: MatchIndex) -> None:
        self._files = files
        self._index = index

    def repair_index(self, on_disk: dict[str, int]) -> int:
        """Bring the index in line with the match files; returns how many were wrong."""
        return repair_index(self._index, on_disk, self._read_summary)

    def _read_summary(self, match_id: str) -> tuple[MatchSummary | None, int]:
        stored, revision = self._files.read(match_id)
        return (None if stored is None else summary_of(stored)), revision

    def write(self, stored: StoredMatch) -> None:
        """Write a match's file durably, then its summary in the index."""
        revision = self._files.write(stored)
        with contextlib.suppress(StoreError):
            # The match file, already written, is the truth: the index entry
            # names an older revision and is rebuilt from the file on next open.
            self._index.put(summary_of(stored), revision)

    def summaries(self) -> list[MatchSummary]:
        """Every stored match, newest first, without opening the match files."""
        return self._index.summaries()

    @property
    def stats(self) -> StatsBook:
        """The figures per game and player, kept with the index."""
        return self._index.stats

    def ids(self) -> list[str]:
        """Every stored match's id, in no order."""
        return list(self._index.revisions())

    def exists(self, match_id: str) -> bool:
        """Whether a match with this id is stored."""
        return self._index.get(match_id) is not None

    def ids_with_player(self, name: str) -> list[str]:
        """The ids of the stored matches `name` plays in."""
        return [s.id for s in self._index.summaries() if name in s.players]

    def load(self, match_id: str) -> StoredMatch:
        """A stored match; StoreError("no-such-match") if there is none."""
        summary = self._index.get(match_id)
        if summary is None:
            raise StoreError("no-such-match", id=match_id)
        stored, revision = self._files.read(match_id)
        if stored is None:
            self._index.remove(match_id)
            raise StoreError("no-such-match", id=match_id)
        if self._index.revision(match_id) != revision:
            with contextlib.suppress(StoreError):
                self._index.put(summary_of(stored), revision)
        return stored

    def add(self, match: Match) -> str:
        """Store a new match under a fresh id; returns the id."""
        match_id = new_match_id()
        while self._index.get(match_id) is not None:
            match_id = new_match_id()
        self.write(StoredMatch(match_id, now(), finished_time(match, None), match))
        return match_id

    def save(self, match_id: str, match: Match, base: Match | None) -> None:
        """Replace a stored match, unless it is no longer `base` (when given)."""
        summary = self._index.get(match_id)
        if summary is None:
            raise StoreError("no-such-match", id=match_id)
        if base is not None and self.load(match_id).match != base:
            raise StoreError("match-changed", id=match_id)
        finished = finished_time(match, summary.finished)
        self.write(StoredMatch(match_id, summary.created, finished, match))

    def update(self, match_id: str, change: Callable[[Match], Match]) -> Match:
        """Apply `change` to the stored match and save the result."""
        previous = self.load(match_id)
        match = change(previous.match)
        finished = finished_time(match, previous.finished)
        self.write(StoredMatch(match_id, previous.created, finished, match))
        return match

    def delete(self, match_id: str) -> None:
        """Delete a stored match for good."""
        if self._index.get(match_id) is None:
            raise StoreError("no-such-match", id=match_id)
        self._files.delete(match_id)
        with contextlib.suppress(StoreError):
            # Repaired on the next open: the index names a file that is gone.
            self._index.remove(match_id)

    def add_imported(
        self,
        matches: Iterable[StoredMatch],
        include_players: Callable[[Iterable[str]], None],
    ) -> list[str]:
        """Store matches with their own ids, skipping ids already stored.

        `include_players` puts each new match's players on the roster before its
        file is written.
        """
        entries: list[tuple[MatchSummary, int]] = []
        try:
            for stored in matches:
                if self._index.get(stored.id) is None:
                    include_players(stored.match.players)
                    revision = self._files.write(stored)
                    entries.append((summary_of(stored), revision))
        finally:
            # List what was written even if a later write failed.
            if entries:
                self._index.rewrite(entries, [])
        return [summary.id for summary, _ in entries]
