"""The page's language and colours: told to Flutter now, to the browser for later."""

from __future__ import annotations

import logging

import flet as ft

from companion.ui.frame.theme import THEME_MODES, theme
from companion.words.app_name import APP_NAME
from companion.words.i18n import LANGUAGES, Translator

LOG = logging.getLogger(__name__)

LOOKS_PREFERENCE = "companion.looks"
"""The browser's own storage key (localStorage `flutter.companion.looks`, through
Flet's SharedPreferences) of the language and theme the app opens in: the page
reads it before anything else runs (webclient/loading_screen.py, LOOKS_KEY), so
its loading screen and its `<html lang>` are the app's from the first paint."""


def locale_configuration(lang: str) -> ft.LocaleConfiguration:
    """Flutter's locale, the app's language: Flutter's own words (what a screen
    reader hears of its controls: "Alert", "Collapsed") and the page's
    `<html lang>`, which Flutter's engine sets from it, follow the app's."""
    return ft.LocaleConfiguration(
        supported_locales=[ft.Locale(code) for code in LANGUAGES],
        current_locale=ft.Locale(lang.split("_")[0]),
    )


def dress_page(page: ft.Page, t: Translator, lang: str, theme_name: str) -> None:
    """The page's title, language and colours for this render."""
    page.title = APP_NAME
    page.locale_configuration = locale_configuration(lang)
    page.theme_mode = THEME_MODES[theme_name]
    page.theme = theme()
    page.dark_theme = theme()


def looks_value(lang: str, theme_name: str) -> str:
    """The preference's value: the language and the theme, e.g. `nb dark`."""
    return f"{lang} {theme_name}"


async def remember_looks(lang: str, theme_name: str) -> None:
    """Tell the browser what the app opens in, for its page's next start."""
    try:
        value = looks_value(lang, theme_name)
        await ft.SharedPreferences().set(LOOKS_PREFERENCE, value)
    except (RuntimeError, TimeoutError, ValueError) as error:
        # The next start's loading screen is then the browser's language and
        # colours; the app itself always opens in the stored ones.
        LOG.warning("this browser keeps no language and theme: %s", error)
