"""TinyDB storages: revisioned atomic JSON files on disk, or JSON text in memory."""

import errno
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tinydb.storages import Storage
from tinydb.table import Document, Table

from companion.storage.errors import StoreError, StoreNotice
from companion.storage.files import (
    fsync_directory,
    move_aside,
    revision_name,
    write_new_file,
)

Tables = dict[str, dict[str, Any]]
Check = Callable[[Tables, Path], Tables]
Report = Callable[[StoreNotice], None]

_READ_ONLY_ERRORS = {errno.EROFS, errno.EACCES, errno.EPERM}


class DamagedData(Exception):
    """A document file's content is not something the store wrote: it is unusable."""


def decode_tables(raw: bytes) -> Tables:
    """TinyDB's {table: {doc_id: document}} from file bytes, or DamagedData."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise DamagedData(type(error).__name__) from error
    if not isinstance(data, dict):
        raise DamagedData("not-an-object")
    for table in data.values():
        if not isinstance(table, dict):
            raise DamagedData("table-not-an-object")
        for doc_id, document in table.items():
            if not doc_id.isdigit() or not isinstance(document, dict):
                raise DamagedData("bad-document")
    return data


def encode_tables(data: Tables) -> str:
    """The compact JSON text a document file holds."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def write_error(error: OSError, directory: Path) -> StoreError:
    """The StoreError to report for a write that the operating system refused."""
    if error.errno in _READ_ONLY_ERRORS:
        return StoreError("read-only-directory", path=str(directory))
    return StoreError("save-failed", reason=error.strerror or type(error).__name__)


class RevisionedJSONStorage(Storage):
    """A document file kept as numbered revisions: each write a new file, atomically.

    A write creates ``key.N.json`` through a fsynced temporary file and a rename,
    then deletes all but the previous revision, which stays as the backup. A read
    takes the newest revision that `check` accepts (and may migrate); damaged ones
    are moved aside.
    """

    def __init__(
        self,
        directory: Path,
        key: str,
        revisions: list[int],
        check: Check,
        report: Report,
        *,
        read_only: bool = False,
    ) -> None:
        self._directory = directory
        # Read only (export): a damaged revision is passed over, not moved aside,
        # and writes stay in memory.
        self._read_only = read_only
        self._key = key
        # Shared with the backend and updated in place, so that a later storage
        # for the same key knows which revisions exist.
        self._revisions = revisions
        self._revisions.sort(reverse=True)
        self._check = check
        self._report = report
        self._text: str | None = None
        self._loaded = False
        self._next = max(self._revisions, default=0) + 1
        self.revision = self._revisions[0] if self._revisions else 0

    def _path(self, revision: int) -> Path:
        return self._directory / revision_name(self._key, revision)

    def read(self) -> Tables | None:
        """The stored tables (a fresh copy), or None for a file never written."""
        if not self._loaded:
            self._load()
        return None if self._text is None else json.loads(self._text)

    def _load(self) -> None:
        damaged: list[tuple[Path, Path]] = []
        self._text = None
        for revision in self._revisions:
            path = self._path(revision)
            try:
                raw = path.read_bytes()
            except FileNotFoundError:
                continue
            try:
                decoded = decode_tables(raw)
                checked = self._check(decoded, path)
            except DamagedData:
                if not self._read_only:
                    damaged.append((path, move_aside(path)))
                continue
            # A migrated document is kept in memory and written with the next save.
            text = raw.decode("utf-8")
            self._text = text if checked is decoded else encode_tables(checked)
            self.revision = revision
            break
        code = "backup-restored" if self._text is not None else "file-moved-aside"
        for path, moved_to in damaged:
            params = {"path": str(path), "moved_to": str(moved_to)}
            self._report(StoreNotice(code, params))
        if self._text is None:
            self.revision = 0
        self._revisions[:] = [r for r in self._revisions if r <= self.revision]
        self._loaded = True

    def _newest_decodes(self) -> bool:
        # A write needs no full check of the file it replaces (that costs as much
        # as loading it), only to know that the backup it keeps is not garbage.
        if not self._revisions:
            return True
        try:
            decode_tables(self._path(self._revisions[0]).read_bytes())
        except (OSError, DamagedData):
            return False
        return True

    def write(self, data: Tables) -> None:
        """Store `data` as a new revision; StoreError and nothing changed on failure."""
        if self._read_only:
            # What opening repairs (the index, say) is kept for this reading only.
            self._text = encode_tables(data)
            self._loaded = True
            return
        if not self._loaded and not self._newest_decodes():
            self._load()
        text = encode_tables(data)
        revision = self._next
        path = self._path(revision)
        try:
            write_new_file(path, text.encode("utf-8"))
        except OSError as error:
            raise write_error(error, self._directory) from error
        try:
            fsync_directory(self._directory)
        except OSError as error:
            path.unlink(missing_ok=True)
            raise write_error(error, self._directory) from error
        # Only now that the new revision is durable may older backups go; one
        # that cannot be deleted yet is tried again after the next write.
        stale = self._revisions[1:]
        self._revisions[:] = [revision, *self._revisions[:1]]
        for older in stale:
            try:
                self._path(older).unlink(missing_ok=True)
            except OSError:
                self._revisions.append(older)
        self._next = revision + 1
        self.revision = revision
        self._text = text
        self._loaded = True

    def destroy(self) -> None:
        """Delete every revision, the backup first, so no older state can reappear."""
        try:
            for revision in sorted(self._revisions):
                self._path(revision).unlink(missing_ok=True)
            fsync_directory(self._directory)
        except OSError as error:
            raise write_error(error, self._directory) from error
        self._revisions.clear()
        self._text = None
        self._loaded = True


class MemoryJSONStorage(Storage):
    """A document file held as JSON text in memory, for fast tests."""

    def __init__(self, on_destroy: Callable[[], object]) -> None:
        self._text: str | None = None
        self._on_destroy = on_destroy
        self.revision = 0

    def read(self) -> Tables | None:
        """The stored tables (a fresh copy), or None before the first write."""
        return None if self._text is None else json.loads(self._text)

    def write(self, data: Tables) -> None:
        """Keep `data` as the new content."""
        self._text = encode_tables(data)
        self.revision += 1

    def destroy(self) -> None:
        """Forget the content."""
        self._text = None
        self._on_destroy()


def put_document(table: Table, document: dict[str, Any], doc_id: int) -> None:
    """Insert or replace one document with a single write.

    TinyDB's upsert first runs an update that writes the file even when it finds
    nothing, which would leave a half-made document file behind on a crash.
    """
    if table.contains(doc_id=doc_id):
        table.update(document, doc_ids=[doc_id])
    else:
        table.insert(Document(document, doc_id))
