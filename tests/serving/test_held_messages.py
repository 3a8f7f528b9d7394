"""In the static site nothing a person sees after a change outruns its data."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from event_loops import run_apart
from flet.messaging.connection import Connection
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.engine.match import Match
from companion.serving import session_guard
from companion.serving.held_messages import HeldUntilSynced, hold_until_synced
from companion.storage import Store, StoreError
from companion.storage.browser_files import IndexedDBFiles


class RecordingFS:
    """Emscripten's FS.syncfs, finished when the test says, into a shared log."""

    def __init__(self, log: list[str]) -> None:
        self.log = log
        self.pending: list[Callable[..., None]] = []

    def syncfs(self, _populate: bool, done: Callable[..., None]) -> None:
        self.log.append("sync started")
        self.pending.append(done)

    def finish(self, error: str | None = None) -> None:
        self.log.append("sync failed" if error else "sync finished")
        self.pending.pop(0)(error)


class Phone:
    """A store in a fake IndexedDB folder whose writes, syncs and sends are logged."""

    def __init__(self, tmp_path: Path) -> None:
        self.log: list[str] = []
        self.fs = RecordingFS(self.log)
        self.files = IndexedDBFiles(self.fs, str(tmp_path), lambda f: f)
        counted = self.files.written

        def written() -> None:
            self.log.append("write")
            counted()

        self.files.written = written  # type: ignore[method-assign]
        self.store = Store.in_browser(self.files)
        self.failures: list[StoreError] = []
        self.screen = HeldUntilSynced(
            lambda message: self.log.append(f"shown: {message}"),
            self.files,
            self.failures.append,
        )

    def finish_syncs(self, error: str | None = None) -> None:
        while self.fs.pending:
            self.fs.finish(error)


async def _settle() -> None:
    for _ in range(10):
        await asyncio.sleep(0)


def _compact(log: list[str]) -> list[str]:
    """The log with runs of the same entry as one (a change writes many files)."""
    return [entry for i, entry in enumerate(log) if i == 0 or log[i - 1] != entry]


def test_a_change_is_shown_only_after_its_write_has_been_synced(tmp_path: Path):
    async def scenario() -> None:
        phone = Phone(tmp_path)
        phone.store.add_player("Dana")
        phone.screen.send("Dana is in the roster")
        await _settle()
        assert "shown: Dana is in the roster" not in phone.log
        phone.finish_syncs()
        await _settle()
        assert _compact(phone.log) == [
            "write",
            "sync started",
            "sync finished",
            "shown: Dana is in the roster",
        ]

    run_apart(scenario())


def test_every_kind_of_change_waits_not_only_a_round(tmp_path: Path):
    async def scenario() -> None:
        phone = Phone(tmp_path)
        changes: list[tuple[str, Callable[[], Any]]] = [
            ("new match", lambda: phone.store.add_match(Match.new("uno", ["A", "B"]))),
            ("language", lambda: phone.store.update_settings(language="nb")),
            ("hidden", lambda: phone.store.hide_player("A", hidden=True)),
            ("renamed", lambda: phone.store.rename_player("B", "Bea")),
        ]
        for shown, change in changes:
            change()
            phone.screen.send(shown)
            await _settle()
            assert f"shown: {shown}" not in phone.log
            phone.finish_syncs()
            await _settle()
            assert phone.log[-2:] == ["sync finished", f"shown: {shown}"]

    run_apart(scenario())


def test_with_nothing_unsynced_a_message_goes_at_once(tmp_path: Path):
    async def scenario() -> None:
        phone = Phone(tmp_path)
        phone.screen.send("a letter typed")
        assert phone.log == ["shown: a letter typed"]

    run_apart(scenario())


def test_messages_keep_their_order_and_wait_for_the_sync_that_holds_them(
    tmp_path: Path,
):
    async def scenario() -> None:
        phone = Phone(tmp_path)
        phone.store.add_player("Dana")
        phone.screen.send("Dana added")
        await _settle()
        # Written while the first sync runs: that sync may not hold it.
        phone.store.add_player("Eli")
        phone.screen.send("Eli added")
        phone.screen.send("the field cleared")
        phone.fs.finish()
        await _settle()
        assert "shown: Dana added" in phone.log
        assert "shown: Eli added" not in phone.log
        phone.finish_syncs()
        await _settle()
        assert phone.log[-3:] == [
            "sync finished",
            "shown: Eli added",
            "shown: the field cleared",
        ]

    run_apart(scenario())


def test_a_failed_sync_is_told_after_what_it_held_and_freezes_nothing(
    tmp_path: Path,
):
    async def scenario() -> None:
        phone = Phone(tmp_path)
        phone.store.add_player("Dana")
        phone.screen.send("Dana added")
        await _settle()
        for _ in range(3):  # the write's own sync, then the holder's retry
            if phone.fs.pending:
                phone.fs.finish("QuotaExceededError")
            await _settle()
        assert "shown: Dana added" in phone.log
        assert [failure.code for failure in phone.failures] == ["save-failed"]
        # Told once: what follows, with nothing new written, is not held.
        phone.screen.send("the message about it")
        assert phone.log[-1] == "shown: the message about it"
        # The next change is held again, and its sync tried again.
        phone.store.add_player("Eli")
        phone.screen.send("Eli added")
        await _settle()
        assert phone.log[-1] != "shown: Eli added"
        phone.finish_syncs()
        await _settle()
        assert phone.log[-1] == "shown: Eli added"

    run_apart(scenario())


class Socket(Connection):
    """A Flet connection that keeps what its session sends."""

    def __init__(self) -> None:
        super().__init__()
        self.pubsubhub = PubSubHub()
        self.sent: list[Any] = []

    def send_message(self, message: Any) -> None:
        self.sent.append(message)


def test_flet_sends_every_message_of_a_session_through_the_holder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    # Flet's own crash notice, as Flet sends it: a serve() in an earlier test of
    # this process may have put the session guard's in its place.
    monkeypatch.setattr(Session, "error", session_guard.ORIGINAL_ERROR)

    async def scenario() -> None:
        phone = Phone(tmp_path)
        socket = Socket()
        session = Session(socket)
        hold_until_synced(socket, phone.files, phone.failures.append)
        phone.store.add_player("Dana")
        # Any message the session sends: Flet's own crash notice is one.
        session.error("shown after the sync")
        await _settle()
        assert socket.sent == []
        phone.finish_syncs()
        await _settle()
        assert len(socket.sent) == 1

    run_apart(scenario())
