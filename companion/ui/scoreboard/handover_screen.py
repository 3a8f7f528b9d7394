"""Hand over: a match's QR code for another phone to scan, and Send as a link."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from companion.storage import StoredMatch, StoreError
from companion.storage.match_link import match_link
from companion.ui.frame import format as fmt
from companion.ui.frame.handover import use_handover
from companion.ui.frame.live_line import live_line
from companion.ui.frame.not_found_screen import match_not_found
from companion.ui.frame.qr_code import code_picture, fits_one_code
from companion.ui.frame.render_guard import guarded_screen
from companion.ui.frame.shell import icon_button, navigate, screen
from companion.ui.frame.state import AppState, use_app
from companion.ui.frame.theme import TARGET
from companion.ui.scoreboard.share_standings import shared
from companion.words.i18n import Translator
from companion.words.messages import error_message

SIDE = 16
"""Logical pixels of room beside the texts; the code's quiet zone is its own."""


def _padded(control: ft.Control) -> ft.Control:
    return ft.Container(padding=ft.Padding.symmetric(horizontal=SIDE), content=control)


def _line(text: str, *, error: bool = False) -> ft.Control:
    return _padded(ft.Text(text, color=ft.Colors.ERROR if error else None))


def _sender(
    t: Translator, link: str, subject: str, tell: Callable[[str], None]
) -> Callable[[], Awaitable[None]]:
    """What Send as a link does: the share sheet, else the clipboard."""

    async def send() -> None:
        if await shared(link, subject, None):
            tell("")
            return
        try:
            await ft.Clipboard().set(link)
        except RuntimeError:
            tell(t.gettext("This browser can neither share nor copy the link."))
            return
        tell(
            t.gettext(
                "This browser cannot share, so the link was copied. Paste it "
                "into a message to the other phone."
            )
        )

    return send


def _no_site(t: Translator, state: AppState) -> list[ft.Control]:
    """Why there is no code in the served app: the site's address is not set."""
    lines = [
        _line(
            t.gettext(
                "A hand-over code opens Card Table Companion on the phone alone "
                "(the site made by “companion publish”), so it needs that site's "
                "address, and none is set."
            )
        )
    ]
    if state.is_host:
        lines.append(
            _line(t.gettext("Set it in Settings, under Hand matches to phones."))
        )
        lines.append(
            _padded(
                ft.OutlinedButton(
                    t.gettext("Open Settings"),
                    icon=ft.Icons.SETTINGS,
                    height=TARGET,
                    on_click=lambda: navigate("/settings"),
                )
            )
        )
    return lines


def _handing(
    t: Translator,
    link: str,
    subject: str,
    told: str,
    tell: Callable[[str], None],
) -> list[ft.Control]:
    """The code (if the match fits one), what to do with it, Send as a link."""
    send = ft.FilledTonalButton(
        t.gettext("Send as a link"),
        icon=ft.Icons.SEND,
        height=56,
        on_click=_sender(t, link, subject, tell),
    )
    if fits_one_code(link):
        width = ft.context.page.width or 0
        top = [
            ft.Row(
                [
                    code_picture(
                        link,
                        width,
                        t.gettext("QR code of this match, for another phone to scan"),
                    )
                ],
                alignment=ft.MainAxisAlignment.CENTER,
            ),
            _line(
                t.gettext(
                    "On the other phone, scan this code with the camera, or with "
                    "Scan a code on the Matches screen of Card Table Companion. "
                    "The whole match is in the code: nothing goes through the "
                    "internet."
                )
            ),
        ]
    else:
        top = [
            _line(
                t.gettext(
                    "This match is too long for one code that a phone can read off "
                    "a screen. Send it as a link instead."
                )
            )
        ]
    return [
        *top,
        _padded(ft.Row([send], alignment=ft.MainAxisAlignment.CENTER)),
        _padded(live_line(ft.Text(told))),
    ]


@ft.component
@guarded_screen
def HandoverScreen() -> ft.View:
    """A match handed to another phone, by QR code or by link."""
    state, t = use_app()
    handover = use_handover()
    told, tell = ft.use_state("")
    # A route parameter: the client's to set (forgeable). An unknown id shows
    # Not found.
    match_id = ft.use_route_params().get("id", "")
    route = f"/match/{match_id}/code"
    back = icon_button(
        icon=ft.Icons.ARROW_BACK,
        tooltip=t.gettext("Back to the match"),
        on_click=lambda: navigate(f"/match/{match_id}"),
    )
    stored: StoredMatch | None
    try:
        stored = state.store.load_stored(match_id)
    except StoreError:
        stored = None
    if stored is None:
        return match_not_found(state, route, back)
    site = handover.site_address(state.store)
    controls: list[ft.Control]
    if site is None:
        controls = _no_site(t, state)
    else:
        try:
            link = match_link(site, stored)
        except StoreError as error:
            controls = [_line(error_message(t, error), error=True)]
        else:
            subject = fmt.match_title(t, stored.match)
            controls = _handing(t, link, subject, told, tell)
    return screen(
        state,
        route,
        t.gettext("Hand over"),
        controls,
        leading=back,
        wide=True,
        padding=0,
    )
