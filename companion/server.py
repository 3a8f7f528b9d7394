"""Serve the app to browsers on the network or this machine, until Ctrl-C."""

from __future__ import annotations

import ipaddress
import os
import socket
import sys
from pathlib import Path

import flet as ft

from companion.i18n import get_translator, negotiate, system_preferences
from companion.messages import error_message
from companion.storage import Store, StoreError


def is_loopback(host: str) -> bool:
    """Whether `host` is reachable from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def reachable_host(host: str) -> str:
    """The address to type into a phone; for 0.0.0.0, this machine's own address."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"


def serve(host: str, port: int, data_dir: Path) -> None:
    """Open the store in `data_dir` and serve the web app on host:port; blocks."""
    t = get_translator(negotiate(system_preferences()))
    try:
        store = Store.open(data_dir)
    except StoreError as error:
        print(error_message(t, error), file=sys.stderr)
        raise SystemExit(1) from error
    # The web client, CanvasKit and fonts ship with flet-web: no internet needed.
    os.environ["FLET_WEB_NO_CDN"] = "1"
    shown = reachable_host(host)
    shown = f"[{shown}]" if ":" in shown else shown
    print(
        t.gettext("Card Table Companion is running at {url}").format(
            url=f"http://{shown}:{port}/"
        ),
        flush=True,
    )
    if not is_loopback(host):
        print(
            t.gettext(
                "Warning: listening on {host}, so every phone and computer on the "
                "network can reach the app and its data."
            ).format(host=host),
            flush=True,
        )
    print(t.gettext("Press Ctrl-C to stop."), flush=True)
    from companion.app import make_main

    try:
        ft.run(
            make_main(store),
            view=ft.AppView.WEB_BROWSER,
            host=host,
            port=port,
            no_cdn=True,
        )
    finally:
        store.close()


if __name__ == "__main__":
    from companion.cli import main

    sys.exit(main(sys.argv[1:]))
