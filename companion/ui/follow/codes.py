"""The codes two phones show each other: one drawn, the other scanned."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from companion.sync.follow_guest import GuestSide
from companion.sync.follow_host import HostSide
from companion.sync.links import LinkProblem
from companion.ui.frame.handover import Scanner, ScanProblem, ScanWords, is_match_code
from companion.ui.frame.qr_code import code_picture
from companion.words.i18n import Translator


def scan_code_button(
    t: Translator,
    words: tuple[str, str],
    scanner: Scanner,
    read: Callable[[str], Awaitable[None]],
    side: HostSide | GuestSide,
) -> ft.Control:
    """A button named `words[0]` that opens the camera with the hint
    `words[1]`; what it reads goes to `read`; a camera refused or missing is
    the `side`'s problem to show (closing it says nothing), and so is a
    match's code read here, which Scan a code on Matches reads."""
    label, hint = words

    async def scan() -> None:
        scanned = await scanner(
            ScanWords(hint=hint, close=t.gettext("Close the camera"))
        )
        if scanned.text is not None and is_match_code(scanned.text):
            side.problem = LinkProblem.MATCH_CODE
            side.state.changed()
        elif scanned.text is not None:
            await read(scanned.text)
        elif scanned.problem is not ScanProblem.CLOSED:
            side.problem = LinkProblem.CAMERA
            side.state.changed()

    return ft.FilledButton(
        label, icon=ft.Icons.QR_CODE_SCANNER, height=56, on_click=scan
    )


def code_shown(code: str, label: str) -> ft.Control:
    """A phone's code as wide as the screen, centred; `label` for a screen reader."""
    width = ft.context.page.width or 0
    return ft.Row(
        [code_picture(code, width, label)], alignment=ft.MainAxisAlignment.CENTER
    )
