"""The app has one name in every language: page, home screen and sentences."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from companion.publish.page import manifest
from companion.words.app_name import APP_NAME
from companion.words.i18n import LANGUAGES, catalog_path, get_translator
from companion.words.page_texts import page_texts
from companion.words.unreachable_texts import unreachable_texts

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_sentence_that_names_the_app_names_it_so_in_every_language(
    lang: str,
) -> None:
    with catalog_path(lang).open("rb") as po:
        catalog = read_po(po)
    naming = [m for m in catalog if m.id and APP_NAME in str(m.id)]
    assert len(naming) >= 10
    renamed = [
        str(m.string) for m in naming if m.string and APP_NAME not in str(m.string)
    ]
    assert renamed == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_loading_screen_and_the_unreachable_page_say_the_same_name(
    lang: str,
) -> None:
    t = get_translator(lang)
    assert page_texts(t)["name"] == APP_NAME
    assert APP_NAME in page_texts(t)["elsewhere"]
    assert APP_NAME in unreachable_texts(t)["advice"]


def test_the_home_screen_says_the_same_name() -> None:
    installed = manifest("/")
    assert (installed["name"], installed["short_name"]) == (APP_NAME, APP_NAME)
