"""A session's first render: its looks travel with its first views, whatever
Flutter draws between two messages."""

from __future__ import annotations

import asyncio

import msgpack
from event_loops import run_apart
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.access.sharing import ShareGate
from companion.storage import Store
from companion.ui.router.opening import render_app
from companion.ui.settings import features
from companion.words.i18n import get_translator


class _Kept(Connection):
    """A connection that keeps every message the session sends, packed as sent."""

    def __init__(self) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.pubsubhub = PubSubHub()
        self.loop = asyncio.get_event_loop()
        self.sent: list[bytes] = []

    def send_message(self, message: Message) -> None:
        self.sent.append(_packed([message.action, message.body]))


def _packed(body: object) -> bytes:
    """`body` packed as Flet packs a message (which marks what was sent)."""
    packed: bytes = msgpack.packb(
        body, default=configure_encode_object_for_msgpack(BaseControl)
    )
    return packed


def _first_views(store: Store, gate: ShareGate, peer: str | None) -> bytes:
    """The first message that carries the views of a session rendered so."""

    async def render() -> list[bytes]:
        connection = _Kept()
        session = Session(connection)
        page = session.page
        page.route = "/"
        token = _context_page.set(page)
        try:
            # The hello's answer, as Flet's connection sends it.
            _packed(session.get_page_patch())  # type: ignore[no-untyped-call]
            render_app(page, store, gate, (), features.served(None), peer, ["en"])
            for _ in range(3):
                await asyncio.sleep(0)  # Flet's scheduler sends what follows
        finally:
            _context_page.reset(token)
        return connection.sent

    sent = run_apart(render())
    return next(message for message in sent if b"views" in message)


def _page_looks(message: bytes) -> dict[str, object]:
    """What a patch message sets on the page itself (its title, theme...)."""
    _, body = msgpack.unpackb(message, strict_map_key=False)
    return {
        op[2]: op[3]
        for op in body["patch"][1:]
        if len(op) == 4 and op[:2] == [0, 0] and op[2] != "views"
    }


def _norwegian_dark() -> Store:
    store = Store.in_memory()
    store.update_settings(language="nb", theme="dark")
    return store


def test_the_first_views_come_with_the_hosts_language_and_colours() -> None:
    first = _first_views(_norwegian_dark(), ShareGate(False), "127.0.0.1")
    looks = _page_looks(first)
    t = get_translator("nb")
    # Flutter never holds the views without the app's theme (Flet's default
    # blue) nor its title and language (English).
    assert looks["title"] == t.gettext("Card Table Companion")
    assert looks["locale_configuration"]["current_locale"] == {"language_code": "nb"}
    assert looks["theme_mode"] == "dark"
    assert "theme" in looks and "dark_theme" in looks
    assert t.gettext("Matches").encode() in first


def test_a_guest_opens_in_its_browsers_language_not_the_hosts() -> None:
    first = _first_views(_norwegian_dark(), ShareGate(True), "192.168.1.20")
    looks = _page_looks(first)
    # A guest sees the Join screen, in its browser's language and colours.
    assert looks["title"] == "Card Table Companion"
    assert looks["locale_configuration"]["current_locale"] == {"language_code": "en"}
    assert looks.get("theme_mode", "system") == "system"
    assert "theme" in looks and "dark_theme" in looks
