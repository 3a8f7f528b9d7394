"""Settings -> Share this table: addresses, QR codes, the join code, joined phones."""

from __future__ import annotations

from functools import lru_cache

import flet as ft

from companion.access.share_links import qr_png
from companion.access.sharing import Guest, Role, spaced_join_code
from companion.ui.frame import format as fmt
from companion.ui.frame.access import role_section
from companion.ui.frame.question import ask
from companion.ui.frame.shell import section_title, toggle_row
from companion.ui.frame.state import AppState
from companion.ui.frame.theme import TARGET
from companion.words.i18n import Translator

QR_SIZE = 200
"""Logical pixels: big enough for a phone camera held across the table."""


@lru_cache(maxsize=8)
def _qr(url: str) -> bytes:
    # Settings re-renders on every save at the table: draw each code once.
    return qr_png(url)


def _address(t: Translator, url: str) -> ft.Control:
    return ft.Column(
        [
            ft.Text(url, selectable=True, size=16, weight=ft.FontWeight.W_600),
            ft.Semantics(
                label=t.gettext("QR code for {url}").format(url=url),
                image=True,
                content=ft.Image(src=_qr(url), width=QR_SIZE, height=QR_SIZE),
            ),
        ],
        spacing=8,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


def _code(t: Translator, state: AppState) -> ft.Control:
    code = state.gate.code
    return ft.Row(
        [
            ft.Semantics(
                label=t.gettext("Join code: {code}").format(
                    code=fmt.join_code_spoken(code)
                ),
                exclude_semantics=True,
                content=ft.Text(
                    spaced_join_code(code),
                    size=44,
                    weight=ft.FontWeight.BOLD,
                    font_family="monospace",
                ),
            ),
            ft.OutlinedButton(
                t.gettext("New code"),
                icon=ft.Icons.REFRESH,
                height=TARGET,
                on_click=lambda: ask(
                    t,
                    t.gettext("Make a new join code?"),
                    t.gettext(
                        "Every phone that joined leaves the table and is told to "
                        "enter the new code. Use it when someone should no longer "
                        "follow the table."
                    ),
                    t.gettext("New code"),
                    state.access.new_join_code,
                ),
            ),
        ],
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
        wrap=True,
    )


def _guest_row(t: Translator, state: AppState, guest: Guest) -> ft.Control:
    """A joined phone with its "Can record" switch; the whole row toggles it."""
    name = fmt.guest_label(t, guest)
    if guest.away:
        # TRANSLATORS: a joined phone whose browser is closed or asleep for now.
        name = t.gettext("{name} · away").format(name=name)

    return toggle_row(
        t.gettext("{name} can record").format(name=name),
        guest.can_record,
        lambda on: state.access.let_record(guest.session_id, on),
        before=[
            ft.Icon(ft.Icons.SMARTPHONE),
            ft.Text(name, weight=ft.FontWeight.W_600, expand=True),
            ft.Text(t.gettext("Can record")),
        ],
    )


def share_section(t: Translator, state: AppState) -> list[ft.Control]:
    """The host's way to let phones in; a joined phone sees its own role instead."""
    if not state.gate.shared:
        return []
    if state.role is not Role.HOST:
        return role_section(t, state)
    guests = state.gate.guests()
    return [
        section_title(t.gettext("Share this table")),
        ft.Text(
            t.gettext(
                "Phones on the same network open this address (or scan the code) "
                "and enter the join code."
            )
        ),
        *(
            [_address(t, url) for url in state.links]
            if state.links
            else [
                ft.Text(
                    t.gettext(
                        "Phones cannot reach this computer yet: the app listens on "
                        "this computer only, or the computer is on no network. "
                        "Start it with “companion --share” on a network."
                    ),
                    color=ft.Colors.ERROR,
                )
            ]
        ),
        _code(t, state),
        *(
            [
                ft.Text(
                    t.gettext(
                        "Too many wrong codes were typed, so the join code was "
                        "replaced. Phones that joined stay; give new phones this code."
                    ),
                    color=ft.Colors.ERROR,
                )
            ]
            if state.gate.codes_replaced
            else []
        ),
        ft.Text(
            t.gettext(
                "A new code sends every phone that joined back to the join screen."
            ),
            size=13,
            color=ft.Colors.ON_SURFACE_VARIANT,
        ),
        section_title(t.gettext("Joined phones")),
        *(
            [_guest_row(t, state, guest) for guest in guests]
            if guests
            else [ft.Text(t.gettext("No phone has joined yet."), italic=True)]
        ),
    ]
