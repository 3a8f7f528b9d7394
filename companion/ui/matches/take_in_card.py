"""A match handed over from another phone: what came, Add it, or why it cannot be."""

from __future__ import annotations

import flet as ft

from companion.storage import StoreError
from companion.storage.take_in import what_came
from companion.ui.frame import format as fmt
from companion.ui.frame.handover import Handover
from companion.ui.frame.saved_notice import snack
from companion.ui.frame.shell import navigate
from companion.ui.frame.state import AppState
from companion.ui.frame.theme import TARGET
from companion.words.i18n import Translator
from companion.words.messages import error_message


def _card(
    icon: ft.IconData, title: str, line: str, buttons: list[ft.Control]
) -> ft.Control:
    return ft.Card(
        content=ft.Container(
            padding=16,
            content=ft.Column(
                [
                    ft.Row(
                        [
                            ft.Icon(icon),
                            ft.Text(
                                title,
                                theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
                                expand=True,
                            ),
                        ]
                    ),
                    ft.Text(line),
                    ft.Row(buttons, wrap=True, alignment=ft.MainAxisAlignment.END),
                ],
                spacing=12,
            ),
        )
    )


def handed_card(
    t: Translator, state: AppState, handover: Handover
) -> ft.Control | None:
    """The card for the link that came (opened or scanned), until answered;
    nothing to a guest: taking a match in is the host's, as an import is."""
    read = state.handed
    if read is None or not state.is_host:
        return None

    def let_go() -> None:
        state.handover.let_go_of_handed()
        handover.forget_link()

    if isinstance(read, StoreError):
        dismiss = ft.TextButton(t.gettext("Dismiss"), height=TARGET, on_click=let_go)
        title = t.gettext("This link holds no match that can be added")
        return _card(ft.Icons.ERROR_OUTLINE, title, error_message(t, read), [dismiss])

    async def add() -> None:
        taken = state.handover.take_in(read)
        handover.forget_link()
        if taken is None:
            return
        # Told once it is kept, as every save is (see saved_notice.show_undo).
        try:
            await state.store.durable()
        except StoreError as error:
            state.report(error)
            return
        navigate(f"/match/{taken.match_id}")
        if taken.beside is None:
            snack(t, fmt.taken_in_text(t, taken))
            return
        # Kept beside the match that went another way: the two compared at a tap.
        route = f"/match/{taken.beside}/differs/{taken.match_id}"

        def compare() -> None:
            # The line goes with the tap: the screen it opens says the rest.
            ft.context.page.pop_dialog()
            navigate(route)

        text = fmt.taken_in_text(t, taken)
        snack(t, text, compare, action=t.gettext("Compare"), seconds=10)

    buttons: list[ft.Control] = [
        ft.TextButton(t.gettext("Not now"), height=TARGET, on_click=let_go),
        ft.FilledButton(
            t.gettext("Add this match"),
            icon=ft.Icons.DOWNLOAD_DONE,
            height=TARGET,
            on_click=add,
        ),
    ]
    line = fmt.came_text(t, what_came(read))
    title = t.gettext("A match came from another phone")
    return _card(ft.Icons.QR_CODE_2, title, line, buttons)
