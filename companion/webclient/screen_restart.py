"""The page's script that restarts a screen whose renderer trapped, a few times."""

from __future__ import annotations

from collections.abc import Mapping

from companion.webclient.page_script import PICK_LANGUAGE, PageScript

LINE_ID = "companion-restarted"
"""The id of the line shown after a restart, above the app."""

STOPPED_ID = "companion-stopped"
"""The id of the cover shown when the screen keeps stopping."""

RESTARTS_KEY = "companion-restarts"
"""sessionStorage: the times (ms since the epoch) of this tab's recent restarts."""

RESTARTED_KEY = "companion-restarted"
"""sessionStorage: set just before a restart, so the page that comes says so."""

LIMIT = 3
"""Restarts within WINDOW_MS before the page stops restarting and says so."""

WINDOW_MS = 120_000
NOTICE_MS = 6_000
"""How long the line stays once the app's view is on the page."""

STYLE = f"""\
#{LINE_ID} {{ position: fixed; z-index: 2147483646;
  top: max(8px, env(safe-area-inset-top)); left: 8px; right: 8px;
  display: flex; align-items: center; gap: 8px; box-sizing: border-box;
  max-width: 34em; margin: 0 auto; padding: 4px 4px 4px 16px;
  border: 2px solid #2e7d32; border-radius: 12px;
  background: #f4f8f3; color: #1a1c19;
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.3);
  font: 16px/1.4 Roboto, system-ui, sans-serif; }}
#{LINE_ID} p {{ flex: 1; margin: 8px 0; }}
#{LINE_ID} button {{ flex: none; width: 48px; height: 48px; padding: 0;
  border: 0; border-radius: 24px; background: transparent; color: inherit;
  font: 28px/1 Roboto, system-ui, sans-serif; cursor: pointer; }}
#{STOPPED_ID} {{ position: fixed; inset: 0; z-index: 2147483647; display: flex;
  align-items: center; justify-content: center; padding: 24px;
  background: #f4f8f3; color: #1a1c19;
  font: 18px/1.5 Roboto, system-ui, sans-serif; }}
#{STOPPED_ID} main {{ max-width: 28em; }}
#{STOPPED_ID} h1 {{ font-size: 1.5em; line-height: 1.25; margin: 0 0 0.6em; }}
#{STOPPED_ID} button {{ display: inline-flex; align-items: center;
  box-sizing: border-box; margin-top: 1em; min-height: 48px; padding: 0 24px;
  border: 0; border-radius: 24px; background: #2e7d32;
  color: #fff; font: inherit; cursor: pointer; }}
@media (prefers-color-scheme: dark) {{
  #{LINE_ID} {{ background: #1a1c19; color: #e2e3dd; border-color: #8fd88a; }}
  #{STOPPED_ID} {{ background: #1a1c19; color: #e2e3dd; }}
  #{STOPPED_ID} button {{ background: #8fd88a; color: #00390a; }}
}}
"""
"""The look of the "cannot be reached" page (unreachable_page.STYLE): the app's
green, light or dark; the line a bordered card over the top bar."""

SCRIPT = PageScript.beside(__file__, "screen_restart.js", (PICK_LANGUAGE,))
"""The script, with `recentRestarts(stored, now, windowMs)` at its top level."""


def restart_js(
    texts_by_language: Mapping[str, Mapping[str, str]],
    *,
    limit: int = LIMIT,
    window_ms: int = WINDOW_MS,
    notice_ms: int = NOTICE_MS,
) -> str:
    """The page's script that restarts a screen whose renderer trapped.

    On a WebAssembly trap nobody caught (a window error or an unhandled
    rejection whose error is a WebAssembly.RuntimeError, or a worker's error
    that reaches the window as "Uncaught RuntimeError: ...") it reloads the page,
    which comes back on the same route, and that page shows a line saying so
    (`notice_ms` once the app's view is there, or until closed). After `limit`
    restarts within `window_ms` (counted in sessionStorage, per tab) a trap
    covers the page with what to do instead. Texts come from
    `texts_by_language` in the browser's language (the first one the
    fallback). Load it before Flutter's scripts.
    """
    return SCRIPT.shipped(
        {
            "texts": {lang: dict(texts) for lang, texts in texts_by_language.items()},
            "style": STYLE,
            "limit": int(limit),
            "windowMs": int(window_ms),
            "noticeMs": int(notice_ms),
            "restartsKey": RESTARTS_KEY,
            "restartedKey": RESTARTED_KEY,
            "stoppedId": STOPPED_ID,
            "lineId": LINE_ID,
        }
    )
