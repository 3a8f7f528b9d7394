"""The app drawn at a route where nobody sees it: the Views a browser would get."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import flet as ft
from flet.components.component import Component, Renderer
from flet.controls.context import _context_page

from companion.access.sharing import ShareGate
from companion.serving.view_rehearsal import _Unseen
from companion.storage import Store
from companion.ui.router.root import App
from companion.ui.settings.features import Features

UPDATES = 3
"""Rounds of the components' updates run after the first draw."""


def _views(node: object) -> list[ft.View]:
    if isinstance(node, list):
        return [view for item in node for view in _views(item)]
    if isinstance(node, Component):
        return _views(node._b)
    return [node] if isinstance(node, ft.View) else []


def unseen_session() -> _Unseen:
    """A session nobody sees, on the thread's event loop, made anew where an
    earlier test's asyncio.run left the thread none."""
    try:
        asyncio.get_event_loop()
    except RuntimeError:
        asyncio.set_event_loop(asyncio.new_event_loop())
    return _Unseen()


def drawn_views(
    store: Store,
    route: str,
    features: Features,
    gate: ShareGate | None = None,
    peer: str | None = None,
    before: Callable[[str], object] = lambda _session_id: None,
    url: str | None = None,
) -> list[ft.View]:
    """The Views of a session opened at `route` (from `peer`, at `gate`'s
    table, `before` called with its id first), drawn as its first message
    would send them; no effect runs. With `url`, a browser's page at that
    address."""
    session = unseen_session()
    before(session.id)
    page = session.page
    page.route = route
    if url is not None:
        page.web = True
        session.connection.page_url = url
    token = _context_page.set(page)
    try:
        page.views = Renderer().render(
            App, store, gate or ShareGate(False), (), features, peer, ["en"]
        )
        session.get_page_patch()  # type: ignore[no-untyped-call]  # Flet's, untyped
        for _ in range(UPDATES):
            asked = list(session.asked)
            session.asked.clear()
            for control in asked:
                control.update()
        return _views(page.views)
    finally:
        _context_page.reset(token)


def walk(control: object) -> list[object]:
    """`control` and every control inside it."""
    found = [control]
    for name in ("content", "controls", "leading", "actions", "title"):
        inner = getattr(control, name, None)
        for item in inner if isinstance(inner, list) else [inner]:
            if isinstance(item, ft.BaseControl):
                found.extend(walk(item))
    if isinstance(control, Component):
        body = control._b
        for item in body if isinstance(body, list) else [body]:
            found.extend(walk(item))
    return found
