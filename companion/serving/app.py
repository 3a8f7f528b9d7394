"""The per-session entry Flet calls, loading the app's screens on the first session."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.access.sharing import ShareGate
from companion.storage import Store


def make_main(
    store: Store, gate: ShareGate, links: tuple[str, ...] = ()
) -> Callable[[ft.Page], None]:
    """The per-session entry Flet calls; every session shares `store` and `gate`.

    `links` are the addresses phones open the shared table at (Settings shows
    them with their QR codes).
    """

    def main(page: ft.Page) -> None:
        # Imported by the first session, not before the server starts: the
        # screens and the Flet controls they use take ~140 ms to load, and the
        # server answers its first request without them (bench/README.md).
        from companion.ui.root import App

        page.render_views(App, store, gate, links)

    return main
