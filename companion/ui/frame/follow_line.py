"""The links' lines over a match's scoreboard: its follower's, and the host's."""

from __future__ import annotations

import flet as ft

from companion.sync.follow_guest import GuestSide
from companion.sync.follow_host import CameFrom
from companion.sync.following import Following
from companion.sync.links import LinkStatus
from companion.ui.frame.live_line import live_line
from companion.ui.frame.shell import navigate
from companion.ui.frame.theme import TARGET
from companion.words.i18n import Translator


def follow_line(
    t: Translator, following: Following | None, match_id: str
) -> ft.Control | None:
    """What the links say of `match_id`'s score; None for a match neither
    followed nor changed by a following phone. A score no longer live never
    passes for one."""
    if following is None:
        return None
    came = following.host.came_from.get(match_id)
    guest = following.guest
    if guest.link is None or guest.copy_id != match_id:
        return None if came is None else _came_line(t, came)
    lines = [_status_line(t, guest)]
    if guest.beside is not None:
        lines.append(_beside_line(t, guest.beside))
    return ft.Column(lines, spacing=8)


def _came_line(t: Translator, came: CameFrom) -> ft.Control:
    first, phone = t.number(came.first), t.number(came.number)
    if came.told_name:
        return live_line(ft.Text(_came_from_named(t, came), color=ft.Colors.PRIMARY))
    words = (
        t.gettext("Round {first} came from phone {phone}.").format(
            first=first, phone=phone
        )
        if came.first == came.last
        else t.gettext("Rounds {first} to {last} came from phone {phone}.").format(
            first=first, last=t.number(came.last), phone=phone
        )
    )
    return live_line(ft.Text(words, color=ft.Colors.PRIMARY))


def _came_from_named(t: Translator, came: CameFrom) -> str:
    """Where rounds came from, by the name the phone told."""
    first, name = t.number(came.first), came.told_name
    if came.first == came.last:
        # TRANSLATORS: {name} is the name the other phone gave in its Settings.
        return t.gettext("Round {first} came from {name}'s phone.").format(
            first=first, name=name
        )
    return t.gettext("Rounds {first} to {last} came from {name}'s phone.").format(
        first=first, last=t.number(came.last), name=name
    )


def _status_line(t: Translator, guest: GuestSide) -> ft.Control:
    assert guest.link is not None
    status = guest.link.status
    if guest.live_now:
        words = (
            t.gettext("Following another phone live: you may record rounds.")
            if guest.may_record
            else t.gettext("Following another phone live: it can let this one record.")
        )
        return live_line(ft.Text(words, color=ft.Colors.PRIMARY))
    if guest.offering:
        return live_line(
            ft.Text(
                t.gettext(
                    "Sending the rounds this phone has and the other phone lacks to it…"
                )
            )
        )
    if status in (LinkStatus.LIVE, LinkStatus.QUIET, LinkStatus.WAITING):
        # Live again but the host's match not come yet: still maybe behind.
        return live_line(
            ft.Text(
                t.gettext(
                    "The other phone has not been heard from for a few seconds: "
                    "the score may be behind."
                ),
                color=ft.Colors.ERROR,
            )
        )
    return ft.Column(
        [
            live_line(
                ft.Text(t.gettext("Not connected: scan again"), color=ft.Colors.ERROR)
            ),
            ft.OutlinedButton(
                t.gettext("Follow again"),
                icon=ft.Icons.QR_CODE_SCANNER,
                height=TARGET,
                on_click=lambda: navigate("/follow"),
            ),
        ],
        spacing=8,
    )


def _beside_line(t: Translator, beside: str) -> ft.Control:
    """This phone's own copy, kept beside the one followed, and the way to it."""
    return ft.Column(
        [
            live_line(
                ft.Text(
                    t.gettext(
                        "This phone had rounds the other phone does not have: "
                        "they are kept in this phone's own copy, beside this one."
                    )
                )
            ),
            ft.OutlinedButton(
                t.gettext("Open this phone's copy"),
                icon=ft.Icons.COPY_ALL,
                height=TARGET,
                on_click=lambda: navigate(f"/match/{beside}"),
            ),
        ],
        spacing=8,
    )
