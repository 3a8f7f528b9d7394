"""The "table's computer cannot be reached" page: in the worker and the open page."""

from __future__ import annotations

import html
import json
from collections.abc import Mapping

PAGE_ID = "companion-unreachable"
"""The id of the page's element (in the open page: the cover over the app)."""

STYLE = f"""\
#{PAGE_ID} {{ position: fixed; inset: 0; z-index: 2147483647; display: flex;
  align-items: center; justify-content: center; padding: 24px;
  background: #f4f8f3; color: #1a1c19;
  font: 18px/1.5 Roboto, system-ui, sans-serif; }}
#{PAGE_ID} main {{ max-width: 28em; }}
#{PAGE_ID} h1 {{ font-size: 1.5em; line-height: 1.25; margin: 0 0 0.6em; }}
#{PAGE_ID} .retry {{ display: inline-flex; align-items: center;
  box-sizing: border-box; margin-top: 1em; min-height: 48px; padding: 0 24px;
  border: 0; border-radius: 24px; background: #2e7d32;
  color: #fff; font: inherit; text-decoration: none; cursor: pointer; }}
@media (prefers-color-scheme: dark) {{
  #{PAGE_ID} {{ background: #1a1c19; color: #e2e3dd; }}
  #{PAGE_ID} .retry {{ background: #8fd88a; color: #00390a; }}
}}
"""
"""Large type and a thumb-sized button; the app's green, light or dark."""

# Mirrors companion.words.i18n.negotiate for the browser's list of languages:
# the first whose language part we speak, Norwegian variants read Bokmål.
_PICK_LANGUAGE_JS = """\
function pickLanguage(wanted, spoken) {
  const aliases = {no: 'nb', nn: 'nb'};
  for (const tag of wanted || []) {
    const language = String(tag).toLowerCase().split(/[-_]/)[0];
    const found = aliases[language] || language;
    if (spoken.includes(found)) {
      return found;
    }
  }
  return spoken[0];
}
"""


def pick_language_js() -> str:
    """A JavaScript function `pickLanguage(navigator.languages, spoken)`."""
    return _PICK_LANGUAGE_JS


def page_html(texts: Mapping[str, str], lang: str) -> str:
    """The whole page in one language; "Try again" opens the same address again."""
    escaped = {key: html.escape(text) for key, text in texts.items()}
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{html.escape(lang)}"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escaped['title']}</title>\n<style>\n{STYLE}</style></head>\n"
        f'<body><div id="{PAGE_ID}"><main>\n'
        f"<h1>{escaped['title']}</h1>\n<p>{escaped['advice']}</p>\n"
        f'<a class="retry" href="" role="button">{escaped["retry"]}</a>\n'
        "</main></div></body></html>\n"
    )


_WATCH_TEMPLATE = """\
'use strict';
// Written by Card Table Companion: when the page's connection to the table's
// computer is gone and does not come back, say so instead of a frozen app.
(() => {
  const TEXTS = %(texts)s;
  const STYLE = %(style)s;
  const PATH = %(path)s;
  const GRACE_MS = %(grace)s;
  %(pick)s
  const texts = TEXTS[pickLanguage(navigator.languages, Object.keys(TEXTS))];
  const Native = window.WebSocket;
  const open = new Set();
  let timer = null;
  let cover = null;

  function show() {
    timer = null;
    if (cover !== null || open.size > 0) {
      return;
    }
    cover = document.createElement('div');
    cover.id = %(id)s;
    cover.setAttribute('role', 'alert');
    const style = document.createElement('style');
    style.textContent = STYLE;
    const main = document.createElement('main');
    const title = document.createElement('h1');
    title.textContent = texts.title;
    const advice = document.createElement('p');
    advice.textContent = texts.advice;
    const still = document.createElement('p');
    const retry = document.createElement('button');
    retry.className = 'retry';
    retry.type = 'button';
    retry.textContent = texts.retry;
    retry.addEventListener('click', async () => {
      retry.disabled = true;
      still.textContent = '';
      try {
        // Reload only onto a page that is there: over plain http a reload
        // with the server gone shows the browser's own error page.
        const answer = await fetch(window.location.href, {cache: 'no-store'});
        if (answer.ok) {
          window.location.reload();
          return;
        }
      } catch (error) {
        // No answer: say so below.
      }
      still.textContent = texts.still;
      retry.disabled = false;
    });
    main.append(title, advice, retry, still);
    cover.append(style, main);
    for (const other of document.body.children) {
      other.inert = true;
    }
    document.body.append(cover);
  }

  function hide() {
    if (cover === null) {
      return;
    }
    cover.remove();
    cover = null;
    for (const other of document.body.children) {
      other.inert = false;
    }
  }

  function watch(socket) {
    socket.addEventListener('open', () => {
      open.add(socket);
      clearTimeout(timer);
      timer = null;
      hide();
    });
    socket.addEventListener('close', () => {
      open.delete(socket);
      // Flet's client tries again by itself: wait before calling it lost.
      if (open.size === 0 && timer === null) {
        timer = setTimeout(show, GRACE_MS);
      }
    });
  }

  // Flet's client looks WebSocket up on the window each time it connects.
  function WatchedWebSocket(url, protocols) {
    const socket = arguments.length > 1 ? new Native(url, protocols) : new Native(url);
    if (new URL(String(url), window.location.href).pathname === PATH) {
      watch(socket);
    }
    return socket;
  }
  WatchedWebSocket.prototype = Native.prototype;
  for (const name of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) {
    WatchedWebSocket[name] = Native[name];
  }
  window.WebSocket = WatchedWebSocket;
})();
"""


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
    return _WATCH_TEMPLATE % {
        "texts": json.dumps(texts_by_language, ensure_ascii=False, indent=1),
        "style": json.dumps(STYLE),
        "path": json.dumps(websocket_path),
        "grace": int(grace_ms),
        "pick": _PICK_LANGUAGE_JS.replace("\n", "\n  ").rstrip(),
        "id": json.dumps(PAGE_ID),
    }
