"""A session's errors stay in the server's log; its screen goes on, told in one line."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from typing import Any

import flet as ft
import msgpack
import pytest
from event_loops import run_apart
from flet.controls.base_control import BaseControl
from flet.controls.page import Page
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.serving import client_patches, session_guard
from companion.serving.quiet_log import GUARDED_LOGGERS, RepeatFilter
from companion.ui.frame.handler_guard import failure_line, listen_for_failures
from companion.upstream import versions
from companion.words.i18n import get_translator


@pytest.fixture
def flets_own(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Flet as installed, put back after the test whatever was applied."""
    monkeypatch.setattr(Session, "dispatch_event", session_guard.ORIGINAL_DISPATCH)
    monkeypatch.setattr(Session, "error", session_guard.ORIGINAL_ERROR)
    monkeypatch.setattr(Session, "apply_patch", client_patches.ORIGINAL_APPLY_PATCH)
    monkeypatch.setattr(Page, "run_task", session_guard.ORIGINAL_RUN_TASK)
    for name in GUARDED_LOGGERS:
        # Without a flood limit that an earlier test (serve()) put in place.
        logger = logging.getLogger(name)
        kept = [f for f in logger.filters if not isinstance(f, RepeatFilter)]
        monkeypatch.setattr(logger, "filters", kept)
    yield


ENCODE = configure_encode_object_for_msgpack(BaseControl)


class Socket(Connection):
    """A Flet connection that keeps what its session sends."""

    def __init__(self) -> None:
        super().__init__()
        self.pubsubhub = PubSubHub()
        self.loop = asyncio.get_running_loop()
        self.sent: list[Any] = []

    def send_message(self, message: Any) -> None:
        # Encoded as Flet's transport does: that is when Flet notes what the
        # client has, which its next diff starts from.
        msgpack.packb([message.action, message.body], default=ENCODE)
        self.sent.append(message)

    def crashes(self) -> list[Any]:
        return [m for m in self.sent if m.action == MessageAction.SESSION_CRASHED]

    def text(self) -> str:
        return repr([m.body for m in self.sent])


def broken(_: ft.Event[Any]) -> None:
    raise ValueError("a handler that raises, on purpose")


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


class Screen:
    """A session with two buttons: one whose handler raises, one that counts."""

    def __init__(self, told_in: str | None = "nb") -> None:
        self.socket = Socket()
        self.session = Session(self.socket)
        self.page = self.session.page
        # As Flet registers a client: the page sent whole, changes after it.
        msgpack.packb(self.session.get_page_patch(), default=ENCODE)
        self.taps = 0
        self.broken = ft.Button("Broken", on_click=broken)
        self.working = ft.Button("Working", on_click=self._tap)
        self.page.add(self.broken, self.working)
        if told_in is not None:
            listen_for_failures(self.page, lambda: get_translator(told_in))

    def _tap(self, _: ft.Event[Any]) -> None:
        self.taps += 1

    async def tap(self, button: ft.Button) -> None:
        await self.session.dispatch_event(button._i, "click", None)
        await _settle()


def test_flet_itself_sends_the_traceback_to_the_browser(flets_own: None) -> None:
    # What the guard is for: the text with the server's files goes to the client.
    async def scenario() -> Socket:
        screen = Screen(told_in=None)
        await screen.tap(screen.broken)
        return screen.socket

    socket = run_apart(scenario())
    (crash,) = socket.crashes()
    assert "Traceback" in crash.body.message and __file__ in crash.body.message


def test_a_handler_that_raises_is_logged_and_told_and_the_screen_goes_on(
    flets_own: None, caplog: pytest.LogCaptureFixture
) -> None:
    assert session_guard.apply()

    async def scenario() -> Screen:
        screen = Screen()
        await screen.tap(screen.broken)
        await screen.tap(screen.working)
        return screen

    with caplog.at_level(logging.ERROR):
        screen = run_apart(scenario())
    assert screen.socket.crashes() == []
    assert "Traceback" not in screen.socket.text()
    assert "on purpose" not in screen.socket.text()
    # The line, in the session's language, and the next tap still works.
    assert failure_line(get_translator("nb")) in screen.socket.text()
    assert screen.taps == 1
    (record,) = [r for r in caplog.records if r.exc_info]
    assert "on_click" in record.getMessage()
    assert "on purpose" in str(record.exc_info[1])


def test_the_same_failure_again_and_again_is_logged_once(
    flets_own: None, caplog: pytest.LogCaptureFixture
) -> None:
    assert session_guard.apply()

    async def scenario() -> Screen:
        screen = Screen()
        for _ in range(50):
            await screen.tap(screen.broken)
        await screen.tap(screen.working)
        return screen

    with caplog.at_level(logging.ERROR):
        screen = run_apart(scenario())
    assert len([r for r in caplog.records if r.exc_info]) == 1
    assert screen.socket.crashes() == [] and screen.taps == 1


def test_flets_other_crash_reports_stay_on_the_server(
    flets_own: None, caplog: pytest.LogCaptureFixture
) -> None:
    # Effects, main and a reconnect call Session.error with the traceback.
    assert session_guard.apply()

    async def scenario() -> Screen:
        screen = Screen("sv")
        screen.session.error("Exception in effect: boom\nTraceback (most recent...)")
        await _settle()
        return screen

    with caplog.at_level(logging.ERROR):
        screen = run_apart(scenario())
    assert screen.socket.crashes() == []
    assert failure_line(get_translator("sv")) in screen.socket.text()
    assert "boom" in caplog.text


def test_a_task_that_raises_is_logged_and_told(
    flets_own: None, caplog: pytest.LogCaptureFixture
) -> None:
    assert session_guard.apply()

    async def failing() -> None:
        raise KeyError("a forged reply, on purpose")

    async def scenario() -> Screen:
        screen = Screen("es")
        future = screen.page.run_task(failing)
        while not future.done():
            await asyncio.sleep(0.01)
        await _settle()
        return screen

    with caplog.at_level(logging.ERROR):
        screen = run_apart(scenario())
    assert failure_line(get_translator("es")) in screen.socket.text()
    assert "a forged reply, on purpose" in caplog.text


def test_applied_only_on_the_flet_it_was_read_on(flets_own: None) -> None:
    assert not session_guard.apply("1.0.6")
    assert Session.dispatch_event is session_guard.ORIGINAL_DISPATCH
    assert Session.error is session_guard.ORIGINAL_ERROR
    assert Session.apply_patch is client_patches.ORIGINAL_APPLY_PATCH
    assert Page.run_task is session_guard.ORIGINAL_RUN_TASK
    assert session_guard.apply(versions.FLET)
    assert Session.dispatch_event is session_guard.dispatch_event_kept
    assert Session.error is session_guard.error_kept
    assert Session.apply_patch is client_patches.apply_checked_patch
    assert Page.run_task is session_guard.run_task_kept


def test_the_installed_flet_is_the_one_read(flets_own: None) -> None:
    # pyproject pins flet; a new pin must read Session again.
    assert session_guard.apply()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _record(message: str, level: int = logging.ERROR) -> logging.LogRecord:
    return logging.LogRecord("flet", level, __file__, 1, message, None, None)


def test_repeats_are_left_out_and_counted_on_the_next_one_let_through() -> None:
    clock = Clock()
    limit = RepeatFilter(window=60, most=20, clock=clock)
    assert limit.filter(_record("handler failed"))
    assert not any(limit.filter(_record("handler failed")) for _ in range(99))
    assert limit.filter(_record("debug lines pass", logging.DEBUG))
    clock.now += 61
    again = _record("handler failed")
    assert limit.filter(again)
    assert "99 like records left out" in again.getMessage()


def test_many_kinds_at_once_are_held_to_a_few_a_minute() -> None:
    clock = Clock()
    limit = RepeatFilter(window=60, most=20, clock=clock)
    passed = [limit.filter(_record(f"forged value {n}")) for n in range(500)]
    assert passed.count(True) == 20
    clock.now += 61
    assert limit.filter(_record("forged value 0"))
