"""The static site's messages to the screen, held until the writes before them last.

Everything a person sees after a change (the new match, the added player, a
setting, "Round N saved.") reaches the screen as a message from the app; held
until the writes made before it are in IndexedDB, no acknowledgement outruns
its data, whichever screen made the change. The served app writes to disk
before it answers and never holds anything.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, Protocol

from companion.storage import StoreError

LOG = logging.getLogger(__name__)


def hold_until_synced(
    connection: Any, files: SyncedFiles, failed: Callable[[StoreError], None]
) -> HeldUntilSynced:
    """Hold every message of the session's connection until what came before it
    is synced (Flet's Session sends each one through connection.send_message)."""
    holder = HeldUntilSynced(connection.send_message, files, failed)
    connection.send_message = holder.send
    return holder


class SyncedFiles(Protocol):
    """What the holder needs of the IndexedDB folder (storage.browser_files)."""

    writes: int

    @property
    def unsynced(self) -> bool: ...

    async def synced(self) -> None: ...


class HeldUntilSynced:
    """Sends messages in order, each once the writes made before it are synced.

    With nothing unsynced a message goes at once, so screens that only show
    (or a person typing) cost nothing. A failed sync is told through `failed`
    and the held messages go anyway: a screen frozen on a full disk helps no
    one; until the next write nothing more is held for that failure.
    """

    def __init__(
        self,
        send: Callable[[Any], None],
        files: SyncedFiles,
        failed: Callable[[StoreError], None],
    ) -> None:
        self._send = send
        self._files = files
        self._failed = failed
        self._held: list[Any] = []
        self._flushing: asyncio.Task[None] | None = None
        self._given_up_at = -1

    def send(self, message: Any) -> None:
        """Send `message` now, or once what was written before it is synced."""
        if not self._held and not self._must_wait():
            self._send(message)
            return
        self._held.append(message)
        if self._flushing is None:
            self._flushing = asyncio.get_running_loop().create_task(self._flush())

    def _must_wait(self) -> bool:
        return self._files.unsynced and self._files.writes != self._given_up_at

    async def _flush(self) -> None:
        try:
            while self._held:
                # Only the messages held so far: a later one may follow a
                # write that this sync does not hold.
                ready = len(self._held)
                failure = await self._sync()
                batch, self._held = self._held[:ready], self._held[ready:]
                for message in batch:
                    self._send(message)
                if failure is not None:
                    self._failed(failure)
        finally:
            self._flushing = None

    async def _sync(self) -> StoreError | None:
        if not self._must_wait():
            return None
        try:
            await self._files.synced()
        except StoreError as error:
            LOG.warning("a sync to IndexedDB failed: %s", error)
            self._given_up_at = self._files.writes
            return error
        return None
