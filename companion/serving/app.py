"""The per-session entry Flet calls: the served app's, or the static site's.

This is the one place where the two builds differ: where the store lives and
which features exist (ui.settings.features); the screens are the same.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.access.sharing import ShareGate
from companion.storage import Store, StoreError

if TYPE_CHECKING:
    # Not at run time: the static site (Pyodide) has no starlette or flet-web.
    from companion.serving.uploads import UploadFolder
    from companion.ui.frame.handover import Handover


def make_main(
    store: Store,
    gate: ShareGate,
    links: tuple[str, ...] = (),
    uploads: UploadFolder | None = None,
) -> Callable[[ft.Page], None]:
    """The per-session entry Flet calls; every session shares `store` and `gate`.

    `links` are the addresses phones open the shared table at (Settings shows
    them with their QR codes). With `uploads`, Settings' import sends the file
    to the server's upload route (serving/uploads.py), any size; without, it
    comes with the pick, which past 16 MiB never arrives.
    """

    def main(page: ft.Page) -> None:
        # Imported by the first session, not before the server starts: the
        # screens and the Flet controls they use take ~140 ms to load, and the
        # server answers its first request without them (bench/README.md).
        from companion.serving.peers import accepted_from, asked_languages
        from companion.serving.uploads import upload_name
        from companion.ui.router.opening import render_app
        from companion.ui.settings import features
        from companion.ui.settings.import_file import import_by_upload, import_with_data

        importer = (
            import_with_data
            if uploads is None
            else import_by_upload(uploads.folder, upload_name)
        )
        # Who this session is comes from its connection (peers.py), never from
        # page.client_ip: the client can patch that.
        site = features.served(importer)
        render_app(page, store, gate, links, site, accepted_from(), asked_languages())

    return main


def make_device_main(store: Store) -> Callable[[ft.Page], None]:
    """The entry of a packaged phone app (`flet build apk`): one session, no server.

    The store is a data directory on the device (FLET_APP_STORAGE_DATA); a
    table is not shared, since nothing serves it to other phones.
    """

    def main(page: ft.Page) -> None:
        from companion.ui.router.opening import render_app
        from companion.ui.settings import features

        render_app(page, store, ShareGate(False), (), features.on_device())

    return main


def make_browser_main(version: str) -> Callable[[ft.Page], Awaitable[None]]:
    """The entry of the static site, whose one session runs in the browser.

    The store is the browser's IndexedDB, held by this tab alone; nothing is
    shared, so there is no join code and no Share this table. What the app
    sends the screen after a change waits for the change to reach IndexedDB.
    """

    async def main(page: ft.Page) -> None:
        from companion.serving import browser, browser_start, held_messages
        from companion.ui.frame.other_tab_screen import OtherTabScreen
        from companion.ui.router.opening import render_app
        from companion.ui.settings import features

        browser.mark("hello")
        opened = await browser_start.opened()
        languages = opened.languages
        if opened.store is None or opened.files is None:
            if languages is None:
                languages = await _languages(page)
            page.render_views(OtherTabScreen, languages)
            browser.tell_page_shown(holding=False)
            return
        store = opened.store

        def failed(error: StoreError) -> None:
            page.run_task(_tell_failed_sync, page, store, error)

        held_messages.hold_until_synced(page.session.connection, opened.files, failed)
        site = features.static(version, opened.persistent, _handover_in_browser())
        render_app(page, store, ShareGate(False), (), site, None, languages)
        browser.mark("first view")
        browser.tell_page_shown(holding=True)

    return main


def start_in_browser(version: str) -> None:
    """Run the app in this page's Pyodide (the entry module of the site calls it)."""
    from companion.serving import browser, flet_quirks, session_guard

    browser.mark("entry module")
    flet_quirks.apply(served=False)
    session_guard.apply()
    ft.run(make_browser_main(version))
    browser.mark("ft.run returned")


def _handover_in_browser() -> Handover:
    """The static site's part in handing matches over: its own address, the
    page's camera (where the page may have one) and the link it was opened
    with, told by the page (serving/page_channel.py)."""
    from companion.access.peer_sdp import allow_loopback
    from companion.serving import browser, handed_link
    from companion.serving.page_camera import PageScanner
    from companion.serving.page_channel import PageChannel
    from companion.serving.page_peers import PagePeers
    from companion.ui.frame.handover import Handover

    address = browser.site_address()

    def site(_store: Store) -> str | None:
        return address

    channel = PageChannel.open()
    if channel is None:
        return Handover(site_address=site)
    camera = browser.may_use_camera()
    # Connection codes name the table's network alone; loopback too for
    # phones on one machine, as the tests' are (and only there does Chromium
    # gather loopback addresses: --allow-loopback-in-peer-connection).
    allow_loopback(browser.opened_from_loopback())
    # A page that may not use the camera shows no real address to link to,
    # and could not scan the other phone's code anyway.
    return Handover(
        site_address=site,
        scanner=PageScanner(channel) if camera else None,
        opened_with=handed_link.opened_with(channel),
        forget_link=lambda: handed_link.forget(channel),
        later_links=lambda came: handed_link.later(channel, came),
        peers=PagePeers(channel) if camera else None,
    )


async def _languages(page: ft.Page) -> list[str]:
    info = await page.get_device_info()
    return list(getattr(info, "languages", []))


async def _tell_failed_sync(page: ft.Page, store: Store, error: StoreError) -> None:
    """Say that a change may not outlive the tab (in the app's language)."""
    from companion.words.i18n import get_translator, negotiate
    from companion.words.messages import error_message

    chosen = store.settings().get("language")
    t = get_translator(chosen or negotiate(await _languages(page)))
    page.show_dialog(
        ft.SnackBar(ft.Text(error_message(t, error)), duration=ft.Duration(seconds=8))
    )
