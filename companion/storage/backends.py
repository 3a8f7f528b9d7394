"""Where document files live: a data directory on disk, or a dictionary in memory."""

from pathlib import Path
from typing import Protocol

from tinydb import TinyDB

from companion.storage.files import remove_temporary_files, scan_revisions
from companion.storage.storages import (
    Check,
    MemoryJSONStorage,
    Report,
    RevisionedJSONStorage,
)

KINDS = ("roster", "index", "matches", "drafts")
"""The kinds of document file: the roster and settings, index buckets, matches,
and each device's rounds being entered."""


def _unreported(_notice: object) -> None:
    """A damaged drafts file is only passed over: a draft is no one's data."""


class Backend(Protocol):
    """Opens the TinyDB database of one document file of a kind, by key."""

    @property
    def root(self) -> Path | None:
        """The data directory, or None when the files are not on this disk."""
        ...

    def keys(self) -> dict[str, dict[str, int]]:
        """For each kind, every stored key with its newest revision, as opened."""
        ...

    def database(self, kind: str, key: str, check: Check) -> TinyDB:
        """The database of one document file (created on its first write)."""
        ...


class FileBackend:
    """Document files in a data directory: roster at the top, then index/,
    matches/ and drafts/."""

    def __init__(self, root: Path, report: Report, *, read_only: bool = False) -> None:
        self.root = root
        self._report = report
        self._read_only = read_only
        self._directories = {
            "roster": root,
            "index": root / "index",
            "matches": root / "matches",
            "drafts": root / "drafts",
        }
        for directory in self._directories.values():
            # Read only: a missing folder holds nothing, a crash's leftovers stay.
            if not read_only:
                directory.mkdir(parents=True, exist_ok=True)
                remove_temporary_files(directory)
        self._found = {
            kind: scan_revisions(directory)
            for kind, directory in self._directories.items()
        }

    def keys(self) -> dict[str, dict[str, int]]:
        """For each kind, every stored key with its newest revision."""
        return {
            kind: {key: revisions[0] for key, revisions in found.items() if revisions}
            for kind, found in self._found.items()
        }

    def database(self, kind: str, key: str, check: Check) -> TinyDB:
        """The database of `key`'s revisioned file in its kind's directory."""
        storage = RevisionedJSONStorage(
            self._directories[kind],
            key,
            self._found[kind].setdefault(key, []),
            check,
            _unreported if kind == "drafts" else self._report,
            read_only=self._read_only,
        )
        return TinyDB(storage=lambda: storage)


class MemoryBackend:
    """Document files kept as JSON text in memory, gone when the store is."""

    root: Path | None = None

    def __init__(self) -> None:
        self._storages: dict[str, dict[str, MemoryJSONStorage]] = {
            kind: {} for kind in KINDS
        }

    def keys(self) -> dict[str, dict[str, int]]:
        """For each kind, every key written so far with its revision."""
        return {
            kind: {key: s.revision for key, s in storages.items() if s.revision}
            for kind, storages in self._storages.items()
        }

    def database(self, kind: str, key: str, check: Check) -> TinyDB:
        """The database of one in-memory document file."""
        storages = self._storages[kind]
        storage = storages.get(key)
        if storage is None:
            storage = MemoryJSONStorage(lambda: storages.pop(key, None))
            storages[key] = storage
        return TinyDB(storage=lambda: storage)
