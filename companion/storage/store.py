"""The Store: the one way the app reads and writes matches, players and settings."""

from __future__ import annotations

import threading
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from tinydb import TinyDB

from companion.engine.game_definitions import define_game, game_definition
from companion.engine.games import Game
from companion.engine.match import Match
from companion.engine.origins import new_phone_id
from companion.storage import schema, transfer
from companion.storage.backends import Backend, FileBackend, MemoryBackend
from companion.storage.browser_files import IndexedDBFiles, SyncingBackend
from companion.storage.checks import make_check
from companion.storage.drafts import Drafts, check_drafts
from companion.storage.errors import StoreError, StoreNotice
from companion.storage.index import MatchIndex
from companion.storage.locking import DirectoryLock, unusable
from companion.storage.match_copies import let_go, pair_of
from companion.storage.match_merge import Followed, TakenIn, merge_match, merge_matches
from companion.storage.matches import StoredMatches
from companion.storage.matchfiles import MatchFiles
from companion.storage.own_games import OwnGames
from companion.storage.records import MatchSummary, PlayerRecord, StoredMatch
from companion.storage.roster import Roster
from companion.storage.stats import (
    GameKey,
    GameRecords,
    HeadToHead,
    Leaderboard,
    PlayerGameStats,
    Result,
)

Method = TypeVar("Method", bound=Callable[..., Any])


def reads(method: Method) -> Method:
    """Mark a Store method that changes nothing stored: the screens may call it.

    Every other public method counts as a write (or an export), which the
    screens reach only through AppState (ui/frame/state*.py), asking the share
    gate first: a new method is a write until it is marked, and
    tests/test_gated_writes.py finds any write named in companion/ui/ but there.
    """
    method.reads_only = True  # type: ignore[attr-defined]
    return method


class Store:
    """Matches, players and settings of one data directory, or of memory.

    One Store serves every session of the process: each public method holds one
    lock, so read-modify-write sequences never interleave. A second Store on the
    same directory (in any process) is refused with StoreError("data-locked").
    """

    def __init__(
        self,
        backend: Backend,
        notices: list[StoreNotice],
        lock: DirectoryLock | None = None,
        durable: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self._lock = threading.RLock()
        self._phone_id: str | None = None
        self._durable = durable
        self._backend = backend
        self.one_device = False
        """Whether one device alone opens this store: drafts.ONE_DEVICE's drafts."""
        self._directory_lock = lock
        self.data_dir: Path | None = backend.root
        self.notices = notices
        self._migrated: set[int] = set()
        self._databases: dict[tuple[str, str], TinyDB] = {}
        files = MatchFiles(backend, make_check("matches", self._migrated.add))
        found = backend.keys()
        self._roster = Roster(self._database("roster", "roster"))
        self._own_games = OwnGames(self._database("roster", "roster"))
        index = MatchIndex(
            lambda bucket: self._database("index", bucket), found["index"]
        )
        self._matches = StoredMatches(files, index)
        self._drafts = Drafts(
            lambda device: self._database("drafts", device),
            self._matches.exists,
            phones=found["drafts"],
            forget=lambda device: self._databases.pop(("drafts", device), None),
        )
        repaired = self._matches.repair_index(found["matches"])
        if repaired:
            self.notices.append(StoreNotice("index-repaired", {"matches": repaired}))
        pending = self._roster.pending_rename()
        if pending is not None:
            self._rename_everywhere(*pending)
        names = (name for s in self._matches.summaries() for name in s.players)
        self._roster.include(names)
        self._matches.stats.warm()
        if self._migrated:
            versions = {"from_version": min(self._migrated)}
            versions["to_version"] = schema.SCHEMA_VERSION
            self.notices.append(StoreNotice("data-migrated", versions))

    @classmethod
    def open(cls, data_dir: Path | str, *, read_only: bool = False) -> Store:
        """The store of a data directory (created if need be), locked for this Store.

        `read_only` (export) neither creates nor needs to write the directory, so
        a read-only medium works; it is refused only while a writer holds it.
        """
        root = Path(data_dir)
        lock = DirectoryLock.share(root) if read_only else DirectoryLock.take(root)
        try:
            notices: list[StoreNotice] = []
            try:
                backend = FileBackend(root, notices.append, read_only=read_only)
            except OSError as error:
                raise unusable(root, error) from error
            return cls(backend, notices, lock)
        except BaseException:
            lock.release()
            raise

    @classmethod
    def in_browser(cls, files: IndexedDBFiles) -> Store:
        """The store in the browser's IndexedDB folder (loaded: see IndexedDBFiles).

        No directory lock: the browser has no flock, and the app holds a Web
        Lock instead, so that a second tab never opens the store. Every write
        starts a sync; durable() waits for one.
        """
        notices: list[StoreNotice] = []
        backend = SyncingBackend(files, notices.append)
        store = cls(backend, notices, durable=files.synced)
        store.one_device = True
        return store

    @classmethod
    def in_memory(cls) -> Store:
        """A store that keeps everything in memory: for tests."""
        return cls(MemoryBackend(), [])

    def close(self) -> None:
        """Release the data directory for another Store."""
        with self._lock:
            if self._directory_lock is not None:
                self._directory_lock.release()
                self._directory_lock = None

    @reads
    async def durable(self) -> None:
        """Return once every change that returned so far survives a killed tab.

        On disk that is already so when a save returns (it is fsynced); in the
        browser it waits for the sync to IndexedDB. StoreError if that failed.
        """
        if self._durable is not None:
            await self._durable()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _database(self, kind: str, key: str) -> TinyDB:
        database = self._databases.get((kind, key))
        if database is None:
            drafts = kind == "drafts"
            check = check_drafts if drafts else make_check(kind, self._migrated.add)
            database = self._backend.database(kind, key, check)
            self._databases[(kind, key)] = database
        return database

    # Matches

    @reads
    def list_matches(self) -> list[MatchSummary]:
        """Every stored match, newest first, without opening the match files."""
        with self._lock:
            return self._matches.summaries()

    @reads
    def load_stored(self, match_id: str) -> StoredMatch:
        """A match with its id and created and finished times."""
        with self._lock:
            return self._matches.load(match_id)

    @reads
    def load_match(self, match_id: str) -> Match:
        """A stored match; StoreError("no-such-match") if there is none."""
        return self.load_stored(match_id).match

    def add_match(self, match: Match, *, drop_empty: bool = False) -> str:
        """Store a new match (its players join the roster); returns its id.

        With `drop_empty`, every other match with no round recorded goes: the
        table left it for this one, and it holds nothing to keep.
        """
        with self._lock:
            self._roster.include(match.players)
            if drop_empty:
                for summary in self._matches.summaries():
                    if summary.round_count == 0:
                        self._matches.delete(summary.id)
            return self._matches.add(match)

    def save_match(
        self, match_id: str, match: Match, *, base: Match | None = None
    ) -> None:
        """Replace a stored match, durably, or StoreError and the disk unchanged.

        With `base` (the match as loaded), StoreError("match-changed") when the
        stored match is no longer that one, rather than overwrite another change.
        """
        with self._lock:
            self._matches.save(match_id, match, base)

    def update_match(self, match_id: str, change: Callable[[Match], Match]) -> Match:
        """Apply `change` to the stored match and save the result, as one step."""
        with self._lock:
            return self._matches.update(match_id, change)

    def delete_match(self, match_id: str) -> None:
        """Delete a stored match for good."""
        with self._lock:
            self._matches.delete(match_id)

    def restore_match(self, stored: StoredMatch) -> None:
        """Put a deleted match back as it was (its id, times and rounds)."""
        with self._lock:
            if not self._matches.add_imported([stored], self._roster.include):
                raise StoreError("match-exists", id=stored.id)

    @reads
    def copy_pair(self, match_id: str) -> tuple[str, str] | None:
        """The pair (original, copy) of stored copies of one match that
        `match_id` is one of, or None (storage/match_copies.py)."""
        with self._lock:
            return pair_of(match_id, self._matches.ids())

    def let_copy_go(self, dropped: str, kept: str, shown: Match) -> StoredMatch:
        """Keep one of two copies of a match: delete `dropped`, the other of
        `kept`'s pair, if it is still `shown` (storage/match_copies.py); what
        was deleted, for Undo. StoreError and nothing changed otherwise."""
        with self._lock:
            return let_go(self._matches, dropped, kept, shown)

    def merge(self, arriving: StoredMatch, follows: Followed | None = None) -> TakenIn:
        """Merge a match that came from another phone (a link, the scanner, a
        follow; storage/match_merge.py): added, brought up to date, kept
        beside as a copy, already here or kept ahead here; nothing else
        changes. With `follows`, against that copy only, which is replaced
        while it is still the other phone's last version. StoreError and
        nothing changed for a name that only looks like a player's here, or
        another match sent for a followed copy."""
        with self._lock:
            return merge_match(arriving, self._matches, self._roster, follows=follows)

    def merge_all(self, arriving: Sequence[StoredMatch]) -> list[TakenIn]:
        """Merge many matches (an imported file's), each as `merge` does."""
        with self._lock:
            return merge_matches(arriving, self._matches, self._roster)

    # Rounds being entered (per device; see storage/drafts.py)

    @reads
    def draft(self, device: str, match_id: str, slot: str) -> dict[str, Any] | None:
        """The draft `device` keeps of one round of a match (drafts.draft_slot)."""
        with self._lock:
            return self._drafts.get(device, match_id, slot)

    @reads
    def drafts(self, device: str) -> dict[str, dict[str, dict[str, Any]]]:
        """Every draft `device` keeps, by match and slot: {match id: {slot: draft}}."""
        with self._lock:
            return self._drafts.of_device(device)

    def keep_draft(
        self, device: str, match_id: str, slot: str, draft: dict[str, Any]
    ) -> bool:
        """Keep a device's draft of a round, atomically; False (nothing written)
        when refused (unknown match, bad key, too large); StoreError if unwritable."""
        with self._lock:
            return self._drafts.keep(device, match_id, slot, draft)

    def drop_draft(self, device: str, match_id: str, slot: str) -> None:
        """Forget a device's draft of a round (saved, or started afresh)."""
        with self._lock:
            self._drafts.drop(device, match_id, slot)

    # Players

    @reads
    def players(self) -> list[PlayerRecord]:
        """The roster, alphabetically, hidden players included."""
        with self._lock:
            return self._roster.players()

    @reads
    def joined_order(self) -> list[str]:
        """Every player's name, in the order they joined the roster."""
        with self._lock:
            return self._roster.joined_order()

    def add_player(self, name: str) -> PlayerRecord:
        """Put a new player on the roster; StoreError("duplicate-player") if known."""
        with self._lock:
            return self._roster.add(name)

    def include_players(self, records: Iterable[PlayerRecord]) -> list[str]:
        """Add players not yet known (by name, any case); returns the names added."""
        with self._lock:
            return self._roster.include_records(records)

    def hide_player(self, name: str, hidden: bool = True) -> None:
        """Hide a player from the pickers, or show them again."""
        with self._lock:
            self._roster.set_hidden(name, hidden)

    def delete_player(self, name: str) -> None:
        """Delete a player who is in no stored match (others can only be hidden)."""
        with self._lock:
            count = len(self._matches.ids_with_player(name))
            if count:
                raise StoreError("player-in-match", player=name, matches=count)
            self._roster.remove(name)

    def rename_player(self, old: str, new: str) -> None:
        """Rename a player on the roster and in every stored match."""
        with self._lock:
            checked = self._roster.check_rename(old, new)
            if checked != old:
                self._rename_everywhere(old, checked)

    def _rename_everywhere(self, old: str, new: str) -> None:
        # Every match is renamed in memory first, so a refusal changes nothing;
        # the note lets a crash during the writes be finished on the next open.
        renamed = []
        for match_id in self._matches.ids_with_player(old):
            previous = self._matches.load(match_id)
            match = previous.match.rename_player(old, new)
            renamed.append(
                StoredMatch(match_id, previous.created, previous.finished, match)
            )
        self._roster.begin_rename(old, new)
        for stored in renamed:
            self._matches.write(stored)
        self._roster.finish_rename(old, new)

    # The user's own games

    @reads
    def own_games(self) -> list[Game]:
        """The games the user defined, by name."""
        with self._lock:
            return self._own_games.all()

    def save_own_game(self, definition: Mapping[str, Any]) -> Game:
        """Add a user's game, or replace the one with its id; MatchError (and
        nothing saved) for a bad definition. Stored matches keep their copy."""
        with self._lock:
            game = self._own_games.check(definition)
            self._own_games.put(game)
            return game

    def delete_own_game(self, game_id: str, *, even_if_played: bool = False) -> None:
        """Delete a user's game; StoreError("game-in-use") if stored matches were
        played by it, unless `even_if_played` (they keep their copy of it)."""
        with self._lock:
            game = self._own_games.get(game_id)
            if game is None:
                raise StoreError("no-such-game", id=game_id)
            played = [s for s in self._matches.summaries() if s.game_id == game_id]
            if played and not even_if_played:
                raise StoreError("game-in-use", game=game.name_key, matches=len(played))
            self._own_games.remove(game_id)

    def import_own_games(self, games: Iterable[Game]) -> list[str]:
        """Add the games whose id is not stored yet, all checked first (a name
        another game has: MatchError, nothing added); returns the ids added."""
        with self._lock:
            stored = self._own_games.all()
            known = {game.id for game in stored}
            names = [game.name_key for game in stored]
            added = []
            for game in games:
                if game.id not in known:
                    added.append(define_game(game_definition(game), taken=names))
                    names.append(game.name_key)
            for game in added:
                self._own_games.put(game)
            return [game.id for game in added]

    # Stats (from the index: no match file is read)

    @reads
    def player_games(self, name: str) -> list[PlayerGameStats]:
        """A player's figures per game over the finished matches."""
        with self._lock:
            return self._matches.stats.player_games(name)

    @reads
    def head_to_head(self, name: str, key: GameKey) -> list[HeadToHead]:
        """A player against each other player at one game."""
        with self._lock:
            return self._matches.stats.head_to_head(name, key)

    @reads
    def results(self, name: str, key: GameKey, last: int | None = None) -> list[Result]:
        """A player's result in each finished match of one game (or the `last`
        ones), oldest first."""
        with self._lock:
            return self._matches.stats.results(name, key, last)

    @reads
    def records(self) -> list[GameRecords]:
        """Each game's records."""
        with self._lock:
            return self._matches.stats.records()

    @reads
    def leaderboard_games(self, since: datetime | None = None) -> list[GameKey]:
        """The games with a finished match since `since` (None: ever), the one
        played last first."""
        with self._lock:
            return self._matches.stats.leaderboard_games(since)

    @reads
    def leaderboard(self, key: GameKey, since: datetime | None = None) -> Leaderboard:
        """A game's players ranked over the matches finished since `since`."""
        with self._lock:
            return self._matches.stats.leaderboard(key, since)

    @reads
    def stats_snapshot(self, since: datetime | None = None) -> dict[str, Any]:
        """Every figure at once (to check them against a recomputation)."""
        with self._lock:
            return self._matches.stats.snapshot(since)

    # Settings

    @reads
    def settings(self) -> dict[str, Any]:
        """Language, theme, last game and house rules (defaults where unset)."""
        with self._lock:
            return self._roster.settings()

    def update_settings(self, **changes: Any) -> None:
        """Change some settings; StoreError for an unknown setting or bad value."""
        with self._lock:
            self._roster.update_settings(changes)
            self._phone_id = None

    @reads
    def known_phone_id(self) -> str:
        """This store's phone's id if one was made yet, else ""."""
        with self._lock:
            if self._phone_id is None:
                known = str(self._roster.settings()["phone_id"])
                self._phone_id = known or None
                return known
            return self._phone_id

    def phone_id(self) -> str:
        """This store's phone's id (engine/origins.py), made and kept the
        first time it is asked for; StoreError if it cannot be kept."""
        with self._lock:
            if self._phone_id is None:
                known = self._roster.settings()["phone_id"]
                if not known:
                    known = new_phone_id()
                    self._roster.update_settings({"phone_id": known})
                self._phone_id = known
            return self._phone_id

    # Export and import

    def export_all(self, path: Path | str) -> int:
        """Write every match, player and setting to a JSON file; returns matches."""
        with self._lock:
            return transfer.export_all(self, Path(path))

    def export_match(self, match_id: str, path: Path | str) -> None:
        """Write one match (and its players) to a JSON file."""
        with self._lock:
            transfer.export_match(self, match_id, Path(path))

    def export_csv(
        self,
        match_id: str,
        path: Path | str,
        *,
        round_label: str = "round",
        total_label: str = "total",
        hands: tuple[str, transfer.HandsText] | None = None,
    ) -> None:
        """Write one match as CSV: a row per round, a column per player, totals,
        and with `hands` a column of the cards held (see transfer.export_csv)."""
        with self._lock:
            match = self._matches.load(match_id).match
            transfer.export_csv(match, Path(path), round_label, total_label, hands)

    def import_file(
        self, path: Path | str, shown_as: str | None = None
    ) -> transfer.ImportResult:
        """Import an export file, all checked first; StoreError and no change if bad.

        Messages name the file as `shown_as` (the name the user picked) if given.
        """
        with self._lock:
            return transfer.import_file(self, Path(path), shown_as)
