"""One question in a dialog before a step that cannot be taken back lightly."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.frame.theme import TARGET
from companion.words.i18n import Translator


def ask(
    t: Translator, title: str, body: str, confirm: str, on_confirm: Callable[[], None]
) -> None:
    """One question in a dialog: Cancel, or `confirm` to go ahead."""
    page = ft.context.page

    def go_ahead() -> None:
        page.pop_dialog()
        on_confirm()

    page.show_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Text(title),
            content=ft.Text(body),
            actions=[
                ft.TextButton(
                    t.gettext("Cancel"), height=TARGET, on_click=page.pop_dialog
                ),
                ft.FilledButton(confirm, height=TARGET, on_click=go_ahead),
            ],
        )
    )
