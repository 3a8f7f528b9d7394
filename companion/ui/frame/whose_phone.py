"""A phone at another's table that has not said whose it is: picked from the players."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from companion.sync.following import Following
from companion.ui.frame.state import AppState
from companion.ui.frame.theme import TARGET
from companion.words.i18n import Translator


def whose_phone(
    t: Translator,
    state: AppState,
    following: Following | None,
    match_id: str,
    players: Sequence[str],
) -> ft.Control | None:
    """On a phone with no name yet that follows `match_id` live, or has
    joined the table it is on, one button per player: the one tapped is
    whose phone this is, kept as if typed in Settings, and told to the phone
    followed or the host's list of joined phones; Not now asks no more this
    session. None otherwise."""
    if state.phone_name or state.name_put_off:
        return None
    guest = following.guest if following is not None else None
    if guest is None or guest.copy_id != match_id or not guest.live_now:
        # Not followed live here: asked only of a phone that joined the table.
        guest = None
        if not (state.is_guest and state.role.can_see):
            return None

    def pick(name: str) -> None:
        if state.settings.set_phone_name(name) and guest is not None:
            guest.tell_name(name)

    def put_off() -> None:
        # A phone that is nobody's at the table (a spectator's) is not
        # asked on every scoreboard; Settings still names it.
        state.name_put_off = True

    return ft.Column(
        [
            ft.Text(
                t.gettext(
                    "Whose phone is this? Tap your name: the host's list of "
                    "phones shows it."
                )
            ),
            ft.Row(
                [
                    ft.OutlinedButton(
                        player,
                        icon=ft.Icons.PERSON_OUTLINE,
                        height=TARGET,
                        on_click=lambda _, p=player: pick(p),
                    )
                    for player in players
                ]
                + [
                    ft.TextButton(
                        t.gettext("Not now"),
                        height=TARGET,
                        on_click=lambda _: put_off(),
                    )
                ],
                wrap=True,
                spacing=8,
                run_spacing=8,
            ),
        ],
        spacing=8,
    )
