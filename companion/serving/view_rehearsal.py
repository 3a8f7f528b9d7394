"""The static site's first view drawn once where nobody sees it, to warm its code.

Flet's private session machinery (its renderer, the page's context, a Session
whose updates and effects are held back) on the Flet it was read on alone:
serving/browser_start.py imports this only when upstream.versions says so.
"""

from __future__ import annotations

import asyncio
import logging

import msgpack
from flet.components.component import Renderer
from flet.components.hooks.use_effect import EffectHook
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.access.sharing import ShareGate
from companion.storage import Store

LOG = logging.getLogger(__name__)

REHEARSED_UPDATES = 3
"""Rounds of the components' updates the rehearsal runs (the Matches screen
needs one)."""


class _Unheard(Connection):
    """A connection whose messages go nowhere: a rehearsal's."""

    def __init__(self) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # Flet's, untyped
        self.pubsubhub = PubSubHub()
        self.loop = asyncio.get_event_loop()

    def send_message(self, message: Message) -> None:
        """Packed as Flet's Pyodide connection packs it, then dropped."""
        _pack([message.action, message.body])


class _Unseen(Session):
    """A rehearsal's session: the updates the components ask for are kept for
    the rehearsal to run, and their effects are never run."""

    def __init__(self) -> None:
        super().__init__(_Unheard())
        self.asked: set[BaseControl] = set()

    def schedule_update(self, control: BaseControl) -> None:
        """Kept for the rehearsal (Flet's scheduler would run it soon)."""
        self.asked.add(control)

    def schedule_effect(self, hook: EffectHook, is_cleanup: bool) -> None:
        """Never run: an effect may store, send or start a task."""


def _pack(body: object) -> bytes:
    """`body` packed as Flet packs a message (which also marks what was sent)."""
    packed: bytes = msgpack.packb(
        body, default=configure_encode_object_for_msgpack(BaseControl)
    )
    return packed


def rehearse_first_view(store: Store, languages: list[str] | None) -> None:
    """Draw the Matches screen once into a session nobody sees, as a hello
    would (the page sent whole, the views rendered, the components' updates
    packed), its effects never run: the code the real first view runs is
    then loaded and warm. Python just restored from its snapshot ran it some
    three times slower the first time (bench/static_app.py)."""
    from companion.ui.frame.handover import Handover
    from companion.ui.router.opening import dress_for
    from companion.ui.router.root import App
    from companion.ui.settings import features

    session = _Unseen()
    page = session.page
    page.route = "/"
    site = features.static("", None, Handover())
    token = _context_page.set(page)
    try:
        _pack(session.get_page_patch())  # type: ignore[no-untyped-call]  # Flet's, untyped
        dress_for(page, store, ShareGate(False), None, languages)
        page.views = Renderer().render(
            App, store, ShareGate(False), (), site, None, languages
        )
        page.update()
        for _ in range(REHEARSED_UPDATES):
            asked = list(session.asked)
            session.asked.clear()
            for control in asked:
                control.update()
    except Exception:  # a rehearsal: the real first view shows what is wrong
        LOG.warning("The first view's rehearsal failed", exc_info=True)
    finally:
        _context_page.reset(token)
