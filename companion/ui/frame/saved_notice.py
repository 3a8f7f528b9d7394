"""The line that tells a change was kept, with Undo: every screen that saves uses it."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.match import Match
from companion.storage import StoredMatch, StoreError
from companion.ui.frame.shell import navigate
from companion.ui.frame.state import AppState
from companion.ui.frame.theme import TARGET
from companion.words.i18n import Translator


def snack(
    t: Translator,
    text: str,
    undo: Callable[[], None] | None = None,
    *,
    action: str | None = None,
    seconds: int = 6,
) -> None:
    """Show `text` at the bottom of the screen for a while, with Undo if given
    (or `undo` under another name, `action`)."""
    # The action sits in the content: Flutter's own action button is 40 px tall.
    row: list[ft.Control] = [ft.Text(text, expand=True)]
    if undo is not None:
        row.append(
            ft.TextButton(
                action or t.gettext("Undo"),
                height=TARGET,
                style=ft.ButtonStyle(color=ft.Colors.INVERSE_PRIMARY),
                on_click=undo,
            )
        )
    ft.context.page.show_dialog(
        ft.SnackBar(content=ft.Row(row), duration=ft.Duration(seconds=seconds))
    )


def tell_when_durable(
    state: AppState, text: str, undo: Callable[[], None] | None = None
) -> None:
    """Show `text` (with Undo if given) once the store says the change is
    durable: in the browser that is after the sync to IndexedDB, so a tab
    killed after the message loses nothing."""
    t = state.t

    async def tell() -> None:
        try:
            await state.store.durable()
        except StoreError as error:
            state.report(error)
            return
        snack(t, text, undo)

    ft.context.page.run_task(tell)


def show_undo(
    state: AppState, match_id: str, before: Match, after: Match, text: str
) -> None:
    """Tell that a change was saved, offering to put `before` back."""

    def undo() -> None:
        if state.writes.save_match(match_id, before, base=after):
            tell_when_durable(state, state.t.gettext("Undone."))

    tell_when_durable(state, text, undo)


def show_put_back(state: AppState, stored: StoredMatch, text: str, back: str) -> None:
    """Tell that the match `stored` was deleted, offering to put it back as it
    was and then open `back`."""

    def undo() -> None:
        if state.writes.restore_match(stored):
            navigate(back)

    tell_when_durable(state, text, undo)
