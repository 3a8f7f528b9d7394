"""A trapped screen restarts itself a few times, then says what to do: run in node."""

from __future__ import annotations

import json

import pytest
from node_scripts import node_json, run_node, shipped_settings

from companion.publish.page import patch_index
from companion.serving.offline import WATCH_SCRIPT, served_client
from companion.webclient.screen_restart import (
    LINE_ID,
    RESTARTED_KEY,
    RESTARTS_KEY,
    SCRIPT,
    STOPPED_ID,
    restart_js,
)
from companion.words.restart_texts import restart_texts_by_language

TEXTS = {
    "en": {
        "restarted": "The screen was restarted; nothing was lost.",
        "close": "Close this message",
        "title": "The screen keeps stopping",
        "advice": "Close this tab.",
        "retry": "Restart the screen",
    },
    "nb": {
        "restarted": "Skjermen ble startet på nytt; ingenting gikk tapt.",
        "close": "Lukk denne meldingen",
        "title": "Skjermen stopper stadig",
        "advice": "Lukk fanen.",
        "retry": "Start skjermen på nytt",
    },
}

# Just enough of a browser page for the script: a window that takes listeners,
# a session store, a document whose elements keep their text and children.
# `page(languages)` loads the script (as a classic script: its top-level
# functions are globals) as a new page in the same tab (its session store
# kept) and lets a second pass; `advance(ms)` moves the clock and runs the
# timers due; `trap(error)` reports an uncaught error and says whether the
# page reloaded and what it shows.
HARNESS = """
globalThis.self = globalThis;
class Element {
  constructor(tag) { this.tag = tag; this.children = []; this.attributes = {};
    this.textContent = ''; this.listeners = {}; this.removed = false; }
  append(...children) { this.children.push(...children); }
  setAttribute(name, value) { this.attributes[name] = value; }
  addEventListener(name, listener) { this.listeners[name] = listener; }
  remove() { this.removed = true; }
  text() { return this.tag === 'style' ? '' : [
    this.attributes['aria-label'] || this.textContent,
    ...this.children.map((c) => c.text())].filter(Boolean).join(' | '); }
}
let listeners, reloads, body, now = 1000000;
const session = new Map();
globalThis.sessionStorage = {
  getItem: (key) => session.has(key) ? session.get(key) : null,
  setItem: (key, value) => session.set(key, String(value)),
  removeItem: (key) => session.delete(key),
};
Date.now = () => now;
let timers = [], nextTimer = 1;
globalThis.setTimeout = (run, ms) => {
  timers.push({id: nextTimer, at: now + ms, run}); return nextTimer++; };
globalThis.setInterval = (run, ms) => {
  const id = nextTimer++;
  const again = () => {
    timers.push({id, at: now + ms, run: () => { again(); run(); }}); };
  again(); return id; };
globalThis.clearInterval = (id) => { timers = timers.filter((t) => t.id !== id); };
function advance(ms) {
  const until = now + ms;
  for (;;) {
    timers.sort((a, b) => a.at - b.at);
    if (!timers.length || timers[0].at > until) break;
    const due = timers.shift();
    now = due.at;
    due.run();
  }
  now = until;
}
function page(languages) {
  listeners = {}; reloads = 0; body = new Element('body'); timers = [];
  body.children.push(new Element('flutter-view'));
  Object.defineProperty(globalThis, 'navigator',
    {value: {languages}, configurable: true});
  globalThis.window = {
    addEventListener: (name, listener) => { listeners[name] = listener; },
    location: {reload: () => { reloads += 1; }},
  };
  globalThis.document = {
    body, createElement: (tag) => new Element(tag),
    querySelector: () => body.children[0],
    addEventListener: () => {},
  };
  require('vm').runInThisContext(SCRIPT);
  advance(1000);
}
function shown(id) {
  const found = body.children.find((child) => child.id === id && !child.removed);
  return found ? found.text() : null;
}
function trap(error) {
  listeners.error({error});
  return {reloads, line: shown(LINE), stopped: shown(STOPPED),
    inert: body.children[0].inert === true};
}
"""


def in_pages(script: str, steps: str) -> object:
    """What `steps` (JavaScript using the harness) print, with `script` loaded."""
    return node_json(
        "-e",
        f"const SCRIPT = {json.dumps(script)};\n"
        f"const LINE = {json.dumps(LINE_ID)}, STOPPED = {json.dumps(STOPPED_ID)};\n"
        f"{HARNESS}\n{steps}",
    )


def test_three_traps_restart_the_page_each_saying_so_and_a_fourth_stops():
    steps = """
    const seen = [];
    page(['en-GB']);
    for (let trapNumber = 1; trapNumber <= 4; trapNumber += 1) {
      const after = trap(new WebAssembly.RuntimeError('forced'));
      seen.push(after);
      if (after.reloads) {
        now += 10000;
        page(['en-GB']);
        seen.push({line: shown(LINE)});
        advance(10000);
      }
    }
    console.log(JSON.stringify(seen));
    """
    seen = in_pages(restart_js(TEXTS, limit=3, window_ms=120_000), steps)
    line = "The screen was restarted; nothing was lost. | Close this message"
    restarted = {"line": line}
    reloaded = {"reloads": 1, "line": None, "stopped": None, "inert": False}
    assert seen == [reloaded, restarted] * 3 + [
        {
            "reloads": 0,
            "line": None,
            "stopped": "The screen keeps stopping | Close this tab. | "
            "Restart the screen",
            "inert": True,
        }
    ]


def test_restarts_older_than_the_window_no_longer_count():
    steps = """
    const seen = [];
    page(['nb-NO']);
    for (let trapNumber = 1; trapNumber <= 5; trapNumber += 1) {
      seen.push(trap(new WebAssembly.RuntimeError('forced')).reloads);
      now += 61000;
      page(['nb-NO']);
    }
    console.log(JSON.stringify({seen, line: shown(LINE)}));
    """
    # Two restarts a minute apart: never three within two minutes.
    found = in_pages(restart_js(TEXTS, limit=3, window_ms=120_000), steps)
    assert found == {
        "seen": [1, 1, 1, 1, 1],
        "line": "Skjermen ble startet på nytt; ingenting gikk tapt. | "
        "Lukk denne meldingen",
    }


def test_the_line_goes_a_few_seconds_after_the_app_is_drawn_or_when_closed():
    steps = """
    page(['en']);
    trap(new WebAssembly.RuntimeError('forced'));
    page(['en']);
    const seen = [shown(LINE) !== null];
    advance(5000);
    seen.push(shown(LINE) !== null);
    advance(1500);
    seen.push(shown(LINE) !== null);
    // Closed by its button, long before its time.
    now += 200000;
    trap(new WebAssembly.RuntimeError('forced'));
    page(['en']);
    const line = body.children.find((child) => child.id === LINE);
    const close = line.children.find((child) => child.tag === 'button');
    close.listeners.click();
    seen.push(shown(LINE) !== null);
    // A later load of the tab says nothing.
    page(['en']);
    seen.push(shown(LINE) !== null);
    console.log(JSON.stringify(seen));
    """
    found = in_pages(restart_js(TEXTS, notice_ms=6000), steps)
    assert found == [True, True, False, False, False]


def test_other_errors_and_a_page_never_restarted_change_nothing():
    steps = """
    page(['en']);
    const first = {line: shown(LINE)};
    const typeError = trap(new TypeError('a plugin failed'));
    const noError = trap(undefined);
    listeners.error({error: null, message: 'Uncaught TypeError: RuntimeError: x'});
    const otherMessage = reloads;
    const rejected = (listeners.unhandledrejection({reason: new Error('x')}), reloads);
    const trapped = (listeners.unhandledrejection(
      {reason: new WebAssembly.RuntimeError('in a promise')}), reloads);
    console.log(JSON.stringify([first, typeError.reloads, noError.reloads,
      otherMessage, rejected, trapped]));
    """
    found = in_pages(restart_js(TEXTS), steps)
    assert found == [{"line": None}, 0, 0, 0, 0, 1]


def test_a_trap_in_a_worker_known_by_its_message_alone_restarts_too():
    steps = """
    page(['en']);
    listeners.error({error: null,
      message: 'Uncaught RuntimeError: memory access out of bounds'});
    console.log(JSON.stringify(reloads));
    """
    assert in_pages(restart_js(TEXTS), steps) == 1


def test_without_session_storage_a_trap_is_not_restarted_but_explained():
    steps = """
    page(['en']);
    globalThis.sessionStorage.setItem = () => { throw new Error('quota'); };
    console.log(JSON.stringify(trap(new WebAssembly.RuntimeError('forced'))));
    """
    found = in_pages(restart_js(TEXTS), steps)
    assert found["reloads"] == 0
    assert found["stopped"].startswith("The screen keeps stopping")


@pytest.mark.parametrize(
    ("stored", "recent"),
    [
        (None, []),
        ("", []),
        ("not json", []),
        ('{"a": 1}', []),
        ("[1000, 50000, 99000, 100000, 100001]", [50000, 99000, 100000]),
        ('["99000", null, 99500]', [99500]),
    ],
)
def test_the_stored_restarts_are_read_safely(stored, recent):
    steps = f"""
    page(['en']);
    console.log(JSON.stringify(recentRestarts({json.dumps(stored)}, 100000, 60000)));
    """
    assert in_pages(restart_js(TEXTS), steps) == recent


def test_the_script_is_valid_javascript_with_the_keys_it_counts_in(tmp_path):
    script = restart_js(TEXTS, limit=3, window_ms=120_000, notice_ms=6000)
    settings = shipped_settings(script)[SCRIPT.key]
    assert settings["limit"] == 3
    assert settings["windowMs"] == 120000
    assert (settings["restartsKey"], settings["restartedKey"]) == (
        RESTARTS_KEY,
        RESTARTED_KEY,
    )
    assert settings["texts"] == TEXTS
    # The file the page runs, whole, after its settings.
    assert script.endswith(SCRIPT.source())
    path = tmp_path / "restart.js"
    path.write_text(script, "utf-8")
    run_node("--check", path)


def test_the_served_page_and_the_static_page_both_run_it_before_flutter():
    script = restart_js(restart_texts_by_language())
    served = served_client()
    assert script in served.replaced[WATCH_SCRIPT].decode("utf-8")
    index = patch_index(
        '<html><head><base href="/"><!-- fletAppConfig -->'
        "<title>x</title>"
        '<meta name="description" content="x">'
        '<meta name="apple-mobile-web-app-title" content="x">'
        "</head><body>"
        '<div id="loading"><img src="icons/loading-animation.png"></div>'
        '<script src="flutter_bootstrap.js" async></script>'
        "</body></html>",
        "/cards/",
        "v1",
    )
    assert index.index(script) < index.index("flutter_bootstrap.js")


@pytest.mark.parametrize(
    ("wanted", "lang"),
    [(["nb-NO"], "nb"), (["sv-SE"], "sv"), (["es"], "es"), (["de"], "en")],
)
def test_the_shipped_script_says_it_in_the_browsers_language(wanted, lang):
    texts = restart_texts_by_language()
    steps = f"""
    page({json.dumps(wanted)});
    trap(new WebAssembly.RuntimeError('forced'));
    page({json.dumps(wanted)});
    const line = shown(LINE);
    now += 1000;
    session.set({json.dumps(RESTARTS_KEY)}, JSON.stringify([now, now, now]));
    console.log(JSON.stringify([line, trap(new WebAssembly.RuntimeError('x'))]));
    """
    line, stopped = in_pages(restart_js(texts), steps)
    assert line == f"{texts[lang]['restarted']} | {texts[lang]['close']}"
    assert stopped["reloads"] == 0
    assert stopped["stopped"] == " | ".join(
        texts[lang][key] for key in ("title", "advice", "retry")
    )


def test_the_limit_is_the_one_given():
    steps = """
    page(['en']);
    const first = trap(new WebAssembly.RuntimeError('forced')).reloads;
    page(['en']);
    const second = trap(new WebAssembly.RuntimeError('forced')).reloads;
    console.log(JSON.stringify([first, second, shown(STOPPED) !== null]));
    """
    assert in_pages(restart_js(TEXTS, limit=1), steps) == [1, 0, True]
