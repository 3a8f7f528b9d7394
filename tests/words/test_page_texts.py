"""The page's words before Python runs are there, translated, in every language."""

from __future__ import annotations

from companion.words.i18n import LANGUAGES, get_translator
from companion.words.page_texts import TEXT_KEYS, page_texts, page_texts_by_language


def test_every_language_has_every_sentence():
    texts = page_texts_by_language()
    assert list(texts) == list(LANGUAGES)
    for lang, sentences in texts.items():
        assert tuple(sentences) == TEXT_KEYS, lang
        assert all(text.strip() for text in sentences.values()), lang


def test_the_sentences_are_translated_not_english_everywhere():
    english = page_texts(get_translator("en"))
    assert english["name"] == "Card Table Companion"
    assert english["elsewhere"] == "Card Table Companion is open in another tab."
    for lang in ("nb", "sv", "es"):
        translated = page_texts(get_translator(lang))
        # The app's name is one in every language (tests/words/test_app_name.py).
        assert translated["name"] == english["name"], lang
        said = [key for key in TEXT_KEYS if key != "name"]
        assert all(translated[key] != english[key] for key in said), lang
