"""Serve the app to browsers on the network or this machine, until Ctrl-C."""

from __future__ import annotations

import os
import signal
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

from companion.access.share_links import (
    WILDCARD_IPV4,
    WILDCARD_IPV6,
    share_urls,
    terminal_qr,
    this_computer_url,
)
from companion.access.sharing import ShareGate, is_loopback_client, spaced_join_code
from companion.storage import Store, StoreError
from companion.storage.match_link import site_address
from companion.storage.transfer import MAX_IMPORT_BYTES
from companion.words.i18n import Translator, terminal_translator
from companion.words.messages import error_message

TRUST_FORWARDED_FOR = "COMPANION_TRUST_FORWARDED_FOR"
"""For tests only: set to 1, X-Forwarded-For from a loopback peer names the client,
so the browser tests can play phones from this machine."""


def trusted_proxies(environ: Mapping[str, str]) -> str:
    """The peers whose X-Forwarded-For uvicorn believes: none unless tests ask."""
    # Believed from loopback, anything on this machine that forwards phones (a
    # local reverse proxy) would make every phone the host.
    return "127.0.0.1,::1" if environ.get(TRUST_FORWARDED_FOR) == "1" else ""


def is_loopback(host: str) -> bool:
    """Whether `host` is reachable from this machine only."""
    return host == "localhost" or is_loopback_client(host)


def _fits_terminal(text: str) -> bool:
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def phone_urls(host: str, port: int) -> tuple[str, ...]:
    """The URLs other devices open when the server listens on `host`."""
    return () if is_loopback(host) else tuple(share_urls(host, port))


def announce(
    t: Translator, host: str, port: int, gate: ShareGate, links: tuple[str, ...]
) -> None:
    """Tell the person at the terminal where to open the app (and the join code)."""
    if not gate.shared:
        url = this_computer_url(host, port)
        print(t.gettext("Card Table Companion is running at {url}").format(url=url))
        print(t.gettext("Press Ctrl-C to stop."), flush=True)
        return
    print(t.gettext("Sharing this table on the network."))
    url = this_computer_url(host, port)
    print(t.gettext("On this computer: {url}").format(url=url))
    for url in links:
        print(t.gettext("On phones: {url}").format(url=url))
        qr = terminal_qr(url)
        if _fits_terminal(qr):
            print(qr, end="")
    if not links and host in WILDCARD_IPV4 + WILDCARD_IPV6:
        print(
            t.gettext(
                "No network address was found, so phones cannot reach this "
                "computer yet."
            )
        )
    code = spaced_join_code(gate.code)
    print(t.gettext("Join code: {code}").format(code=code))
    print(t.gettext("Press Ctrl-C to stop."), flush=True)


def new_code_announcer(t: Translator) -> Callable[[str], None]:
    """What tells the terminal that wrong codes replaced the join code."""

    def announce_new_code(code: str) -> None:
        print(
            t.gettext(
                "Too many wrong codes were typed: the join code is now {code}"
            ).format(code=spaced_join_code(code)),
            flush=True,
        )

    return announce_new_code


def _exit(_signal: int, _frame: object) -> None:
    raise SystemExit(0)


def serve(
    host: str,
    port: int,
    data_dir: Path,
    share: bool = False,
    site_url: str | None = None,
) -> None:
    """Open the store in `data_dir` and serve the web app on host:port; blocks.

    With `share`, or on an address other computers can reach, guests need the
    join code printed here. `site_url`, the phone-alone site's address that
    hand-over codes open, is remembered as the host's setting.
    """
    t = terminal_translator()
    try:
        address = None if site_url is None else site_address(site_url)
        store = Store.open(data_dir)
    except StoreError as error:
        print(error_message(t, error), file=sys.stderr)
        raise SystemExit(1) from error
    if address is not None:
        try:
            store.update_settings(site_address=address)
        except StoreError as error:
            store.close()
            print(error_message(t, error), file=sys.stderr)
            raise SystemExit(1) from error
    # The web client, CanvasKit and fonts ship with flet-web: no internet needed.
    os.environ["FLET_WEB_NO_CDN"] = "1"
    # Host = a loopback client; an inherited "*" would let any guest on the
    # network claim to be this computer through X-Forwarded-For.
    os.environ["FORWARDED_ALLOW_IPS"] = trusted_proxies(os.environ)
    gate = ShareGate(share or not is_loopback(host), on_replaced=new_code_announcer(t))
    links = phone_urls(host, port) if gate.shared else ()
    announce(t, host, port, gate, links)
    from companion.serving import flet_quirks, session_guard, web_app
    from companion.serving.app import make_main
    from companion.serving.uploads import UploadFolder

    flet_quirks.apply()
    session_guard.apply()
    compressing = None
    # Settings' import files land here until read; gone when the server stops.
    scratch = tempfile.TemporaryDirectory(prefix="companion-uploads-")
    uploads = UploadFolder(Path(scratch.name), MAX_IMPORT_BYTES)
    # uvicorn stops gracefully on SIGTERM, then raises the signal again: as
    # SystemExit, the clean-up below runs instead of the process just ending.
    previous = signal.signal(signal.SIGTERM, _exit)
    try:
        main = make_main(store, gate, links, uploads)
        served = web_app.web_app(main, uploads=uploads)
        compressing = web_app.start_compressing(served)
        web_app.run(served, host, port)
    finally:
        if compressing is not None:
            # Its copies are renamed into place whole: stopping it loses none.
            compressing.terminate()
            compressing.wait()
        store.close()
        scratch.cleanup()
        signal.signal(signal.SIGTERM, previous)
