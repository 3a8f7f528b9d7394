"""Playing on for places on the record screen: the places so far, who went out next."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.match import Match
from companion.ui.frame import format as fmt
from companion.ui.frame.shell import section_title
from companion.ui.frame.theme import TARGET
from companion.ui.record.round_draft import RoundDraft
from companion.words.i18n import Translator

Update = Callable[[Callable[[RoundDraft], RoundDraft]], None]


def places_section(
    t: Translator, match: Match, draft: RoundDraft, update: Update
) -> list[ft.Control]:
    """The places so far, the switch to playing on, and who went out next."""
    allowed = match.game.allows_playing_on and match.lowest_wins
    if not allowed or not draft.can_play_on or draft.went_out is None:
        return []
    if not draft.places:
        return [
            ft.Row(
                [
                    ft.TextButton(
                        t.gettext("Played on for places"),
                        icon=ft.Icons.FORMAT_LIST_NUMBERED,
                        height=TARGET,
                        on_click=lambda: update(lambda d: d.play_on()),
                    )
                ]
            ),
            ft.Text(
                t.gettext(
                    "If the others kept playing until one was left: tap who went "
                    "out next; only the last one counts cards."
                ),
                size=13,
                color=ft.Colors.ON_SURFACE_VARIANT,
            ),
        ]
    controls: list[ft.Control] = [
        ft.Row(
            [
                ft.Text(
                    fmt.places_so_far(t, draft.places),
                    size=16,
                    weight=ft.FontWeight.W_600,
                    expand=True,
                ),
                ft.TextButton(
                    t.gettext("Not played on"),
                    height=TARGET,
                    on_click=lambda: update(lambda d: d.stop_playing_on()),
                ),
            ]
        )
    ]
    if draft.placing:
        controls.append(section_title(t.gettext("Who went out next?")))
        controls.extend(
            ft.Row(
                [
                    ft.FilledTonalButton(
                        player,
                        icon=ft.Icons.FRONT_HAND_OUTLINED,
                        height=56,
                        expand=True,
                        on_click=lambda _, p=player: update(lambda d: d.place_next(p)),
                    )
                ]
            )
            for player in draft.losers
        )
    return controls
