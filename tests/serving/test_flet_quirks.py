"""The Flet workarounds send what Flet would, only sooner."""

from __future__ import annotations

import asyncio
import itertools
import logging
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import flet as ft
import flet_charts as fch
import msgpack
import pytest
from event_loops import run_apart
from flet.controls.base_control import BaseControl
from flet.controls.id_counter import ControlId
from flet.controls.object_patch import DiffBuilder, ObjectPatch
from flet.messaging.protocol import (
    Message,
    MessageAction,
    PatchControlBody,
    configure_encode_object_for_msgpack,
)
from flet_web.fastapi.flet_app import FletApp

from companion.serving import flet_quirks
from companion.upstream import versions

ORIGINAL_SEND = FletApp.send_message
ORIGINAL_SEND_LOOP = FletApp._FletApp__send_loop  # type: ignore[attr-defined]
ORIGINAL_REMOVED = DiffBuilder._removed_controls
ORIGINAL_CONFIGURE = DiffBuilder._configure_dataclass


@pytest.fixture
def flets_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Flet as installed, put back after the test whatever it applied."""
    # save_diffs restarts the control ids: the rest of the run keeps counting on.
    monkeypatch.setattr(ControlId, "_counter", ControlId._counter)
    monkeypatch.setattr(FletApp, "send_message", ORIGINAL_SEND)
    monkeypatch.setattr(FletApp, "_FletApp__send_loop", ORIGINAL_SEND_LOOP)
    monkeypatch.setattr(DiffBuilder, "_removed_controls", ORIGINAL_REMOVED)
    monkeypatch.setattr(DiffBuilder, "_configure_dataclass", ORIGINAL_CONFIGURE)


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


class ClosingSocket:
    """A browser's socket that went away after the first message got through."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []
        self.closed = 0

    async def send_bytes(self, message: bytes) -> None:
        if self.sent:
            raise RuntimeError("Cannot call send once a close message has been sent.")
        self.sent.append(message)

    async def close(self) -> None:
        self.closed += 1


class Connection:
    """Stands in for a FletApp: its socket and its outgoing queue."""

    def __init__(self, socket: ClosingSocket, *messages: bytes | None) -> None:
        self._FletApp__websocket: ClosingSocket | None = socket
        self._FletApp__send_queue: asyncio.Queue[bytes | None] | None = asyncio.Queue()
        for message in messages:
            self._FletApp__send_queue.put_nowait(message)


def test_a_browser_gone_mid_send_ends_the_connection_as_a_disconnect() -> None:
    # The receive loop's sign (None) comes once the browser's socket is closed.
    async def run(loop: Callable[[Any], Any]) -> tuple[ClosingSocket, Connection]:
        socket = ClosingSocket()
        connection = Connection(socket, b"patch 1", b"patch 2", b"patch 3", None)
        await loop(connection)
        return socket, connection

    # What the workaround is for: Flet's own loop raises, and FletApp.handle
    # then skips telling the session that its connection is gone.
    with pytest.raises(RuntimeError, match="close message"):
        run_apart(run(ORIGINAL_SEND_LOOP))
    socket, connection = run_apart(run(flet_quirks.send_loop_until_gone))
    assert socket.sent == [b"patch 1"] and socket.closed == 1
    assert connection._FletApp__websocket is None
    assert connection._FletApp__send_queue is None


def test_a_task_still_sending_after_the_browser_left_sends_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # Issue 54: a session's task (remembering the page's looks) patched a
    # control after its browser left, and the server's console showed a
    # traceback: the send loop had ended and taken the queue with it.
    async def leave_then_send() -> ClosingSocket:
        socket = ClosingSocket()
        connection = Connection(socket, b"patch 1", b"patch 2", None)
        sending = asyncio.get_running_loop().create_future()

        async def task_of_the_session() -> None:
            await sending
            flet_quirks.send_message_unlogged(connection, scoreboard_patch())

        task = asyncio.create_task(task_of_the_session())
        await flet_quirks.send_loop_until_gone(connection)
        sending.set_result(None)
        await task
        return socket

    with caplog.at_level(logging.WARNING):
        socket = run_apart(leave_then_send())
    assert socket.sent == [b"patch 1"]
    assert caplog.records == []


def record_screen() -> ft.View:
    """A screen shaped like the record screen: keypad, chips, a bottom bar."""
    pressed = {
        ft.ControlState.DEFAULT: ft.Colors.PRIMARY,
        ft.ControlState.PRESSED: ft.Colors.ERROR,
    }
    keys = [
        ft.FilledTonalButton(
            face, style=ft.ButtonStyle(color=pressed), height=56, col={"xs": 3}
        )
        for face in "A23456789JQK"
    ]
    held = ft.Semantics(
        label="Cards Bo holds", content=ft.Row([ft.Chip(label=ft.Text("K ×2"))])
    )
    return ft.View(
        route="/match/1",
        appbar=ft.AppBar(title=ft.Text("Round 31")),
        bottom_appbar=ft.BottomAppBar(content=ft.FilledButton("Save round")),
        controls=[ft.ResponsiveRow(keys), held],
    )


def scoreboard() -> ft.View:
    """A screen shaped like the scoreboard: rounds, a chart, a navigation bar."""
    tiles = [
        ft.ExpansionTile(
            title=ft.Text(f"Round {number}"),
            controls=[
                ft.Row([ft.Text("Ada"), ft.Text("+3")]),
                ft.OutlinedButton("Edit", icon=ft.Icons.EDIT_OUTLINED),
            ],
        )
        for number in range(5)
    ]
    lines = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(x, x * seat) for x in range(12)],
            color=ft.Colors.RED_600,
        )
        for seat in range(4)
    ]
    chart = fch.LineChart(
        data_series=lines,
        bottom_axis=fch.ChartAxis(
            labels=[fch.ChartAxisLabel(value=1, label=ft.Text("1"))]
        ),
    )
    places = ("Matches", "Rules")
    return ft.View(
        route="/match/1",
        appbar=ft.AppBar(
            title=ft.Text("Crazy Eights"),
            actions=[ft.IconButton(ft.Icons.COPY_ALL, tooltip="Copy summary")],
        ),
        navigation_bar=ft.NavigationBar(
            destinations=[
                ft.NavigationBarDestination(icon=ft.Icons.STYLE, label=place)
                for place in places
            ]
        ),
        controls=[
            ft.ResponsiveRow(
                [
                    ft.Column([ft.Card(content=ft.Column(tiles))], col={"md": 6}),
                    chart,
                    # A field fills itself in when it is built: no change of ours.
                    ft.TextField(label="Search", bgcolor=ft.Colors.SURFACE),
                ]
            )
        ],
    )


def _place(control: BaseControl) -> tuple[int | None, bool | None]:
    """The id of the control a control hangs from, and whether it is frozen."""
    parent = control.parent
    return (parent._i if parent else None, getattr(control, "_frozen", None))


def save_diffs(frozen: bool) -> list[Any]:
    """Flet's diffs: the record screen shown, a Save swapping it out, a change.

    What reaches the browser (the patches' bytes), the controls Flet mounts and
    unmounts in order, and where each added control now hangs.
    """
    ControlId._counter = itertools.count(1000)  # the same ids on every call
    encode = configure_encode_object_for_msgpack(BaseControl)
    before, after = record_screen(), scoreboard()
    seen: list[Any] = []
    steps = [(None, before), (before, after)]
    if not frozen:  # a component's controls are never changed in place
        steps.append((after, after))
    for old, new in steps:
        if old is new:  # a change in place: only it should be sent
            new.appbar.title.value = "Round 32"
        patch, added, removed = ObjectPatch.from_diff(
            old, new, control_cls=BaseControl, frozen=frozen
        )
        seen.append(msgpack.packb(patch.to_message(), default=encode))
        seen.append([(type(c).__name__, c._i) for c in removed])
        seen.append([(type(c).__name__, c._i, _place(c)) for c in added])
    return seen


@pytest.mark.parametrize("frozen", [False, True], ids=["controls", "components"])
def test_a_save_is_diffed_as_flet_would(flets_own: None, frozen: bool) -> None:
    flets = save_diffs(frozen)
    assert len(flets[4]) > 20 and len(flets[5]) > 90  # the keypad out, board in
    assert flet_quirks.apply()
    assert save_diffs(frozen) == flets


def test_applied_only_on_the_flet_it_was_measured_on(flets_own: None) -> None:
    assert not flet_quirks.apply("1.0.6")
    in_place: list[Callable[..., Any]] = [
        FletApp.send_message,
        FletApp._FletApp__send_loop,  # type: ignore[attr-defined]
        DiffBuilder._removed_controls,
        DiffBuilder._configure_dataclass,
    ]
    assert in_place == [
        ORIGINAL_SEND,
        ORIGINAL_SEND_LOOP,
        ORIGINAL_REMOVED,
        ORIGINAL_CONFIGURE,
    ]
    assert flet_quirks.apply(versions.FLET)
    assert FletApp.send_message is flet_quirks.send_message_unlogged
    assert FletApp._FletApp__send_loop is flet_quirks.send_loop_until_gone  # type: ignore[attr-defined]
    assert DiffBuilder._removed_controls is flet_quirks.removed_controls
    assert DiffBuilder._configure_dataclass is flet_quirks.configure_dataclass


def test_the_installed_flet_is_the_one_measured(flets_own: None) -> None:
    # pyproject pins flet; a new pin must re-measure and re-check the workaround.
    assert flet_quirks.apply()


def test_in_the_browser_the_diff_fixes_apply_without_flet_web() -> None:
    # The static site runs in Pyodide, where flet_web is not shipped: a fresh
    # interpreter in which importing it fails stands in for that.
    script = (
        "import sys\n"
        "sys.modules['flet_web'] = None\n"
        "from flet.controls.object_patch import DiffBuilder\n"
        "from companion.serving import flet_quirks\n"
        "assert flet_quirks.apply(served=False)\n"
        "assert DiffBuilder._removed_controls is flet_quirks.removed_controls\n"
        "assert DiffBuilder._configure_dataclass is flet_quirks.configure_dataclass\n"
        "assert not flet_quirks.apply('1.0.6', served=False)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr


def test_what_a_client_sends_before_registering_is_passed_over() -> None:
    handled: list[Any] = []

    async def flets(_app: Any, data: Any) -> None:
        handled.append(data)

    class App:
        _FletApp__session: object | None = None

    update = [MessageAction.UPDATE_CONTROL_PROPS.value, {"id": 1, "props": {}}]
    register = [MessageAction.REGISTER_CLIENT.value, {"session_id": None}]
    on_message = flet_quirks.registered_first(flets)
    app = App()

    async def play() -> None:
        for data in (update, "junk", [], register):
            await on_message(app, data)
        app._FletApp__session = object()
        await on_message(app, update)

    run_apart(play())
    assert handled == [register, update]
