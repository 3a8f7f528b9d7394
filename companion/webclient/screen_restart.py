"""The page's script that restarts a screen whose renderer trapped, a few times."""

from __future__ import annotations

import json
from collections.abc import Mapping

from companion.webclient.unreachable_page import pick_language_js

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

# Pure, so a test can run it alone: the restarts of `stored` (sessionStorage's
# text, or anything a broken store holds) within `windowMs` before `now`.
_RECENT_RESTARTS_JS = """\
function recentRestarts(stored, now, windowMs) {
  let times;
  try {
    times = JSON.parse(stored || '[]');
  } catch (error) {
    return [];
  }
  if (!Array.isArray(times)) {
    return [];
  }
  return times.filter(
    (time) => Number.isFinite(time) && time <= now && now - time < windowMs);
}
"""

_TEMPLATE = """\
'use strict';
// Written by Card Table Companion: a renderer that traps (a WebAssembly
// RuntimeError nobody caught, as skwasm's "memory access out of bounds",
// flutter/flutter#184858) never draws again. Reload the page onto the same
// route, which the URL holds, at most LIMIT times within WINDOW_MS; then say
// so instead of reloading for ever.
(() => {
  const TEXTS = %(texts)s;
  const STYLE = %(style)s;
  const LIMIT = %(limit)d;
  const WINDOW_MS = %(window)d;
  const NOTICE_MS = %(notice)d;
  const RESTARTS = %(restarts_key)s;
  const RESTARTED = %(restarted_key)s;
  %(pick)s
  %(recent)s
  const texts = TEXTS[pickLanguage(navigator.languages, Object.keys(TEXTS))];
  let trapped = false;

  function isTrap(error) {
    return typeof WebAssembly === 'object' &&
      error instanceof WebAssembly.RuntimeError;
  }

  // A trap in a worker (multi-threaded skwasm draws in one) reaches the
  // window without its error, as the message "Uncaught RuntimeError: ...":
  // no other error of the platform's is named RuntimeError.
  function isWorkerTrap(event) {
    return (event.error === null || event.error === undefined) &&
      /^(Uncaught )?RuntimeError: /.test(String(event.message));
  }

  function styled(element) {
    const style = document.createElement('style');
    style.textContent = STYLE;
    element.append(style);
    return element;
  }

  function onTrap() {
    if (trapped) {
      return;
    }
    trapped = true;
    try {
      const now = Date.now();
      const restarts = recentRestarts(
        sessionStorage.getItem(RESTARTS), now, WINDOW_MS);
      if (restarts.length < LIMIT) {
        sessionStorage.setItem(RESTARTS, JSON.stringify([...restarts, now]));
        sessionStorage.setItem(RESTARTED, '1');
        window.location.reload();
        return;
      }
    } catch (error) {
      // No session storage: restarts cannot be counted, so none is made.
    }
    showStopped();
  }

  function showStopped() {
    const cover = styled(document.createElement('div'));
    cover.id = %(stopped_id)s;
    cover.setAttribute('role', 'alert');
    const main = document.createElement('main');
    const title = document.createElement('h1');
    title.textContent = texts.title;
    const advice = document.createElement('p');
    advice.textContent = texts.advice;
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.textContent = texts.retry;
    // A person's own reload: not counted, and the next trap stops here again
    // until the earlier restarts are WINDOW_MS old.
    retry.addEventListener('click', () => window.location.reload());
    main.append(title, advice, retry);
    cover.append(main);
    for (const other of document.body.children) {
      other.inert = true;
    }
    document.body.append(cover);
  }

  function showRestarted() {
    // Outside Flutter's view, so its semantics tree is left as it is; a
    // status role, filled after it is on the page, so a screen reader says it.
    const line = styled(document.createElement('div'));
    line.id = %(line_id)s;
    line.setAttribute('role', 'status');
    const words = document.createElement('p');
    const close = document.createElement('button');
    close.type = 'button';
    close.setAttribute('aria-label', texts.close);
    close.title = texts.close;
    close.textContent = '\\u00d7';
    close.addEventListener('click', () => line.remove());
    line.append(words, close);
    document.body.append(line);
    setTimeout(() => {
      words.textContent = texts.restarted;
    }, 100);
    // Counted from when the app's view is on the page, so a slow start does
    // not use up the time the line is there to be read.
    const started = Date.now();
    const waiting = setInterval(() => {
      const drawn = document.querySelector('flutter-view, flt-glass-pane');
      if (drawn !== null || Date.now() - started > 60000) {
        clearInterval(waiting);
        setTimeout(() => line.remove(), NOTICE_MS);
      }
    }, 250);
  }

  window.addEventListener('error', (event) => {
    if (isTrap(event.error) || isWorkerTrap(event)) {
      onTrap();
    }
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isTrap(event.reason)) {
      onTrap();
    }
  });

  let restarted = false;
  try {
    restarted = sessionStorage.getItem(RESTARTED) === '1';
    sessionStorage.removeItem(RESTARTED);
  } catch (error) {
    // No session storage: no restart was made.
  }
  if (restarted) {
    if (document.body) {
      showRestarted();
    } else {
      document.addEventListener('DOMContentLoaded', showRestarted);
    }
  }
})();
"""


def recent_restarts_js() -> str:
    """A JavaScript function `recentRestarts(stored, now, windowMs)`: the times
    in `stored` (JSON text) within `windowMs` before `now`, garbage dropped."""
    return _RECENT_RESTARTS_JS


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
    return _TEMPLATE % {
        "texts": json.dumps(texts_by_language, ensure_ascii=False, indent=1),
        "style": json.dumps(STYLE),
        "limit": int(limit),
        "window": int(window_ms),
        "notice": int(notice_ms),
        "restarts_key": json.dumps(RESTARTS_KEY),
        "restarted_key": json.dumps(RESTARTED_KEY),
        "pick": pick_language_js().replace("\n", "\n  ").rstrip(),
        "recent": _RECENT_RESTARTS_JS.replace("\n", "\n  ").rstrip(),
        "stopped_id": json.dumps(STOPPED_ID),
        "line_id": json.dumps(LINE_ID),
    }
