"""Document files in the browser: Pyodide's IndexedDB file system, synced on demand."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tinydb import TinyDB

from companion.storage.backends import FileBackend
from companion.storage.errors import StoreError
from companion.storage.storages import Check, Report

MOUNT = "/companion-data"
"""Where the data directory is mounted in Pyodide's file system."""


class IndexedDBFiles:
    """A folder kept in the browser's IndexedDB (Emscripten's IDBFS).

    Files are written to memory first; a write is in IndexedDB, and survives the
    tab being killed, only once a sync that started after it has finished.
    """

    def __init__(
        self, fs: Any, path: str, once: Callable[[Callable[..., None]], Any]
    ) -> None:
        """`fs` is Emscripten's FS; `once` makes a Python function a JS callback."""
        self._fs = fs
        self._once = once
        self.path = path
        self._lock = asyncio.Lock()
        self.writes = 0
        """How many writes this folder has had since it was mounted."""
        self.durable_writes = 0
        """How many of them a finished sync holds: the rest die with the tab."""
        self._pending: set[asyncio.Task[None]] = set()
        self._unheld = 0
        """Writes nothing waits for (drafts): synced, but outside `writes`."""
        self._durable_unheld = 0

    @classmethod
    async def mount(cls, path: str = MOUNT) -> IndexedDBFiles:
        """Mount the folder and load what IndexedDB holds of it."""
        import pyodide_js
        from pyodide.ffi import create_once_callable, to_js

        fs = pyodide_js.FS
        os.makedirs(path, exist_ok=True)
        fs.mount(fs.filesystems.IDBFS, to_js({}), path)
        files = cls(fs, path, create_once_callable)
        await files._sync(populate=True)
        return files

    async def _sync(self, populate: bool) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def finished(error: Any = None) -> None:
            if future.done():
                return
            if error:
                future.set_exception(StoreError("save-failed", reason=str(error)))
            else:
                future.set_result(None)

        self._fs.syncfs(populate, self._once(finished))
        await future

    @property
    def unsynced(self) -> bool:
        """Whether a write is not yet in IndexedDB (a killed tab would lose it)."""
        return self.writes > self.durable_writes

    async def synced(self) -> None:
        """Return once everything written before the call is in IndexedDB."""
        wanted = self.writes
        async with self._lock:
            if self.durable_writes >= wanted:
                return
            # Writes are synchronous: all those counted are in memory already,
            # so a sync that starts now holds them.
            covered, unheld = self.writes, self._unheld
            await self._sync(populate=False)
            self.durable_writes = covered
            self._durable_unheld = max(self._durable_unheld, unheld)

    def written(self) -> None:
        """Count a write and start its sync (nobody needs to wait on it here).

        A failure is not lost: the next synced() syncs again and reports it.
        """
        self.writes += 1
        self._start_sync()

    def written_unheld(self) -> None:
        """A write nothing waits for (a draft): synced, but not in `writes`, so
        the screen's next message is not held back for it: a card tap shows at
        once, and the draft reaches IndexedDB a sync later."""
        self._unheld += 1
        self._start_sync()

    def _start_sync(self) -> None:
        task = asyncio.get_running_loop().create_task(self._sync_quietly())
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _sync_quietly(self) -> None:
        with contextlib.suppress(StoreError):
            await self.synced()
            async with self._lock:
                if self._durable_unheld < self._unheld:
                    covered, unheld = self.writes, self._unheld
                    await self._sync(populate=False)
                    self.durable_writes = max(self.durable_writes, covered)
                    self._durable_unheld = unheld


class SyncingBackend(FileBackend):
    """Document files in the IndexedDB folder, each write followed by a sync."""

    def __init__(self, files: IndexedDBFiles, report: Report) -> None:
        super().__init__(Path(files.path), report)
        self._files = files

    def database(self, kind: str, key: str, check: Check) -> TinyDB:
        """The file's database; its writes and deletions start a sync."""
        database = super().database(kind, key, check)
        storage = database.storage
        for name in ("write", "destroy"):
            change = getattr(storage, name)
            setattr(storage, name, self._then_sync(change, held=kind != "drafts"))
        return database

    def _then_sync(
        self, change: Callable[..., None], held: bool
    ) -> Callable[..., None]:
        def changed(*args: Any) -> None:
            change(*args)
            if held:
                self._files.written()
            else:
                self._files.written_unheld()

        return changed
