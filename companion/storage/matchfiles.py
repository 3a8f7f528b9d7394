"""The match files: one TinyDB document file per match, the recent ones kept open."""

from collections import OrderedDict

from tinydb import TinyDB

from companion.storage.backends import Backend
from companion.storage.checks import MATCH_TABLE
from companion.storage.records import StoredMatch, match_document, stored_match
from companion.storage.storages import Check

_DOC_ID = 1
_KEPT_OPEN = 64


class _OpenFile:
    """An open match file and the match it holds, once read or written."""

    def __init__(self, database: TinyDB) -> None:
        self.database = database
        self.parsed: StoredMatch | None = None


class MatchFiles:
    """Reads, writes and deletes the file of each match, by match id.

    An open file keeps the match it holds, parsed: the app reads a match on
    every render, and parsing and validating a long match costs more than
    drawing it. Matches are immutable and only this store writes the files
    (it holds the directory's lock), so the kept match is replaced on each
    write and cannot go stale; a file that is closed (or deleted) forgets it and
    is read from disk again when next opened.
    """

    def __init__(self, backend: Backend, check: Check) -> None:
        self._backend = backend
        self._check = check
        self._open: OrderedDict[str, _OpenFile] = OrderedDict()

    def _file(self, match_id: str) -> _OpenFile:
        opened = self._open.pop(match_id, None)
        if opened is None:
            database = self._backend.database("matches", match_id, self._check)
            opened = _OpenFile(database)
        self._open[match_id] = opened
        while len(self._open) > _KEPT_OPEN:
            self._open.popitem(last=False)
        return opened

    def read(self, match_id: str) -> tuple[StoredMatch | None, int]:
        """The stored match (None if its file is gone) and its file's revision."""
        opened = self._file(match_id)
        if opened.parsed is None:
            documents = opened.database.table(MATCH_TABLE).all()
            opened.parsed = stored_match(documents[0]) if documents else None
        revision: int = opened.database.storage.revision  # type: ignore[attr-defined]  # ours count revisions; TinyDB types the base Storage
        return opened.parsed, revision

    def write(self, stored: StoredMatch) -> int:
        """Write a match's file durably; returns its new revision."""
        opened = self._file(stored.id)
        database = opened.database
        # The file holds this one document: written whole, without reading the
        # old file first (which TinyDB's table methods would do).
        database.storage.write({MATCH_TABLE: {str(_DOC_ID): match_document(stored)}})
        database.table(MATCH_TABLE).clear_cache()
        opened.parsed = stored
        revision: int = database.storage.revision  # type: ignore[attr-defined]  # ours count revisions; TinyDB types the base Storage
        return revision

    def delete(self, match_id: str) -> None:
        """Delete a match's file and its backup."""
        self._file(match_id).database.storage.destroy()  # type: ignore[attr-defined]  # ours can; TinyDB types the base Storage
        self._open.pop(match_id, None)
