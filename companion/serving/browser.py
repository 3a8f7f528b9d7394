"""The static site's start inside Pyodide: one tab at a time, storage kept."""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import Any

from companion.serving.tab_claim import TabClaim
from companion.words.i18n import browser_languages

TAB_LOCK = "card-table-companion-store"
"""The Web Lock the tab holding the store keeps until it closes (and the
BroadcastChannel its tabs ask on where there are no Web Locks)."""


async def hold_tab_lock() -> bool:
    """Take the store's Web Lock for as long as this tab lives; False if taken.

    A second tab of the site would otherwise load the same IndexedDB files and
    overwrite the first one's changes with its own. The site's page takes it
    before it starts this worker, and says so (publish/page_start.js): a page
    can let it go when the browser keeps it in a back/forward cache, where
    this worker would hold it asleep, and take it from a holder that never
    answers. Only a worker the page did not start takes it here.
    """
    if _handed().get("pageHoldsLock") is True:
        return True
    import js
    from pyodide.ffi import create_once_callable, to_js

    locks = getattr(js.navigator, "locks", None)
    if locks is None:
        # Not a secure context (a site on plain http over the LAN).
        return await claim_by_broadcast()
    future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    import pyodide.ffi

    # JS null arrives as pyodide.ffi.jsnull (Pyodide >= 0.27), not as None.
    nothing = (None, getattr(pyodide.ffi, "jsnull", None))

    def granted(lock: Any) -> Any:
        held = not any(lock is value for value in nothing)
        future.set_result(held)
        if not held:
            return None
        # A promise that never settles: the lock is held until the tab goes.
        return js.Promise.new(create_once_callable(lambda _resolve, _reject: None))

    options = to_js({"ifAvailable": True}, dict_converter=js.Object.fromEntries)
    locks.request(TAB_LOCK, options, create_once_callable(granted))
    return await future


def client_up() -> bool:
    """Whether Flet's client is up: it has sent this worker its init message,
    at which Flet's python-worker.js sets `self.initialized` (the site's
    worker is the one of the Flet publish.early_worker was made for)."""
    import js

    return getattr(js, "initialized", False) is True


MARK_PREFIX = "companion: "
"""Before the name of each step of the start this worker marks (`mark`)."""


def mark(step: str) -> None:
    """Mark the moment a step of the start ends on the worker's performance
    timeline (bench/static_app.py reads the marks): nothing anyone sees."""
    import js

    performance = getattr(js, "performance", None)
    if performance is not None:
        performance.mark(MARK_PREFIX + step)


HANDED_OVER_CHARS = 4096
"""The most of the worker's name read: the page's hand-over is a few tags."""


def _handed() -> dict[str, object]:
    """What the page handed over in this worker's name (publish/page_start.js);
    empty where it handed nothing (Flet started the worker itself)."""
    import js

    name = str(getattr(js, "name", "") or "")[:HANDED_OVER_CHARS]
    try:
        handed = json.loads(name)
    except ValueError:
        return {}
    return handed if isinstance(handed, dict) else {}


def handed_languages() -> list[str] | None:
    """The browser's languages, best first, as the page handed them over in
    its worker's name; None where it handed none (Flet started the worker
    itself), and the app asks the client later."""
    handed = _handed()
    return browser_languages(handed.get("languages")) if handed else None


def tell_page_shown(holding: bool) -> None:
    """Tell the site's page that the app has sent its first screen: the page
    then takes its loading screen away and, if this tab is `holding` the
    store, answers a second tab's question at once (publish.page_start).

    Only the site's own worker (publish.early_worker) names the message's key;
    Flet's page would hand any other message to Flutter as one of the app's.
    """
    import js
    from pyodide.ffi import to_js

    key = getattr(js, "companionShownKey", None)
    if not key:
        return
    told = {str(key): True, "holding": holding}
    js.postMessage(to_js(told, dict_converter=js.Object.fromEntries))


_HOLDER: list[Any] = []
"""The channel (and its listener) of the tab that holds the store: kept alive."""


async def claim_by_broadcast() -> bool:
    """Hold the store unless another tab of the site answers that it does.

    The fallback where Web Locks are missing; a browser without a
    BroadcastChannel either lets the tab in (as before either existed).
    """
    import js
    from pyodide.ffi import create_proxy

    if getattr(js, "BroadcastChannel", None) is None:
        return True
    channel = js.BroadcastChannel.new(TAB_LOCK)
    claim = TabClaim(lambda text: channel.postMessage(text), secrets.token_hex(8))
    listener = create_proxy(lambda event: claim.heard(str(event.data)))
    channel.addEventListener("message", listener)
    if await claim.claim():
        _HOLDER.extend((channel, listener))
        return True
    channel.close()
    listener.destroy()
    return False


async def storage_is_persistent() -> bool | None:
    """Whether the browser will keep the site's data (None: it cannot say).

    The page asks for persistent storage as it loads (index.html): only a
    window may ask; this worker can only learn the answer.
    """
    import js

    storage = getattr(js.navigator, "storage", None)
    if storage is None or not hasattr(storage, "persisted"):
        return None
    try:
        return bool(await storage.persisted())
    except Exception:
        # A browser that will not answer leaves it unknown, never the app down.
        return None


def site_address() -> str | None:
    """The site's own address, which a hand-over link opens: the folder of
    this worker's script (the site's root, `--base-url` included), not the
    page's address, whose fragment holds the app's route. None if it is not
    an address a link can carry (a site opened from a file)."""
    from urllib.parse import urljoin

    import js

    from companion.storage import StoreError
    from companion.storage.match_link import site_address as checked

    try:
        return checked(urljoin(str(js.location.href), "./"))
    except StoreError:
        return None


def opened_from_loopback() -> bool:
    """Whether the page came from this computer's loopback address: the tests'
    phones, never phones at a table, which open the site over the network."""
    from urllib.parse import urlsplit

    import js

    from companion.access.sharing import is_loopback_client

    host = urlsplit(str(js.location.href)).hostname or ""
    return host == "localhost" or is_loopback_client(host)


def may_use_camera() -> bool:
    """Whether the page may ask for the camera: browsers give it to a secure
    context only (https, or this computer), never to plain http on the LAN."""
    import js

    return bool(getattr(js, "isSecureContext", False))
