"""The Flet workaround sends what Flet would, without building its debug line."""

from __future__ import annotations

import logging

import flet as ft
import pytest
from flet.messaging.protocol import Message, MessageAction, PatchControlBody
from flet_web.fastapi.flet_app import FletApp

from companion import flet_quirks

ORIGINAL_SEND = FletApp.send_message


class Transport:
    """Stands in for a FletApp: only the outgoing queue send_message fills."""

    def __init__(self) -> None:
        self._FletApp__send_queue = self
        self.sent: list[bytes] = []

    def put_nowait(self, packet: bytes) -> None:
        self.sent.append(packet)


def scoreboard_patch() -> Message:
    column = ft.Column([ft.Text("1. Ada: 0 points"), ft.Text("2. Bo: 3 points")])
    return Message(
        MessageAction.PATCH_CONTROL, PatchControlBody(7, [[0], [0, 0, "c", column]])
    )


@pytest.fixture
def reprs(monkeypatch: pytest.MonkeyPatch) -> list[Message]:
    """Every time a message is turned into text."""
    seen: list[Message] = []

    def counted(message: Message) -> str:
        seen.append(message)
        return "Message(...)"

    monkeypatch.setattr(Message, "__repr__", counted)
    return seen


def test_the_same_bytes_reach_the_browser() -> None:
    flets, ours, message = Transport(), Transport(), scoreboard_patch()
    ORIGINAL_SEND(flets, message)
    flet_quirks.send_message_unlogged(ours, message)
    assert ours.sent == flets.sent
    assert ours.sent[0].startswith(b"\x00")


def test_no_debug_line_is_built_while_debug_is_off(reprs: list[Message]) -> None:
    ORIGINAL_SEND(Transport(), scoreboard_patch())
    assert len(reprs) == 1  # what the workaround is for
    reprs.clear()
    flet_quirks.send_message_unlogged(Transport(), scoreboard_patch())
    assert reprs == []


def test_the_debug_line_is_still_logged_when_asked_for(
    reprs: list[Message], caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG, logger="flet_transport"):
        flet_quirks.send_message_unlogged(Transport(), scoreboard_patch())
    assert [r.getMessage() for r in caplog.records] == ["send_message: Message(...)"]


def test_applied_only_on_the_flet_it_was_measured_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(FletApp, "send_message", ORIGINAL_SEND)
    assert not flet_quirks.apply("1.0.6")
    assert FletApp.send_message is ORIGINAL_SEND
    assert flet_quirks.apply(flet_quirks.MEASURED_ON)
    assert FletApp.send_message is flet_quirks.send_message_unlogged


def test_the_installed_flet_is_the_one_measured(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # pyproject pins flet; a new pin must re-measure and re-check the workaround.
    monkeypatch.setattr(FletApp, "send_message", ORIGINAL_SEND)
    assert flet_quirks.apply()
