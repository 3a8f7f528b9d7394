"""What a joined phone is told about its access: the view-only notice, its role."""

from __future__ import annotations

import flet as ft

from companion.access.sharing import Role
from companion.ui.frame.shell import (
    icon_button,
    navigate,
    notice,
    screen,
    section_title,
)
from companion.ui.frame.state import AppState
from companion.words.i18n import Translator


def view_only_screen(
    state: AppState, route: str, title: str, back: str, back_label: str
) -> ft.View:
    """What a viewer sees at a route that would change the table, with a way back."""
    t = state.t
    return refusal_screen(
        state,
        route,
        title,
        (back, back_label),
        t.gettext("View only"),
        t.gettext(
            "This phone follows the table but cannot change it. "
            "The host can let it record."
        ),
    )


def refusal_screen(
    state: AppState,
    route: str,
    title: str,
    back: tuple[str, str],
    headline: str,
    text: str,
    icon: ft.IconData = ft.Icons.VISIBILITY_OUTLINED,
) -> ft.View:
    """A screen that may not be used here: `headline` and `text` say why (under
    `icon`), `back` is the (route, label) of the way back."""
    to, label = back
    leading = icon_button(
        icon=ft.Icons.ARROW_BACK, tooltip=label, on_click=lambda: navigate(to)
    )
    message = ft.Container(
        padding=ft.Padding.symmetric(vertical=32, horizontal=16),
        content=notice(icon, ft.Colors.OUTLINE, headline, text, label, to),
    )
    return screen(state, route, title, [message], leading=leading)


def role_section(t: Translator, state: AppState) -> list[ft.Control]:
    """A joined phone's own access to the table, shown in its Settings."""
    role = state.role
    if role is Role.RECORDER:
        text = t.gettext(
            "You joined this table and the host lets you record: you can record "
            "and edit rounds and start matches."
        )
        icon = ft.Icons.EDIT_NOTE
    elif role is Role.VIEWER:
        text = t.gettext(
            "You joined this table as a viewer: every round shows here as soon as "
            "it is recorded. The host can let this phone record."
        )
        icon = ft.Icons.VISIBILITY_OUTLINED
    else:
        return []
    return [
        section_title(t.gettext("This table")),
        ft.Row(
            [ft.Icon(icon), ft.Text(text, expand=True)],
            vertical_alignment=ft.CrossAxisAlignment.START,
        ),
    ]
