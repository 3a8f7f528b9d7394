"""What an address that names nothing shows: a message and a way back."""

from __future__ import annotations

import flet as ft

from companion.ui.frame.shell import navigate, screen
from companion.ui.frame.state import AppState, use_app
from companion.ui.frame.theme import TARGET


@ft.component
def NotFound() -> ft.Control:
    """The Router's answer to a path no route matches (a typo, an old bookmark).

    Without it Flet's Router draws nothing: a blank page with no way back.
    """
    _, t = use_app()
    return ft.SafeArea(
        ft.Column(
            [
                ft.Text(
                    t.gettext("There is nothing at this address"),
                    theme_style=ft.TextThemeStyle.HEADLINE_SMALL,
                ),
                ft.Text(
                    t.gettext(
                        "The link may be mistyped or from an older version of the app."
                    )
                ),
                ft.FilledButton(
                    t.gettext("Back to the matches"),
                    icon=ft.Icons.ARROW_BACK,
                    height=TARGET,
                    on_click=lambda: navigate("/"),
                ),
            ],
            spacing=16,
        ),
        minimum_padding=16,
    )


def match_not_found(
    state: AppState, route: str, leading: ft.Control, nav: int | None = None
) -> ft.View:
    """A match's screen whose id (the route's, the client's to set) names no
    match, or one deleted meanwhile: said so, with `leading` the way back."""
    t = state.t
    return screen(
        state,
        route,
        t.gettext("Match not found"),
        [ft.Text(t.gettext("This match does not exist (any more)."))],
        nav=nav,
        leading=leading,
    )
