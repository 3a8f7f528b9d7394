"""Scan a code: the camera over the app until another phone's match code is read."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.access.peer_sdp import Kind
from companion.sync.links import kind_of_code
from companion.ui.frame.handover import Scanner, ScanProblem, ScanWords
from companion.ui.frame.state import AppState
from companion.words.i18n import Translator


def scan_problem_text(t: Translator, problem: ScanProblem) -> str:
    """Why no code was read, and how to take the match in by its link instead."""
    if problem is ScanProblem.REFUSED:
        return t.gettext(
            "The app was not allowed to use the camera. Ask for the match as a "
            "link instead: on the other phone, open the match, tap Hand over, "
            "then Send as a link, and open that link on this phone."
        )
    if problem is ScanProblem.NO_CAMERA:
        return t.gettext(
            "This phone offers the app no camera. Ask for the match as a link "
            "instead: on the other phone, open the match, tap Hand over, then "
            "Send as a link, and open that link on this phone."
        )
    return t.gettext(
        "The camera would not start (another app may be using it). Ask for the "
        "match as a link instead: on the other phone, open the match, tap Hand "
        "over, then Send as a link, and open that link on this phone."
    )


def connection_code_text(t: Translator, kind: Kind) -> str:
    """A phone's connection code was read where a match's belongs: which
    button reads it."""
    if kind is Kind.OFFER:
        return t.gettext(
            "That is a code to follow another phone live, not a match to add. "
            "To follow that phone, use Follow a phone on Matches, then Scan the "
            "host's code."
        )
    return t.gettext(
        "That is a following phone's answer, not a match to add. The phone "
        "that keeps the score reads it: Let a phone follow, then Scan their code."
    )


def scan_button(
    t: Translator,
    state: AppState,
    scanner: Scanner,
    tell: Callable[[str], None],
) -> ft.Control:
    """The button that opens the camera; what it reads is offered as a link
    that came, and `tell` says why nothing was read (not when closed), or
    which button reads the phone's connection code it read."""

    async def scan() -> None:
        tell("")
        scanned = await scanner(
            ScanWords(
                hint=t.gettext("Point the camera at the other phone's match code."),
                close=t.gettext("Close the camera"),
            )
        )
        kind = None if scanned.text is None else kind_of_code(scanned.text)
        if kind is not None:
            tell(connection_code_text(t, kind))
        elif scanned.text is not None:
            state.handover.hand_in(scanned.text)
        elif scanned.problem not in (None, ScanProblem.CLOSED):
            tell(scan_problem_text(t, scanned.problem))

    return ft.OutlinedButton(
        t.gettext("Scan a code"),
        icon=ft.Icons.QR_CODE_SCANNER,
        height=56,
        on_click=scan,
    )
