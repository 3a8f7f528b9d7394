"""The "cannot be reached" page: escaped, in the browser's language, over the app."""

from __future__ import annotations

import json

import pytest
from node_scripts import run_node, shipped_settings

from companion.webclient.page_script import PICK_LANGUAGE
from companion.webclient.unreachable_page import PAGE_ID, WATCH, page_html, watch_js

TEXTS = {
    "title": "The table's computer cannot be reached",
    "advice": "Check <the> computer & Wi-Fi.",
    "retry": "Try again",
    "still": "Still no answer.",
}


def test_the_page_says_it_in_its_language_with_a_way_to_try_again():
    page = page_html(TEXTS, "nb")
    assert '<html lang="nb">' in page
    assert "<h1>The table&#x27;s computer cannot be reached</h1>" in page
    # Text is text: no markup of a translator's gets into the page.
    assert "Check &lt;the&gt; computer &amp; Wi-Fi." in page
    # "Try again" opens the same address again; no script needed.
    assert '<a class="retry" href="" role="button">Try again</a>' in page
    assert "<script" not in page


@pytest.mark.parametrize(
    ("wanted", "picked"),
    [
        (["nb-NO", "en"], "nb"),
        (["no"], "nb"),
        (["nn-NO"], "nb"),
        (["de-DE", "sv-SE"], "sv"),
        (["es-419"], "es"),
        (["de"], "en"),
        ([], "en"),
    ],
)
def test_the_browsers_first_spoken_language_picks_the_page(wanted, picked):
    program = (
        f"require('vm').runInThisContext({json.dumps(PICK_LANGUAGE.source())});"
        f"console.log(pickLanguage({json.dumps(wanted)}, ['en', 'nb', 'sv', 'es']));"
    )
    assert run_node("-e", program).strip() == picked


def test_the_watch_script_is_valid_javascript_with_every_language(tmp_path):
    texts = {"en": TEXTS, "nb": {**TEXTS, "title": "Bordets datamaskin kan ikke nås"}}
    script = watch_js(texts, "/ws", 5000)
    settings = shipped_settings(script)[WATCH.key]
    assert settings["texts"] == texts
    assert (settings["pageId"], settings["path"]) == (PAGE_ID, "/ws")
    assert script.endswith(WATCH.source())
    path = tmp_path / "watch.js"
    path.write_text(script, "utf-8")
    run_node("--check", path)
