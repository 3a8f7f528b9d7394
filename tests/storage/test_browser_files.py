"""The browser's IndexedDB folder: a change counts as saved once a later sync ends."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from event_loops import run_apart

from companion.engine.match import Match
from companion.storage import Store, StoreError
from companion.storage.browser_files import IndexedDBFiles


class FakeFS:
    """Emscripten's FS.syncfs as the browser runs it: finished later, in order."""

    def __init__(self) -> None:
        self.pending: list[tuple[bool, Callable[..., None]]] = []
        self.syncs = 0

    def syncfs(self, populate: bool, done: Callable[..., None]) -> None:
        self.syncs += 1
        self.pending.append((populate, done))

    def finish(self, error: str | None = None) -> None:
        _populate, done = self.pending.pop(0)
        done(error)


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_a_save_is_durable_only_when_a_later_sync_has_finished(tmp_path: Path):
    async def scenario() -> None:
        fs = FakeFS()
        files = IndexedDBFiles(fs, str(tmp_path), lambda f: f)
        store = Store.in_browser(files)
        store.add_match(Match.new("crazy-eights", ["Ada", "Bo"]))
        await _settle()
        # The write started a sync by itself: nothing waits on it.
        assert fs.syncs >= 1
        started = fs.syncs
        waiting = asyncio.ensure_future(store.durable())
        await _settle()
        assert not waiting.done()
        while fs.pending and not waiting.done():
            fs.finish()
            await _settle()
        assert waiting.done()
        assert fs.syncs == started and not files.unsynced

    run_apart(scenario())


def test_a_player_added_reaches_indexeddb_without_anyone_waiting(tmp_path: Path):
    async def scenario() -> None:
        fs = FakeFS()
        store = Store.in_browser(IndexedDBFiles(fs, str(tmp_path), lambda f: f))
        await _settle()
        before = fs.syncs
        store.add_player("Dana")
        await _settle()
        assert fs.syncs == before + 1

    run_apart(scenario())


def test_a_save_during_a_sync_waits_for_the_next_sync(tmp_path: Path):
    async def scenario() -> None:
        fs = FakeFS()
        files = IndexedDBFiles(fs, str(tmp_path), lambda f: f)
        files.written()
        await _settle()
        first = asyncio.ensure_future(files.synced())
        await _settle()
        # Written after the first sync began: that sync may not hold them.
        files.written()
        files.written()
        second = asyncio.ensure_future(files.synced())
        await _settle()
        fs.finish()
        await _settle()
        assert first.done() and not second.done()
        assert files.unsynced
        # One more sync covers both changes made while the first one ran.
        assert fs.syncs == 2
        fs.finish()
        await _settle()
        assert second.done() and not files.unsynced
        assert fs.syncs == 2

    run_apart(scenario())


def test_with_nothing_written_nothing_waits_for_a_sync(tmp_path: Path):
    async def scenario() -> None:
        fs = FakeFS()
        files = IndexedDBFiles(fs, str(tmp_path), lambda f: f)
        await asyncio.wait_for(files.synced(), timeout=5)
        assert fs.syncs == 0 and not files.unsynced

    run_apart(scenario())


def test_a_failed_sync_is_a_store_error_and_leaves_the_write_unsynced(
    tmp_path: Path,
):
    async def scenario() -> None:
        fs = FakeFS()
        files = IndexedDBFiles(fs, str(tmp_path), lambda f: f)
        files.written()
        await _settle()
        # The sync a write starts by itself fails quietly: nobody waits on it.
        fs.finish("QuotaExceededError")
        await _settle()
        assert files.unsynced
        waiting = asyncio.ensure_future(files.synced())
        await _settle()
        fs.finish("QuotaExceededError")
        with pytest.raises(StoreError) as failed:
            await waiting
        assert failed.value.code == "save-failed"
        assert files.unsynced

    run_apart(scenario())


def test_a_store_on_disk_is_durable_when_a_save_returns(tmp_path: Path):
    with Store.open(tmp_path) as store:
        store.add_match(Match.new("crazy-eights", ["Ada", "Bo"]))
        run_apart(asyncio.wait_for(store.durable(), timeout=5))
