"""The line after a restart, and the words when the screen keeps stopping."""

from __future__ import annotations

from companion.words.i18n import LANGUAGES, get_translator
from companion.words.restart_texts import (
    TEXT_KEYS,
    restart_texts,
    restart_texts_by_language,
)


def test_every_language_has_every_sentence():
    texts = restart_texts_by_language()
    assert list(texts) == list(LANGUAGES)
    for lang, sentences in texts.items():
        assert tuple(sentences) == TEXT_KEYS, lang
        assert all(text.strip() for text in sentences.values()), lang


def test_the_sentences_are_translated_not_english_everywhere():
    english = restart_texts(get_translator("en"))
    assert english["restarted"] == "The screen was restarted; nothing was lost."
    for lang in ("nb", "sv", "es"):
        translated = restart_texts(get_translator(lang))
        assert all(translated[key] != english[key] for key in TEXT_KEYS), lang
    norwegian = restart_texts(get_translator("nb"))["restarted"]
    assert norwegian == "Skjermen ble startet på nytt; ingenting gikk tapt."
