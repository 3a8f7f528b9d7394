"""Crash-safe file operations: atomic writes, revision names, moving files aside."""

import itertools
import os
import re
from datetime import UTC, datetime
from pathlib import Path

_REVISION_NAME = re.compile(r"^([a-z0-9][a-z0-9-]*)\.(\d+)\.json$")
_TEMPORARY_PREFIX = ".tmp-"
_sequence = itertools.count()


def revision_name(key: str, revision: int) -> str:
    """The file name of revision `revision` of the document file `key`."""
    return f"{key}.{revision}.json"


def scan_revisions(directory: Path) -> dict[str, list[int]]:
    """Every document file in `directory`: its key and revisions, newest first."""
    found: dict[str, list[int]] = {}
    try:
        entries = list(os.scandir(directory))
    except FileNotFoundError:
        return found
    for entry in entries:
        matched = _REVISION_NAME.match(entry.name)
        if matched:
            found.setdefault(matched[1], []).append(int(matched[2]))
    for revisions in found.values():
        revisions.sort(reverse=True)
    return found


def remove_temporary_files(directory: Path) -> None:
    """Delete writes a crash left unfinished: they were never part of the data."""
    try:
        entries = list(os.scandir(directory))
    except FileNotFoundError:
        return
    for entry in entries:
        if entry.name.startswith(_TEMPORARY_PREFIX):
            os.unlink(entry.path)


def fsync_directory(directory: Path) -> None:
    """Make the renames and deletions in `directory` durable."""
    descriptor = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def write_new_file(path: Path, data: bytes) -> None:
    """Create `path` holding `data` whole or not at all, flushed to disk.

    The bytes go to a temporary file in the same directory, are fsynced, and
    the file is renamed into place; the caller fsyncs the directory.
    """
    temporary = path.with_name(
        f"{_TEMPORARY_PREFIX}{os.getpid()}-{next(_sequence)}-{path.name}"
    )
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        try:
            view = memoryview(data)
            while view:
                written = os.write(descriptor, view)
                view = view[written:]
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def move_aside(path: Path) -> Path:
    """Rename a damaged file out of the way (never delete it); returns its new path."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    os.replace(path, target)
    fsync_directory(path.parent)
    return target
