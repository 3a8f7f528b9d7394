"""The "table's computer cannot be reached" page: in the worker and the open page."""

from __future__ import annotations

import html
from collections.abc import Mapping

from companion.webclient.loading_screen import (
    DARK_ACCENT,
    DARK_SURFACE,
    DARK_TEXT,
    LIGHT_ACCENT,
    LIGHT_SURFACE,
    LIGHT_TEXT,
    LOOKS_KEY,
)
from companion.webclient.page_script import PICK_LANGUAGE, PageScript

PAGE_ID = "companion-unreachable"
"""The id of the page's element (in the open page: the cover over the app)."""

_DARK_PAGE = f"background: {DARK_SURFACE}; color: {DARK_TEXT};"
_DARK_BUTTON = f"background: {DARK_ACCENT}; color: #00390a;"
LOOKS_ATTRIBUTE = "data-looks"
"""On the open page's cover: the theme the app last opened in here, "light" or
"dark" when one was chosen in Settings (none: the phone's)."""

_SYSTEM = f'#{PAGE_ID}:not([{LOOKS_ATTRIBUTE}="light"])'
_CHOSEN = f'#{PAGE_ID}[{LOOKS_ATTRIBUTE}="dark"]'

STYLE = f"""\
#{PAGE_ID} {{ position: fixed; inset: 0; z-index: 2147483647; display: flex;
  align-items: center; justify-content: center; padding: 24px;
  background: {LIGHT_SURFACE}; color: {LIGHT_TEXT};
  font: 18px/1.5 Roboto, system-ui, sans-serif; }}
#{PAGE_ID} main {{ max-width: 28em; }}
#{PAGE_ID} h1 {{ font-size: 1.5em; line-height: 1.25; margin: 0 0 0.6em; }}
#{PAGE_ID} .retry {{ display: inline-flex; align-items: center;
  box-sizing: border-box; margin-top: 1em; min-height: 48px; padding: 0 24px;
  border: 0; border-radius: 24px; background: {LIGHT_ACCENT};
  color: #fff; font: inherit; text-decoration: none; cursor: pointer; }}
@media (prefers-color-scheme: dark) {{
  {_SYSTEM} {{ {_DARK_PAGE} }}
  {_SYSTEM} .retry {{ {_DARK_BUTTON} }}
}}
{_CHOSEN} {{ {_DARK_PAGE} }}
{_CHOSEN} .retry {{ {_DARK_BUTTON} }}
"""
"""Large type and a thumb-sized button; the app's green, light or dark: dark
as the phone is, unless a theme was chosen in the app's Settings
(LOOKS_ATTRIBUTE)."""

WATCH = PageScript.beside(__file__, "unreachable_watch.js", (PICK_LANGUAGE,))
"""The open page's script that covers the app when its connection is lost."""


def page_html(texts: Mapping[str, str], lang: str) -> str:
    """The whole page in one language; "Try again" opens the same address again."""
    escaped = {key: html.escape(text) for key, text in texts.items()}
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{html.escape(lang)}"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        f"<title>{escaped['title']}</title>\n<style>\n{STYLE}</style></head>\n"
        f'<body><div id="{PAGE_ID}"><main>\n'
        f"<h1>{escaped['title']}</h1>\n<p>{escaped['advice']}</p>\n"
        f'<a class="retry" href="" role="button">{escaped["retry"]}</a>\n'
        "</main></div></body></html>\n"
    )


def watch_js(
    texts_by_language: Mapping[str, Mapping[str, str]],
    websocket_path: str,
    grace_ms: int,
) -> str:
    """The open page's script: the page above the app once its connection is lost.

    Load it before Flutter's scripts. It watches the websockets to
    `websocket_path`; when none is open for `grace_ms`, the page (in the
    browser's language, from `texts_by_language`, the first one the fallback)
    covers the app, and goes when a connection opens again. Its "Try again"
    reloads once the server answers.
    """
    return WATCH.shipped(
        {
            "texts": {lang: dict(texts) for lang, texts in texts_by_language.items()},
            "style": STYLE,
            "path": websocket_path,
            "graceMs": int(grace_ms),
            "pageId": PAGE_ID,
            "looksKey": LOOKS_KEY,
            "looksAttribute": LOOKS_ATTRIBUTE,
        }
    )
