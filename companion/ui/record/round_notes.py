"""The line above a round that came back as it was left, or that was let go."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.frame.theme import TARGET
from companion.ui.record.round_entry import Held
from companion.words.i18n import Translator


def round_note(
    t: Translator, held: Held, index: int | None, afresh: Callable[[], None]
) -> ft.Control | None:
    """The one line above a round that came back (with Start afresh), or that was
    let go because the match changed under it; None otherwise."""
    if held.note == "kept":
        return ft.Row(
            [
                ft.Icon(ft.Icons.RESTORE, color=ft.Colors.PRIMARY),
                ft.Text(
                    t.gettext("The round was kept as you left it."),
                    expand=True,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
                ft.TextButton(
                    t.gettext("Start afresh"), height=TARGET, on_click=afresh
                ),
            ]
        )
    if held.note == "stale":
        text = (
            t.gettext("Round {number} was changed meanwhile, so your edit was let go.")
            if index is not None
            else t.gettext(
                "Round {number} was saved meanwhile, so what was entered for it "
                "here was let go."
            )
        )
        return ft.Text(
            text.format(number=held.lost), color=ft.Colors.ON_SURFACE_VARIANT
        )
    return None


def ended_text(t: Translator, lost: int | None) -> str:
    """Why a match that ended has no round to record; `lost`: the number of
    the round whose entry here was let go when another phone saved it."""
    if lost is None:
        return t.gettext(
            "Its last round is recorded: there is no round left to record."
        )
    return t.gettext(
        "Another phone saved round {number}, which ended the match, while it "
        "was being entered here: what was entered here was not saved."
    ).format(number=t.number(lost))
