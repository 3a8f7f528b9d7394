"""The lock that keeps a second process out of a data directory the app has open."""

import fcntl
import os
from pathlib import Path

from companion.storage.errors import StoreError

LOCK_NAME = ".lock"


def unusable(directory: Path, error: OSError) -> StoreError:
    """The error for a data directory the system will not let us use."""
    reason = error.strerror or type(error).__name__
    return StoreError("data-dir-unusable", path=str(directory), reason=reason)


class DirectoryLock:
    """An exclusive flock on a file in the data directory, held while a Store is open.

    flock locks belong to one open file: a second Store, in this process or
    another, is refused instead of writing over the first one's data.
    """

    def __init__(self, directory: Path) -> None:
        self._path = directory / LOCK_NAME
        self._descriptor: int | None = None

    @classmethod
    def take(cls, directory: Path) -> "DirectoryLock":
        """Create the data directory if need be, check it is writable, and lock it."""
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise unusable(directory, error) from error
        if not os.access(directory, os.W_OK):
            raise StoreError("read-only-directory", path=str(directory))
        lock = cls(directory)
        lock.acquire()
        return lock

    @classmethod
    def share(cls, directory: Path) -> "DirectoryLock":
        """A shared lock for reading only: refused while a writer holds the directory.

        Where the lock file cannot be opened (a read-only medium that never held
        one, or no data yet) nobody can be writing there: no lock is needed.
        """
        lock = cls(directory)
        try:
            descriptor = os.open(lock._path, os.O_RDONLY)
        except OSError:
            return lock
        try:
            fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError as error:
            os.close(descriptor)
            raise StoreError("data-locked", path=str(directory)) from error
        lock._descriptor = descriptor
        return lock

    def acquire(self) -> None:
        """Take the lock, or StoreError("data-locked") if someone else holds it."""
        try:
            descriptor = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise unusable(self._path.parent, error) from error
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as error:
            os.close(descriptor)
            raise StoreError("data-locked", path=str(self._path.parent)) from error
        self._descriptor = descriptor

    def release(self) -> None:
        """Let another Store open the directory."""
        if self._descriptor is not None:
            os.close(self._descriptor)
            self._descriptor = None
