"""Export files (versioned JSON, CSV) and the checks an import file must pass."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.engine.errors import MatchError
from companion.engine.game_definitions import define_game, game_definition
from companion.engine.games import Game
from companion.engine.json_depth import nests_deeper_than
from companion.engine.match import Match
from companion.engine.names import NameBook, check_name, name_key, spelt_out
from companion.storage.errors import StoreError
from companion.storage.files import fsync_directory, write_new_file
from companion.storage.match_merge import Outcome, TakenIn
from companion.storage.records import (
    MATCH_ID,
    SETTINGS_DEFAULTS,
    PlayerRecord,
    StoredMatch,
    format_time,
    now,
    parse_optional_time,
    parse_time,
)
from companion.storage.roster import check_settings_document
from companion.storage.storages import DamagedData

if TYPE_CHECKING:
    from companion.storage.store import Store

FORMAT = "card-table-companion"
EXPORT_VERSION = 2
"""The version of the export file format this code writes; it reads this one
and every older one. 2: a match's rounds say where they came from
(engine/origins.py: `phones`, each round's `by`); a file of version 1 has none."""
PHONES_OWN = ("phone_id",)
"""Settings of this phone alone, never restored from a file."""

MAX_IMPORT_MEGABYTES = 12
"""The largest import file: some 4,000 matches of ten rounds at four players
(about 3 kB each)."""
MAX_IMPORT_BYTES = MAX_IMPORT_MEGABYTES * 2**20
MAX_IMPORT_MATCHES = 5_000
"""A match every evening for thirteen years."""
MAX_IMPORT_PLAYERS = 1_000
"""Different players in one file, matches and roster together."""


@dataclass(frozen=True)
class ImportData:
    """The checked content of an import file, ready to apply."""

    matches: tuple[StoredMatch, ...]
    players: tuple[PlayerRecord, ...]
    settings: dict[str, Any] | None
    games: tuple[Game, ...] = ()


@dataclass(frozen=True)
class ImportResult:
    """What an import did, each match merged as one from another phone is
    (storage/match_merge.py): the ids added, brought up to date, kept beside
    as copies, and skipped (already here, or kept further here); players."""

    added: tuple[str, ...] = ()
    skipped: tuple[str, ...] = ()
    updated: tuple[str, ...] = ()
    copied: tuple[str, ...] = ()
    players_added: tuple[str, ...] = field(default=())
    settings_restored: bool = False
    games_added: tuple[str, ...] = ()


def _match_entry(stored: StoredMatch) -> dict[str, Any]:
    return {
        "id": stored.id,
        "created": format_time(stored.created),
        "finished": format_time(stored.finished),
        "match": stored.match.to_dict(),
    }


def _write_export(path: Path, text: str) -> None:
    try:
        write_new_file(path, text.encode("utf-8"))
        fsync_directory(path.parent)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise StoreError("export-failed", path=str(path), reason=reason) from error


def _envelope(kind: str, **content: Any) -> str:
    document = {
        "format": FORMAT,
        "version": EXPORT_VERSION,
        "kind": kind,
        "exported": format_time(now()),
        **content,
    }
    return json.dumps(document, ensure_ascii=False, indent=1)


def export_all(store: Store, path: Path) -> int:
    """Write every match, the roster and the settings; returns the match count."""
    matches = [store.load_stored(s.id) for s in reversed(store.list_matches())]
    players = [{"name": p.name, "hidden": p.hidden} for p in store.players()]
    text = _envelope(
        "all",
        settings=store.settings(),
        players=players,
        games=[game_definition(game) for game in store.own_games()],
        matches=[_match_entry(stored) for stored in matches],
    )
    _write_export(path, text)
    return len(matches)


def export_match(store: Store, match_id: str, path: Path) -> None:
    """Write one match and its players."""
    stored = store.load_stored(match_id)
    players = [{"name": name, "hidden": False} for name in stored.match.players]
    text = _envelope("match", players=players, matches=[_match_entry(stored)])
    _write_export(path, text)


HandsText = Callable[[Match, int], str]
"""What the hands of round `index` (0-based) of a match held, as one cell's text."""


def export_csv(
    match: Match,
    path: Path,
    round_label: str,
    total_label: str,
    hands: tuple[str, HandsText] | None = None,
) -> None:
    """Write a match's points as CSV: a row per round, a column per player, totals;
    with `hands` (a heading and the text of each round's cards), a last column
    of the cards held."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer)
    extra = [hands[0]] if hands else []
    writer.writerow([round_label, *match.players, *extra])
    for index, points in enumerate(match.round_points()):
        cards = [hands[1](match, index)] if hands else []
        writer.writerow([index + 1, *(points[p] for p in match.players), *cards])
    totals = match.totals()
    writer.writerow([total_label, *(totals[p] for p in match.players)])
    _write_export(path, buffer.getvalue())


class _Reject(Exception):
    """An import file failed a check: the StoreError to raise is attached."""

    def __init__(self, error: StoreError) -> None:
        super().__init__(error.code)
        self.error = error


def read_import(path: Path, shown_as: str | None = None) -> ImportData:
    """Everything in an import file, fully checked; StoreError if anything is bad.

    The one place the bounds on an import are kept, for the command line and
    Settings alike; messages name the file as `shown_as` (the name the user
    picked) when given, else by its path.
    """
    name = shown_as or str(path)
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_IMPORT_BYTES + 1)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise StoreError("import-unreadable", path=name, reason=reason) from error
    check_import_size(len(raw), name)
    if nests_deeper_than(raw):
        # No export nests so deep; in the browser the parser would not survive it.
        raise StoreError("import-not-json", path=name)
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        # RecursionError: nested deeper than Python reads, which no export is.
        raise StoreError("import-not-json", path=name) from error
    try:
        return _check_import(document, name)
    except _Reject as rejected:
        raise rejected.error from None
    except RecursionError as error:
        raise StoreError("import-not-json", path=name) from error


def check_import_size(size: int, shown_as: str) -> None:
    """Refuse (StoreError) an import file of `size` bytes past the limit, before
    it is read or sent: Settings asks with the size the browser tells."""
    if size > MAX_IMPORT_BYTES:
        raise StoreError("import-too-large", path=shown_as, max=MAX_IMPORT_MEGABYTES)


def _too_many(path: str, code: str, count: int, most: int) -> None:
    if count > most:
        raise _Reject(StoreError(code, path=path, count=count, max=most))


def _shape(path: str, where: str) -> _Reject:
    return _Reject(StoreError("import-wrong-shape", path=path, where=where))


def _check_import(document: object, path: str) -> ImportData:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise _shape(path, "format")
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise _shape(path, "version")
    if version > EXPORT_VERSION:
        raise _Reject(
            StoreError(
                "import-newer-version",
                path=path,
                version=version,
                supported=EXPORT_VERSION,
            )
        )
    kind = document.get("kind")
    if kind not in ("all", "match"):
        raise _shape(path, "kind")
    entries = document.get("matches")
    players = document.get("players", [])
    if not isinstance(entries, list):
        raise _shape(path, "matches")
    if not isinstance(players, list):
        raise _shape(path, "players")
    # Counted before anything in them is checked: the checks cost time.
    _too_many(path, "import-too-many-matches", len(entries), MAX_IMPORT_MATCHES)
    _too_many(path, "import-too-many-players", len(players), MAX_IMPORT_PLAYERS)
    matches = tuple(_check_match(entry, n, path) for n, entry in enumerate(entries))
    ids = [stored.id for stored in matches]
    for n, match_id in enumerate(ids):
        if match_id in ids[:n]:
            raise _shape(path, f"matches[{n}].id")
    records = tuple(_check_player(entry, n, path) for n, entry in enumerate(players))
    names = {name_key(r.name) for r in records}
    names.update(name_key(name) for stored in matches for name in stored.match.players)
    _too_many(path, "import-too-many-players", len(names), MAX_IMPORT_PLAYERS)
    games = _check_games(document.get("games", []), path)
    settings = document.get("settings") if kind == "all" else None
    if settings is not None:
        if not isinstance(settings, dict) or not set(settings) <= set(
            SETTINGS_DEFAULTS
        ):
            raise _shape(path, "settings")
        try:
            check_settings_document(settings)
        except DamagedData as error:
            raise _shape(path, "settings") from error
    return ImportData(matches, records, settings, games)


def _check_games(entries: object, path: str) -> tuple[Game, ...]:
    """The own games of an export file, each checked (names unique among them)."""
    if not isinstance(entries, list):
        raise _shape(path, "games")
    games: list[Game] = []
    for n, entry in enumerate(entries):
        game_id = entry.get("id") if isinstance(entry, dict) else None
        try:
            games.append(define_game(entry, taken=[g.name_key for g in games]))
        except MatchError as error:
            reason = error.params.get("reason", error.code)
            raise _Reject(
                StoreError("import-bad-game", path=path, id=str(game_id), reason=reason)
            ) from error
        if game_id in [g.id for g in games[:-1]]:
            raise _shape(path, f"games[{n}].id")
    return tuple(games)


def _check_match(entry: object, n: int, path: str) -> StoredMatch:
    if not isinstance(entry, dict):
        raise _shape(path, f"matches[{n}]")
    match_id = entry.get("id")
    if not isinstance(match_id, str) or not MATCH_ID.match(match_id):
        raise _shape(path, f"matches[{n}].id")
    try:
        created = parse_time(entry.get("created"))
        finished = parse_optional_time(entry.get("finished"))
    except DamagedData as error:
        raise _shape(path, f"matches[{n}].created") from error
    try:
        match = Match.from_dict(entry.get("match"))  # type: ignore[arg-type]  # any shape: a bad one is a MatchError
    except MatchError as error:
        reason = error.params.get("reason", error.code)
        if reason == "match-over":
            after_end = StoreError("import-round-after-end", path=path, id=match_id)
            raise _Reject(after_end) from error
        raise _Reject(
            StoreError("import-bad-match", path=path, id=match_id, reason=reason)
        ) from error
    for seat, name in enumerate(match.players):
        _check_name(name, path, f"matches[{n}].match.players[{seat}]")
    return StoredMatch(match_id, created, finished if match.is_over else None, match)


def _check_name(name: object, path: str, where: str) -> str:
    """A name in an import file held to the rules of a new name (names.py)."""
    try:
        return check_name(name)
    except MatchError as error:
        shown = spelt_out(name) if isinstance(name, str) else ""
        raise _Reject(
            StoreError("import-bad-name", path=path, where=where, name=shown)
        ) from error


def _check_player(entry: object, n: int, path: str) -> PlayerRecord:
    if not isinstance(entry, dict) or not isinstance(entry.get("hidden", False), bool):
        raise _shape(path, f"players[{n}]")
    name = _check_name(entry.get("name"), path, f"players[{n}].name")
    return PlayerRecord(name, entry.get("hidden", False))


def _refuse_look_alikes(store: Store, data: ImportData, path: str) -> None:
    """StoreError if two names, in the file or in the store, read the same but
    are spelt differently ("Ada" and "ＡＤＡ", or Cyrillic "Аda"): they would be
    two players who look like one."""
    stored = [p.name for p in store.players()]
    book, spelt = NameBook(stored), set(stored)
    incoming = [name for s in data.matches for name in s.match.players]
    for name in [*incoming, *(record.name for record in data.players)]:
        # A name spelt as one already stored or seen is that player, even where
        # an earlier version stored two that look alike.
        if name in spelt:
            continue
        other = book.find(name)
        if other is not None:
            raise StoreError("import-look-alike", path=path, name=name, known=other)
        book.add(name)
        spelt.add(name)


def _ids(taken: list[TakenIn], *outcomes: Outcome) -> tuple[str, ...]:
    return tuple(one.match_id for one in taken if one.outcome in outcomes)


def import_file(store: Store, path: Path, shown_as: str | None = None) -> ImportResult:
    """Check a whole import file, then merge its matches as ones from another
    phone are (storage/match_merge.py): nothing here is overwritten."""
    data = read_import(path, shown_as)
    _refuse_look_alikes(store, data, shown_as or str(path))
    before = {player.name for player in store.players()}
    try:
        games_added = store.import_own_games(data.games)
    except MatchError as error:
        clash = error.params.get("name", error.code)
        raise StoreError(
            "import-bad-game",
            path=shown_as or str(path),
            id=str(clash),
            reason=error.code,
        ) from error
    store.include_players(data.players)
    taken = store.merge_all(data.matches)
    if data.settings is not None:
        # This phone stays itself: another's file never makes it that phone.
        kept = {k: v for k, v in data.settings.items() if k not in PHONES_OWN}
        store.update_settings(**kept)
    return ImportResult(
        added=_ids(taken, Outcome.ADDED),
        skipped=_ids(taken, Outcome.ALREADY_HERE, Outcome.KEPT_AHEAD),
        updated=_ids(taken, Outcome.UPDATED),
        copied=_ids(taken, Outcome.COPIED),
        players_added=tuple(p.name for p in store.players() if p.name not in before),
        settings_restored=data.settings is not None,
        games_added=tuple(games_added),
    )
