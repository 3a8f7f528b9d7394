"""A handler that raised leaves a usable screen: one translated line says so.

The session guard (serving/session_guard.py) keeps the error on the server, in
its log; it tells the session's screen through `tell_failure`, which shows the
line that `listen_for_failures` set up for the session.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable

import flet as ft

from companion.words.i18n import Translator

logger = logging.getLogger("companion.session")

_LISTENERS: weakref.WeakKeyDictionary[object, Callable[[], None]] = (
    weakref.WeakKeyDictionary()
)
"""Per Flet session: what shows the line on its screen."""


def failure_line(t: Translator) -> str:
    """The one line a person sees when something they did failed unexpectedly."""
    return t.gettext(
        "Something went wrong there; it was noted in the app's log. Every saved "
        "round is safe."
    )


def listen_for_failures(page: ft.Page, translator: Callable[[], Translator]) -> None:
    """Show `failure_line` on `page` (in the session's language at the time)
    whenever one of its handlers fails."""

    def show() -> None:
        t = translator()
        page.show_dialog(
            ft.SnackBar(ft.Text(failure_line(t)), duration=ft.Duration(seconds=6))
        )

    _LISTENERS[page.session] = show


def tell_failure(session: object) -> None:
    """Tell `session`'s screen that something failed; quietly nothing if it
    has no screen that listens (or showing it fails too)."""
    show = _LISTENERS.get(session)
    if show is None:
        return
    try:
        show()
    except Exception:  # the line is a courtesy: the failure is logged already
        logger.warning("Could not tell a session that a handler failed", exc_info=True)
