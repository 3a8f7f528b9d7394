"""The loading screen's markup: our icon and name, our colours, light and dark."""

from __future__ import annotations

import json
import re
from pathlib import Path

from node_scripts import node_json

from companion.ui.frame.page_looks import LOOKS_PREFERENCE
from companion.ui.frame.state import THEMES as STATE_THEMES
from companion.webclient.loading_screen import (
    DARK_ATTRIBUTE,
    DARK_SURFACE,
    LIGHT_SURFACE,
    LOOKS_KEY,
    SCREEN_ID,
    THEMES,
    loading_screen_html,
    theme_colour_meta,
)

TEXTS = {
    "en": {
        "name": "Card <Table> & Co",
        "opening": "Opening…",
        "elsewhere": "Open in another tab.",
        "elsewhere_advice": "Use that tab.",
        "failed": "The files did not come.",
        "failed_advice": "Try again.",
        "retry": "Try again",
    },
    "nb": {
        "name": "Kortbordets hjelper",
        "opening": "Åpner …",
        "elsewhere": "Åpen i en annen fane.",
        "elsewhere_advice": "Bruk den fanen.",
        "failed": "Filene kom ikke.",
        "failed_advice": "Prøv igjen.",
        "retry": "Prøv igjen",
    },
}


def test_the_page_has_a_theme_colour_for_light_and_for_dark():
    metas = theme_colour_meta()
    assert (
        f'<meta name="theme-color" content="{LIGHT_SURFACE}" '
        'media="(prefers-color-scheme: light)">'
    ) in metas
    assert (
        f'<meta name="theme-color" content="{DARK_SURFACE}" '
        'media="(prefers-color-scheme: dark)">'
    ) in metas


def test_the_screen_shows_our_icon_and_name_escaped_in_the_first_language():
    markup = loading_screen_html(TEXTS, "icons/icon-192.png")
    assert f'<div id="{SCREEN_ID}" role="status" aria-label="Opening…">' in markup
    assert '<img src="icons/icon-192.png" alt="" width="96" height="96">' in markup
    assert "<h1>Card &lt;Table&gt; &amp; Co</h1>" in markup
    assert "loading-animation" not in markup


def test_the_screen_is_dark_when_the_page_says_the_app_opens_dark():
    markup = loading_screen_html(TEXTS, "icons/icon-192.png")
    light, dark = markup.split(f'[{DARK_ATTRIBUTE}="true"]', 1)
    assert f"background: {LIGHT_SURFACE}" in light
    assert f"background: {DARK_SURFACE}" in dark.split("}")[0]


def test_the_key_the_page_reads_is_the_one_the_app_writes():
    # Flutter's SharedPreferences keeps a key under `flutter.` in localStorage.
    assert f"flutter.{LOOKS_PREFERENCE}" == LOOKS_KEY
    assert THEMES == STATE_THEMES


_DOM = """
globalThis.self = globalThis;
const element = (tag) => ({
  tag, children: [], attributes: {}, className: '', textContent: '', listeners: {},
  addEventListener(name, listener) { this.listeners[name] = listener; },
  classList: { added: [], add(name) { this.added.push(name); } },
  setAttribute(name, value) { this.attributes[name] = value; },
  removeAttribute(name) { delete this.attributes[name]; },
  append(...items) { this.children.push(...items); },
  remove() { this.removed = true; },
});
const heading = element('h1');
const bar = element('div');
const screen = element('div');
screen.querySelector = (selector) => (selector === 'h1' ? heading : bar);
globalThis.navigator = { languages: LANGUAGES };
const metas = [{ content: 'light' }, { content: 'dark' }];
globalThis.document = {
  title: '', documentElement: element('html'),
  getElementById: () => screen, createElement: element,
  querySelectorAll: () => metas,
};
globalThis.localStorage = { getItem: () => STORED };
const observers = [];
globalThis.MutationObserver = class {
  constructor(callback) {
    this.callback = callback; this.on = false; observers.push(this);
  }
  observe() { this.on = true; }
  disconnect() { this.on = false; }
};
// Flutter, as it starts, then with the app's locale: each `lang` the page says.
const flutterSays = (lang) => {
  document.documentElement.lang = lang;
  observers.filter((seen) => seen.on).forEach((seen) => seen.callback());
  return document.documentElement.lang;
};

globalThis.matchMedia = () => ({ matches: DARK });
globalThis.window = globalThis;
let reloads = 0;
window.location = { reload() { reloads += 1; } };
globalThis.requestAnimationFrame = (run) => run();
globalThis.setTimeout = (run) => run();
eval(SCRIPT);
const lang = document.documentElement.lang;
const whileLoading = [flutterSays('en-US'), flutterSays('en')];
window.companionLoading[ACTION]();
const afterwards = flutterSays('en-US');
const button = screen.children.find((child) => child.tag === 'button');
if (button) { button.listeners.click(); }
console.log(JSON.stringify({
  lang, title: document.title,
  dark: document.documentElement.attributes[DARK_ATTRIBUTE],
  metas: metas.map((meta) => meta.content), whileLoading, afterwards,
  heading: heading.textContent, label: screen.attributes['aria-label'] || null,
  role: screen.attributes.role, barGone: !!bar.removed,
  said: screen.children.map((child) => child.textContent), reloads,
}));
"""


def _screen(
    tmp_path: Path, action: str, stored: str | None = None, dark: bool = False
) -> dict:
    """What the screen's script did on a Norwegian (nynorsk) browser, with
    `stored` in localStorage's LOOKS_KEY and the browser `dark` or not."""
    markup = loading_screen_html(TEXTS, "icons/icon-192.png")
    script = re.search(r"<script>\n(.*)</script>", markup, re.DOTALL)[1]
    test = tmp_path / "screen.js"
    test.write_text(
        _DOM.replace("LANGUAGES", json.dumps(["nn-NO", "en"]))
        .replace("STORED", json.dumps(stored))
        .replace("DARK_ATTRIBUTE", json.dumps(DARK_ATTRIBUTE))
        .replace("DARK", json.dumps(dark))
        .replace("SCRIPT", json.dumps(script))
        .replace("ACTION", json.dumps(action)),
        "utf-8",
    )
    return node_json(test)  # type: ignore[return-value]


def test_the_browsers_language_is_chosen_and_a_refusal_says_why(tmp_path: Path):
    seen = _screen(tmp_path, "refuse")
    assert seen == {
        "lang": "nb",
        "dark": "false",
        "metas": [LIGHT_SURFACE, LIGHT_SURFACE],
        "whileLoading": ["nb", "en"],
        "afterwards": "nb",
        "title": "Kortbordets hjelper",
        "heading": "Kortbordets hjelper",
        "label": None,
        "role": "alert",
        "barGone": True,
        "said": ["Åpen i en annen fane.", "Bruk den fanen."],
        "reloads": 0,
    }


def test_files_that_did_not_come_are_said_with_a_button_that_tries_again(
    tmp_path: Path,
):
    seen = _screen(tmp_path, "fail")
    assert (seen["role"], seen["label"], seen["barGone"]) == ("alert", None, True)
    assert seen["said"] == ["Filene kom ikke.", "Prøv igjen.", "Prøv igjen"]
    assert seen["reloads"] == 1


def test_a_dark_browser_with_nothing_stored_gets_a_dark_screen(tmp_path: Path):
    seen = _screen(tmp_path, "done", dark=True)
    assert (seen["lang"], seen["dark"]) == ("nb", "true")
    assert seen["metas"] == [DARK_SURFACE, DARK_SURFACE]


def test_flutters_own_locale_never_shows_until_the_app_has_taken_over(
    tmp_path: Path,
):
    # Flutter says en-US as it starts (the screen's language stays), then
    # the app's language, which stays; once the screen is gone, Flutter's word.
    seen = _screen(tmp_path, "done")
    assert seen["whileLoading"] == ["nb", "en"]
    assert seen["afterwards"] == "en-US"


def test_the_language_and_theme_the_app_last_opened_in_win(tmp_path: Path):
    # Flutter keeps a SharedPreferences string JSON-encoded.
    seen = _screen(tmp_path, "done", json.dumps("en dark"), dark=False)
    assert (seen["lang"], seen["dark"], seen["heading"]) == (
        "en",
        "true",
        "Card <Table> & Co",
    )
    seen = _screen(tmp_path, "done", json.dumps("en light"), dark=True)
    assert (seen["lang"], seen["dark"]) == ("en", "false")


def test_stored_looks_that_are_not_ours_count_as_none(tmp_path: Path):
    for stored in ("{", json.dumps("xx dark"), json.dumps("en purple"), "[1]"):
        seen = _screen(tmp_path, "done", stored, dark=True)
        assert (seen["lang"], seen["dark"]) == ("nb", "true"), stored
