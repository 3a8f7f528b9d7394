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
from dataclasses import dataclass

from companion.serving import browser
from companion.storage import Store, StoreError
from companion.storage.browser_files import IndexedDBFiles
from companion.storage.drafts import ONE_DEVICE
from companion.upstream import versions
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
    if rehearse and not browser.client_up() and rehearse_first_view(store, languages):
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


def rehearse_first_view(store: Store, languages: list[str] | None) -> bool:
    """The first view rehearsed (serving/view_rehearsal.py) where the Flet is
    the one whose private session machinery it uses; whether it was."""
    if not versions.flet_is_measured():
        return False
    from companion.serving import view_rehearsal

    view_rehearsal.rehearse_first_view(store, languages)
    return True
