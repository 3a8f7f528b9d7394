"""The words of the page a phone shows when the table's computer cannot be reached."""

from __future__ import annotations

from companion.words.i18n import LANGUAGES, Translator, get_translator

TEXT_KEYS = ("title", "advice", "retry", "still")
"""What the page says: a heading, what to check, its button, a failed retry."""


def unreachable_texts(t: Translator) -> dict[str, str]:
    """The page's sentences in `t`'s language, by TEXT_KEYS."""
    return {
        "title": t.gettext("The table's computer cannot be reached"),
        "advice": t.gettext(
            "Check that the computer is switched on, that Card Table Companion "
            "is still running on it, and that this phone is on the same network."
        ),
        # TRANSLATORS: a button that tries to reach the table's computer again.
        "retry": t.gettext("Try again"),
        "still": t.gettext("Still no answer from the table's computer."),
    }


def unreachable_texts_by_language() -> dict[str, dict[str, str]]:
    """The page's sentences in every language the app speaks (the browser picks)."""
    return {lang: unreachable_texts(get_translator(lang)) for lang in LANGUAGES}
