"""The "cannot be reached" page: escaped, in the browser's language, over the app."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from companion.webclient.unreachable_page import (
    PAGE_ID,
    page_html,
    pick_language_js,
    watch_js,
)

TEXTS = {
    "title": "The table's computer cannot be reached",
    "advice": "Check <the> computer & Wi-Fi.",
    "retry": "Try again",
    "still": "Still no answer.",
}
NODE = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def test_the_page_says_it_in_its_language_with_a_way_to_try_again():
    page = page_html(TEXTS, "nb")
    assert '<html lang="nb">' in page
    assert "<h1>The table&#x27;s computer cannot be reached</h1>" in page
    # Text is text: no markup of a translator's gets into the page.
    assert "Check &lt;the&gt; computer &amp; Wi-Fi." in page
    # "Try again" opens the same address again; no script needed.
    assert '<a class="retry" href="" role="button">Try again</a>' in page
    assert "<script" not in page


@NODE
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
        pick_language_js()
        + f"console.log(pickLanguage({json.dumps(wanted)}, ['en', 'nb', 'sv', 'es']));"
    )
    found = subprocess.run(
        ["node", "-e", program], capture_output=True, text=True, check=True
    )
    assert found.stdout.strip() == picked


@NODE
def test_the_watch_script_is_valid_javascript_with_every_language(tmp_path):
    texts = {"en": TEXTS, "nb": {**TEXTS, "title": "Bordets datamaskin kan ikke nås"}}
    script = watch_js(texts, "/ws", 5000)
    assert json.dumps(texts["nb"]["title"], ensure_ascii=False) in script
    assert f'cover.id = "{PAGE_ID}";' in script
    path = tmp_path / "watch.js"
    path.write_text(script, "utf-8")
    subprocess.run(["node", "--check", str(path)], check=True)
