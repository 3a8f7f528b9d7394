"""The match files: one TinyDB document file per match, the recent ones kept open."""

from collections import OrderedDict

from tinydb import TinyDB

from companion.storage.backends import Backend
from companion.storage.checks import MATCH_TABLE
from companion.storage.records import StoredMatch, match_document, stored_match
from companion.storage.storages import Check

_DOC_ID = 1
_KEPT_OPEN = 64


class MatchFiles:
    """Reads, writes and deletes the file of each match, by match id."""

    def __init__(self, backend: Backend, check: Check) -> None:
        self._backend = backend
        self._check = check
        self._open: OrderedDict[str, TinyDB] = OrderedDict()

    def _database(self, match_id: str) -> TinyDB:
        database = self._open.pop(match_id, None)
        if database is None:
            database = self._backend.database("matches", match_id, self._check)
        self._open[match_id] = database
        while len(self._open) > _KEPT_OPEN:
            self._open.popitem(last=False)
        return database

    def read(self, match_id: str) -> tuple[StoredMatch | None, int]:
        """The stored match (None if its file is gone) and its file's revision."""
        database = self._database(match_id)
        documents = database.table(MATCH_TABLE).all()
        stored = stored_match(documents[0]) if documents else None
        return stored, database.storage.revision  # type: ignore[attr-defined]

    def write(self, stored: StoredMatch) -> int:
        """Write a match's file durably; returns its new revision."""
        database = self._database(stored.id)
        # The file holds this one document: written whole, without reading the
        # old file first (which TinyDB's table methods would do).
        database.storage.write({MATCH_TABLE: {str(_DOC_ID): match_document(stored)}})
        database.table(MATCH_TABLE).clear_cache()
        return database.storage.revision  # type: ignore[attr-defined]

    def delete(self, match_id: str) -> None:
        """Delete a match's file and its backup."""
        self._database(match_id).storage.destroy()  # type: ignore[attr-defined]
        self._open.pop(match_id, None)
