"""The "table's computer cannot be reached" page says the same in every language."""

from __future__ import annotations

from companion.words.i18n import LANGUAGES, get_translator
from companion.words.unreachable_texts import (
    TEXT_KEYS,
    unreachable_texts,
    unreachable_texts_by_language,
)


def test_every_language_has_every_sentence_of_the_page():
    texts = unreachable_texts_by_language()
    assert list(texts) == list(LANGUAGES)
    for lang, sentences in texts.items():
        assert tuple(sentences) == TEXT_KEYS, lang
        assert all(text.strip() for text in sentences.values()), lang


def test_the_page_is_translated_not_english_everywhere():
    english = unreachable_texts(get_translator("en"))
    assert english["title"] == "The table's computer cannot be reached"
    for lang in ("nb", "sv", "es"):
        translated = unreachable_texts(get_translator(lang))
        assert all(translated[key] != english[key] for key in TEXT_KEYS), lang
    assert unreachable_texts(get_translator("nb"))["retry"] == "Prøv igjen"
