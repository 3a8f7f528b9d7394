"""The line over a followed match's scoreboard: live, quiet, or not connected."""

from __future__ import annotations

import flet as ft

from companion.sync.following import Following
from companion.sync.links import LinkStatus
from companion.ui.frame.live_line import live_line
from companion.ui.frame.shell import navigate
from companion.ui.frame.theme import TARGET
from companion.words.i18n import Translator


def follow_line(
    t: Translator, following: Following | None, match_id: str
) -> ft.Control | None:
    """What the link to the phone this one follows says of `match_id`'s score;
    None for a match not followed. A score no longer live never passes for one."""
    guest = None if following is None else following.guest
    if guest is None or guest.link is None or guest.copy_id != match_id:
        return None
    status = guest.link.status
    if guest.live_now:
        words = (
            t.gettext("Following another phone live: you may record rounds.")
            if guest.may_record
            else t.gettext("Following another phone live")
        )
        return live_line(ft.Text(words, color=ft.Colors.PRIMARY))
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
