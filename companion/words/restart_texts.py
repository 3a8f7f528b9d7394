"""The words a page says when its screen stopped and was restarted."""

from __future__ import annotations

from companion.words.i18n import LANGUAGES, Translator, get_translator

TEXT_KEYS = ("restarted", "close", "title", "advice", "retry")
"""The line after a restart and its close button; then, when the screen keeps
stopping: a heading, what to do, and a button that restarts it by hand."""


def restart_texts(t: Translator) -> dict[str, str]:
    """The sentences in `t`'s language, by TEXT_KEYS."""
    return {
        "restarted": t.gettext("The screen was restarted; nothing was lost."),
        # TRANSLATORS: the accessible name of the x that closes the line above.
        "close": t.gettext("Close this message"),
        "title": t.gettext("The screen keeps stopping"),
        "advice": t.gettext(
            "Your scores are safe. Restart the screen with the button below. If "
            "it keeps stopping, close the browser completely and open Card Table "
            "Companion again."
        ),
        # TRANSLATORS: a button that loads the app's screen again.
        "retry": t.gettext("Restart the screen"),
    }


def restart_texts_by_language() -> dict[str, dict[str, str]]:
    """The sentences in every language the app speaks (the browser picks)."""
    return {lang: restart_texts(get_translator(lang)) for lang in LANGUAGES}
