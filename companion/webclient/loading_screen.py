"""The screen a page shows while the app starts: our icon and name, in our colours."""

from __future__ import annotations

import html
from collections.abc import Mapping
from pathlib import Path

from companion.webclient.page_script import PICK_LANGUAGE, STEADY_LANGUAGES, PageScript

ICONS = Path(__file__).parent / "icons"
"""Our icons: the manifest's, the favicon, and the loading screen's."""

ICON_FILE = ICONS / "icon-192.png"
"""The icon on the loading screen (the manifest's 192 px one)."""

FLETS_LOADING = r'(?s)<div id="loading"[^>]*>.*?</div>\s*'
"""Flet's loading screen in flet-web's index.html: its pink and blue logo,
which ours replaces."""

SCREEN_ID = "companion-loading"
"""The id of the loading screen's element (over Flutter's view until it goes)."""

LIGHT_SURFACE = "#F7FBF1"
DARK_SURFACE = "#10140F"
"""The app's background, light and dark: Material 3's surface grown from the
felt green (ui.frame.theme.SEED), as Flutter draws it at 390x844. The loading
screen is the same colour, so the app comes in without a flash."""

LIGHT_TEXT = "#1A1C19"
DARK_TEXT = "#E2E3DD"
LIGHT_ACCENT = "#2E7D32"
DARK_ACCENT = "#8FD88A"
"""Text and the progress bar: the colours of unreachable_page.STYLE."""

DARK_ATTRIBUTE = "data-companion-dark"
"""On the page's <html>: `true` when the app opens dark (its stored theme, or
the browser's colour scheme where the theme follows it); the loading
screen's colours follow it."""

LOOKS_KEY = "flutter.companion.looks"
"""The browser's localStorage key of the language and theme the app last
opened in (ui.frame.page_looks.LOOKS_PREFERENCE, as Flutter names it)."""

THEMES = ("system", "light", "dark")
"""The themes the app knows (ui.frame.state.THEMES)."""

FADE_MS = 200
"""How long the screen takes to fade once the app has drawn its own."""

STYLE = f"""\
#{SCREEN_ID} {{ position: fixed; inset: 0; z-index: 2147483645; display: flex;
  flex-direction: column; align-items: center; justify-content: center;
  gap: 20px; padding: 24px; box-sizing: border-box; text-align: center;
  background: {LIGHT_SURFACE}; color: {LIGHT_TEXT};
  font: 18px/1.5 Roboto, system-ui, sans-serif;
  transition: opacity {FADE_MS}ms ease-out; }}
#{SCREEN_ID}.gone {{ opacity: 0; pointer-events: none; }}
#{SCREEN_ID} img {{ width: 96px; height: 96px; border-radius: 22px; }}
#{SCREEN_ID} h1 {{ margin: 0; font-size: 24px; line-height: 1.25; font-weight: 400; }}
#{SCREEN_ID} .bar {{ width: 128px; height: 4px; border-radius: 2px; overflow: hidden;
  background: rgba(46, 125, 50, 0.2); }}
#{SCREEN_ID} .bar::before {{ content: ""; display: block; width: 40%; height: 100%;
  background: {LIGHT_ACCENT}; animation: companion-loading 1.2s ease-in-out infinite; }}
@keyframes companion-loading {{ from {{ transform: translateX(-100%); }}
  to {{ transform: translateX(250%); }} }}
#{SCREEN_ID} p {{ margin: 0; max-width: 28em; }}
#{SCREEN_ID} .elsewhere {{ font-size: 20px; font-weight: 500; }}
#{SCREEN_ID} button {{ min-height: 48px; padding: 0 24px; border: 0;
  border-radius: 24px; background: {LIGHT_ACCENT}; color: #fff;
  font: inherit; cursor: pointer; }}
[{DARK_ATTRIBUTE}="true"] #{SCREEN_ID} {{ background: {DARK_SURFACE};
  color: {DARK_TEXT}; }}
[{DARK_ATTRIBUTE}="true"] #{SCREEN_ID} .bar {{ background: rgba(143, 216, 138, 0.2); }}
[{DARK_ATTRIBUTE}="true"] #{SCREEN_ID} .bar::before {{ background: {DARK_ACCENT}; }}
[{DARK_ATTRIBUTE}="true"] #{SCREEN_ID} button {{ background: {DARK_ACCENT};
  color: #00390a; }}
@media (prefers-reduced-motion: reduce) {{
  #{SCREEN_ID} .bar::before {{ animation: none; width: 100%; }}
}}
"""
"""Icon, name and a thin bar in the middle; the app's colours, light or dark
as the script decides it (DARK_ATTRIBUTE)."""

SCRIPT = PageScript.beside(
    __file__, "loading_screen.js", (STEADY_LANGUAGES, PICK_LANGUAGE)
)
"""The screen's script: the browser's languages made valid for Flutter, the
language of ours among them, then `companionLoading`."""

SERVED_SCRIPT = PageScript.beside(__file__, "loading_screen_served.js")
"""A served page's script that takes the screen away once the app has drawn."""

APP_TITLE_SAFETY_MS = 15_000
"""How long after Flutter's first frame a served page's loading screen waits
for the app's title before it goes anyway."""

SHOWN_CHANNEL = "companion-app-shown"
"""The BroadcastChannel on which a served page says its loading screen went
(the app's screen is up): its service worker registers then
(serving/offline.py)."""


def app_titled_js() -> str:
    """For a served page: a script that takes the loading screen away once
    Flutter has drawn and the app has set the page's title, and then says so
    on SHOWN_CHANNEL."""
    return SERVED_SCRIPT.shipped(
        {"safetyMs": APP_TITLE_SAFETY_MS, "shownChannel": SHOWN_CHANNEL}
    )


def theme_colour_meta() -> str:
    """`<meta name="theme-color">` for a light and a dark browser: the bars
    around the page take the app's background."""
    return (
        f'<meta name="theme-color" content="{LIGHT_SURFACE}" '
        'media="(prefers-color-scheme: light)">\n'
        f'<meta name="theme-color" content="{DARK_SURFACE}" '
        'media="(prefers-color-scheme: dark)">'
    )


def loading_screen_html(
    texts_by_language: Mapping[str, Mapping[str, str]], icon_url: str
) -> str:
    """The screen's element, its style and its script, for the top of <body>.

    `texts_by_language` (words.page_texts): the first language's are in the
    markup; the app's last (LOOKS_KEY), else the browser's, are put in by the
    script before the first paint.
    """
    first = next(iter(texts_by_language.values()))
    script = SCRIPT.shipped(
        {
            "texts": {lang: dict(texts) for lang, texts in texts_by_language.items()},
            "fadeMs": FADE_MS,
            "screenId": SCREEN_ID,
            "looksKey": LOOKS_KEY,
            "themes": list(THEMES),
            "darkAttribute": DARK_ATTRIBUTE,
            "lightSurface": LIGHT_SURFACE,
            "darkSurface": DARK_SURFACE,
        }
    )
    return (
        f"<style>\n{STYLE}</style>\n"
        f'<div id="{SCREEN_ID}" role="status" '
        f'aria-label="{html.escape(first["opening"])}">\n'
        f'  <img src="{html.escape(icon_url)}" alt="" width="96" height="96">\n'
        f"  <h1>{html.escape(first['name'])}</h1>\n"
        '  <div class="bar"></div>\n'
        f"</div>\n<script>\n{script}</script>\n"
    )
