"""steady_languages.js: Flutter reads language tags, whatever the browser says."""

from __future__ import annotations

import json

import pytest
from node_scripts import node_json

from companion.webclient.page_script import STEADY_LANGUAGES


def steadied(languages: object, language: object) -> object:
    """What the page's navigator says after the script, given what the browser said."""
    program = (
        "globalThis.navigator = Object.create({"
        f"languages: {json.dumps(languages)}, language: {json.dumps(language)}}});"
        f"require('vm').runInThisContext({json.dumps(STEADY_LANGUAGES.source())});"
        "console.log(JSON.stringify([navigator.languages, navigator.language]));"
    )
    return node_json("-e", program)


@pytest.mark.parametrize(
    ("languages", "language", "seen"),
    [
        (["C"], "C", [["en"], "en"]),
        (["C", "nb-NO"], "C", [["nb-NO"], "nb-NO"]),
        (["sv-SE", "en"], "sv-SE", [["sv-SE", "en"], "sv-SE"]),
        (["en-US"], "C.UTF-8", [["en-US"], "en-US"]),
        ([], None, [["en"], "en"]),
        (None, None, [["en"], "en"]),
    ],
)
def test_a_tag_that_is_not_a_language_gives_way_to_the_others_or_english(
    languages, language, seen
):
    assert steadied(languages, language) == seen
