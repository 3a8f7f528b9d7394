"""The line that tells a change was kept, with Undo: every screen that saves uses it."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.match import Match
from companion.storage import StoreError
from companion.ui.frame.state import AppState
from companion.ui.frame.theme import TARGET
from companion.words.i18n import Translator


def snack(t: Translator, text: str, undo: Callable[[], None] | None = None) -> None:
    """Show `text` at the bottom of the screen for a while, with Undo if given."""
    # The action sits in the content: Flutter's own action button is 40 px tall.
    row: list[ft.Control] = [ft.Text(text, expand=True)]
    if undo is not None:
        row.append(
            ft.TextButton(
                t.gettext("Undo"),
                height=TARGET,
                style=ft.ButtonStyle(color=ft.Colors.INVERSE_PRIMARY),
                on_click=undo,
            )
        )
    ft.context.page.show_dialog(
        ft.SnackBar(content=ft.Row(row), duration=ft.Duration(seconds=6))
    )


def show_undo(
    state: AppState, match_id: str, before: Match, after: Match, text: str
) -> None:
    """Tell that a change was saved, offering to put `before` back.

    Told only once the store says the change is durable: in the browser that
    is after the sync to IndexedDB, so a tab killed after the message loses
    nothing.
    """
    t = state.t
    page = ft.context.page

    def undo() -> None:
        if state.save_match(match_id, before, base=after):
            page.run_task(acknowledge, t.gettext("Undone."), None)

    async def acknowledge(message: str, offer: Callable[[], None] | None) -> None:
        try:
            await state.store.durable()
        except StoreError as error:
            state.report(error)
            return
        snack(t, message, offer)

    page.run_task(acknowledge, text, undo)
