"""The loading screen's markup: our icon and name, our colours, light and dark."""

from __future__ import annotations

import json
import re
from pathlib import Path

from node_scripts import node_json

from companion.webclient.loading_screen import (
    DARK_SURFACE,
    LIGHT_SURFACE,
    SCREEN_ID,
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


def test_the_screen_is_dark_when_the_phone_is():
    markup = loading_screen_html(TEXTS, "icons/icon-192.png")
    light, dark = markup.split("@media (prefers-color-scheme: dark)")
    assert f"background: {LIGHT_SURFACE}" in light
    assert f"background: {DARK_SURFACE}" in dark.split("}")[0]


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
globalThis.document = {
  title: '', documentElement: element('html'),
  getElementById: () => screen, createElement: element,
};
globalThis.window = globalThis;
let reloads = 0;
window.location = { reload() { reloads += 1; } };
globalThis.requestAnimationFrame = (run) => run();
eval(SCRIPT);
window.companionLoading[ACTION]();
const button = screen.children.find((child) => child.tag === 'button');
if (button) { button.listeners.click(); }
console.log(JSON.stringify({
  lang: document.documentElement.lang, title: document.title,
  heading: heading.textContent, label: screen.attributes['aria-label'] || null,
  role: screen.attributes.role, barGone: !!bar.removed,
  said: screen.children.map((child) => child.textContent), reloads,
}));
"""


def _screen(tmp_path: Path, action: str) -> dict:
    markup = loading_screen_html(TEXTS, "icons/icon-192.png")
    script = re.search(r"<script>\n(.*)</script>", markup, re.DOTALL)[1]
    test = tmp_path / "screen.js"
    test.write_text(
        _DOM.replace("LANGUAGES", json.dumps(["nn-NO", "en"]))
        .replace("SCRIPT", json.dumps(script))
        .replace("ACTION", json.dumps(action)),
        "utf-8",
    )
    return node_json(test)  # type: ignore[return-value]


def test_the_browsers_language_is_chosen_and_a_refusal_says_why(tmp_path: Path):
    seen = _screen(tmp_path, "refuse")
    assert seen == {
        "lang": "nb",
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
