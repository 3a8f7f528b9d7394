"""Semantics whose tap reaches the app when a screen reader (or any click
without a pointer) activates it."""

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.upstream import versions

# Flet 1.0.5's client gives a Semantics node its tap action only when the
# control has an `on_click` handler, and fires it as "click"; its Python class
# declares `on_tap`, which the client never reads. A node made with
# exclude_semantics=True also hides its button's own tap action, so without
# this, activating "Add king to Ada" in the accessibility tree did nothing
# (seen in Firefox, whose tests tap by a click on the node). Used where the
# Firefox journey taps (keypad keys, hand chips, the matches list) for now:
# made tappable, shell.icon_button's node took the focus from the points field
# "Enter points" had just focused (Chromium, tests/browser/test_taps.py).


@ft.control
class _ClickSemantics(ft.Semantics):
    """ft.Semantics with the tap handler under the name Flet 1.0.5's client reads."""

    # Resolved at run time when the event comes (Flet reads the annotation to
    # build its event): no `from __future__ import annotations` here.
    on_click: ft.ControlEventHandler["_ClickSemantics"] | None = None


def tappable(
    on_tap: Callable[..., Any] | None, version: str | None = None, **props: Any
) -> ft.Semantics:
    """ft.Semantics(on_tap=on_tap, **props), whose tap the client acts on, on
    the measured Flet (the installed one, or `version`)."""
    if versions.flet_is_measured(version):
        return _ClickSemantics(on_click=on_tap, **props)
    return ft.Semantics(on_tap=on_tap, **props)
