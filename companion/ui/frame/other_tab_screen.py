"""What a second tab of the static site shows: the app is open in another tab."""

from __future__ import annotations

import flet as ft

from companion.words.i18n import get_translator, negotiate


@ft.component
def OtherTabScreen(languages: list[str]) -> list[ft.View]:
    """A polite refusal: this tab never opens the store, so it changes nothing."""
    t = get_translator(negotiate(languages))
    ft.context.page.title = t.gettext("Card Table Companion")
    return [
        ft.View(
            route="/",
            padding=24,
            vertical_alignment=ft.MainAxisAlignment.CENTER,
            controls=[
                ft.Text(
                    t.gettext("Card Table Companion is open in another tab."),
                    theme_style=ft.TextThemeStyle.TITLE_LARGE,
                ),
                ft.Text(
                    t.gettext(
                        "Use that tab, or close it and reload this one: only one "
                        "tab at a time keeps the scores, so none overwrites another."
                    )
                ),
            ],
        )
    ]
