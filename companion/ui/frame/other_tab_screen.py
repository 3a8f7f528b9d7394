"""What a second tab of the static site shows: the app is open in another tab."""

from __future__ import annotations

import flet as ft

from companion.words.app_name import APP_NAME
from companion.words.i18n import get_translator, negotiate
from companion.words.page_texts import other_tab_texts


@ft.component
def OtherTabScreen(languages: list[str]) -> list[ft.View]:
    """A polite refusal: this tab never opens the store, so it changes nothing."""
    t = get_translator(negotiate(languages))
    ft.context.page.title = APP_NAME
    elsewhere, advice = other_tab_texts(t)
    return [
        ft.View(
            route="/",
            padding=24,
            vertical_alignment=ft.MainAxisAlignment.CENTER,
            controls=[
                ft.Text(elsewhere, theme_style=ft.TextThemeStyle.TITLE_LARGE),
                ft.Text(advice),
            ],
        )
    ]
