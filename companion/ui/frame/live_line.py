"""A line of text that a screen reader announces when it changes and finds later."""

from __future__ import annotations

import flet as ft


def live_line(text: ft.Text, *, expand: bool | int | None = None) -> ft.Control:
    """`text` as a live region whose words stay in the accessibility tree.

    Flutter's web engine (the client of Flet 1.0.5) gives a live region that is
    a leaf node no text in the page: its label was announced once, then could
    not be read again, by a person browsing with a screen reader or by a test.
    With the text in a node of its own beneath it, the region's element carries
    the label (tests/browser/test_crazy_eights.py reads it after the
    announcement has gone).
    """
    return ft.Semantics(
        label=text.value or "",
        live_region=True,
        container=True,
        expand=expand,
        content=ft.Semantics(container=True, content=text),
    )
