"""A screen (or part) whose rendering raises shows an error with a way back, logged."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import flet as ft

from companion.ui.frame.shell import notice, screen
from companion.ui.frame.state import AppState, use_app
from companion.words.i18n import Translator

P = ParamSpec("P")
T = TypeVar("T")

logger = logging.getLogger(__name__)


def shown_or_logged(render: Callable[[], T], fallback: Callable[[], T], what: str) -> T:
    """What `render` returns; if it raises, the error is logged and `fallback` shown.

    Without this an exception escapes Flet's renderer: the session stops
    answering, Back does nothing and a reload brings the same frozen screen.
    """
    try:
        return render()
    except Exception:
        logger.exception("%s could not be rendered", what)
        return fallback()


def error_screen(state: AppState) -> ft.View:
    """The screen shown instead of one that failed: what happened, a way back."""
    t = state.t
    message = notice(
        ft.Icons.ERROR_OUTLINE,
        ft.Colors.ERROR,
        t.gettext("This screen could not be shown"),
        t.gettext(
            "Something went wrong while drawing it. It was noted in the "
            "app's log; every saved round is safe."
        ),
        t.gettext("Back to the matches"),
        "/",
    )
    # page.route is the client's to set (forgeable): it only names this View,
    # which this client gets whatever its route says.
    route = ft.context.page.route or "/"
    return screen(state, route, t.gettext("Something went wrong"), [message])


def guarded_screen(render: Callable[P, ft.View]) -> Callable[P, ft.View]:
    """`render` (a screen's body, under @ft.component) with the error screen as
    its fallback."""

    @functools.wraps(render)
    def screen_or_error(*args: P.args, **kwargs: P.kwargs) -> ft.View:
        # The first hook on every render, so the screen's own hooks keep their order.
        state, _ = use_app()
        return shown_or_logged(
            lambda: render(*args, **kwargs),
            lambda: error_screen(state),
            render.__name__,
        )

    return screen_or_error


def guarded_part(render: Callable[P, ft.Control]) -> Callable[P, ft.Control]:
    """`render` (a component inside a screen, whose first argument is the
    translator) with a short error line as its fallback."""

    @functools.wraps(render)
    def part_or_error(*args: P.args, **kwargs: P.kwargs) -> ft.Control:
        # No hook here: a memoized part must not follow the session's state.
        t = args[0]
        assert isinstance(t, Translator), render.__name__
        return shown_or_logged(
            lambda: render(*args, **kwargs),
            lambda: ft.Text(
                t.gettext("This part could not be shown; it was noted in the log."),
                color=ft.Colors.ERROR,
            ),
            render.__name__,
        )

    return part_or_error
