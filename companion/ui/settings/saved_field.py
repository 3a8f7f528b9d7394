"""A Settings field kept on Save: the field, its Save button, what Save made of it."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.frame.theme import TARGET


def saved_field(
    field: ft.TextField,
    save_label: str,
    save: Callable[[], None],
    outcome: tuple[str, bool],
) -> ft.Control:
    """`field` with a Save button under it; `outcome` is what the last Save
    said and whether it was refused (then said under the field)."""
    text, wrong = outcome
    field.error = text if wrong else None
    field.error_max_lines = 3
    field.on_submit = lambda: save()
    return ft.Column(
        [
            field,
            ft.Row(
                [
                    ft.OutlinedButton(
                        save_label, icon=ft.Icons.SAVE, height=TARGET, on_click=save
                    ),
                    ft.Text("" if wrong else text, expand=True),
                ]
            ),
        ],
        spacing=8,
    )
