"""A session's first render: the page dressed in its looks with its first views."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from companion.access.sharing import Role, ShareGate
from companion.storage import Store
from companion.ui.frame.page_looks import dress_page
from companion.ui.frame.state import opening_looks
from companion.ui.router.root import App
from companion.ui.settings.features import Features
from companion.words.i18n import get_translator


def dress_for(
    page: ft.Page,
    store: Store,
    gate: ShareGate,
    peer: str | None,
    languages: Sequence[str] | None,
) -> None:
    """Give `page` the title, language and colours its session opens in
    (App's arguments of the same names), before anything is drawn on it.

    App dresses the page as it renders, and Flet sends what a render sets on
    the page in a message after the views: Flutter could draw the views in
    Flet's default blue theme, and English title, in between (seen under load
    as blue frames of the static site's start, tests/browser/test_first_frames.py).
    """
    host = gate.role(page.session.id, peer) is Role.HOST
    lang, theme_name = opening_looks(store, host, languages or ())
    dress_page(page, get_translator(lang), lang, theme_name)


def render_app(
    page: ft.Page,
    store: Store,
    gate: ShareGate,
    links: tuple[str, ...] = (),
    features: Features | None = None,
    peer: str | None = None,
    languages: Sequence[str] | None = None,
) -> None:
    """Draw App (the same arguments) on `page`, dressed from its first message."""
    dress_for(page, store, gate, peer, languages)
    page.render_views(App, store, gate, links, features, peer, languages)
