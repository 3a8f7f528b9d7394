"""The static site's start that needs no Flutter client, begun as Python is ready.

Flutter's client takes longer to come up than Python takes to be restored from
its snapshot (bench/static_app.py): the worker begins this then
(publish/python_start.js, site.early_start), and the app's entry takes up what
it finds when the client says hello (serving.app.make_browser_main). The tab's
lock, the store loaded from IndexedDB, the Matches screen's data and the
translator are then ready; after a restore, if the client was not up yet,
the Matches screen was also drawn once where nobody sees it, so that the code
the first view runs is warm.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

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
from companion.serving import browser
from companion.storage import Store, StoreError
from companion.storage.browser_files import IndexedDBFiles
from companion.storage.drafts import ONE_DEVICE
from companion.words.i18n import get_translator, negotiate


@dataclass(frozen=True)
class Opened:
    """What the start found: the browser's languages (None: not handed over),
    and, if this tab holds the store, its folder, the store and whether the
    browser keeps the data for good (None: it cannot say)."""

    languages: list[str] | None
    files: IndexedDBFiles | None = None
    store: Store | None = None
    persistent: bool | None = None


LOG = logging.getLogger(__name__)

REHEARSED_UPDATES = 3
"""Rounds of the components' updates the rehearsal runs (the Matches screen
needs one)."""

_BEGUN: list[asyncio.Task[Opened]] = []
"""The one start of this worker."""


def begin(restored: bool = False) -> None:
    """Begin the start, once: as Python is ready (`restored` from its
    snapshot, or booted), or else at the client's hello."""
    if not _BEGUN:
        _BEGUN.append(asyncio.ensure_future(_open(rehearse=restored)))


async def opened() -> Opened:
    """What the start found, once it has (begun now if it was not); the
    client's hello has come."""
    begin()
    return await _BEGUN[0]


async def _open(rehearse: bool) -> Opened:
    languages = browser.handed_languages()
    if not await browser.hold_tab_lock():
        return Opened(languages)
    files = await IndexedDBFiles.mount()
    store = Store.in_browser(files)
    read_first_screen(store, languages)
    browser.mark("store read")
    persistent = await browser.storage_is_persistent()
    # Worth its time only after a restore, and while Flutter's client is not
    # up: Python's code ran the first view some three times slower the first
    # time after a restore (0.6-0.73 s at CPU 4x, against 0.2 s after a boot,
    # bench/static_app.py), but a client that is up is about to say hello (or
    # has: its hello comes after Flet's init message), which a rehearsal would
    # keep waiting (0.55 s at CPU 1x).
    if rehearse and not browser.client_up():
        rehearse_first_view(store, languages)
        browser.mark("first view rehearsed")
    return Opened(languages, files, store, persistent)


def read_first_screen(store: Store, languages: list[str] | None) -> None:
    """Read what the Matches screen shows (its files are then loaded) and load
    the translator it is drawn with."""
    try:
        chosen = store.settings().get("language")
        store.list_matches()
        store.own_games()
        store.drafts(ONE_DEVICE)
    except StoreError:
        # The screen reads them again, and says what is wrong.
        return
    get_translator(chosen or negotiate(languages or ()))


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
