"""What the site's page says before Python runs: opening, elsewhere, failed."""

from __future__ import annotations

from companion.words.app_name import APP_NAME
from companion.words.i18n import LANGUAGES, Translator, get_translator

TEXT_KEYS = (
    "name",
    "opening",
    "elsewhere",
    "elsewhere_advice",
    "handed_there",
    "handed_here",
    "failed",
    "failed_advice",
    "retry",
)
"""The app's name and what the loading screen is (for a screen reader); what
a second tab of the static site says: the app is open in another (and, when
it was opened with a hand-over link, where the match is offered); what it
says when the app's files did not come, and its button."""


def other_tab_texts(t: Translator) -> tuple[str, str]:
    """A second tab's refusal: the line, then what to do (also OtherTabScreen's)."""
    return (
        t.gettext("Card Table Companion is open in another tab."),
        t.gettext(
            "Use that tab, or close it and reload this one: only one "
            "tab at a time keeps the scores, so none overwrites another."
        ),
    )


def page_texts(t: Translator) -> dict[str, str]:
    """The sentences in `t`'s language, by TEXT_KEYS."""
    elsewhere, advice = other_tab_texts(t)
    return {
        "name": APP_NAME,
        # TRANSLATORS: what a screen reader says of the screen shown while the
        # app starts, under its name.
        "opening": t.gettext("Opening…"),
        "elsewhere": elsewhere,
        "elsewhere_advice": advice,
        "handed_there": t.gettext(
            "The match this link holds is offered in that tab now: switch to "
            "it and tap Add this match."
        ),
        "handed_here": t.gettext(
            "This link holds a match. To add it, close the other tab, then "
            "reload this one: the match is offered here then."
        ),
        "failed": t.gettext("The app's files could not be downloaded."),
        "failed_advice": t.gettext(
            "Check that this phone is online, then try again. "
            "Nothing kept on the phone is lost."
        ),
        # TRANSLATORS: a button that loads the app's page again.
        "retry": t.gettext("Try again"),
    }


def page_texts_by_language() -> dict[str, dict[str, str]]:
    """The sentences in every language the app speaks (the browser picks)."""
    return {lang: page_texts(get_translator(lang)) for lang in LANGUAGES}
