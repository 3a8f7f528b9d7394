"""The ASGI app we serve: Flet's app (flet_web.fastapi) behind our HTTP layer."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

import flet as ft
import uvicorn
from flet_web import fastapi as flet_fastapi

from companion.serving.client_files import ShippedClient
from companion.serving.http_layer import ClientLayer, Route
from companion.serving.offline import served_client, worker_routes
from companion.serving.peers import PeerAddresses
from companion.serving.precompress import DONE
from companion.serving.uploads import BoundedUploads, UploadFolder
from companion.storage.paths import cache_root


def cache_dir(client: ShippedClient) -> Path:
    """The folder of the compressed copies of `client`'s files from flet-web.

    One per installed flet-web, not per version of the page: a change of our
    own scripts (a new version key) leaves flet-web's files as they were, and
    compressing them all again (~1 min of a core) would hold up the starts
    that follow (bench/README.md, startup.py).
    """
    return cache_root() / "webclient" / client.files_key


def web_app(
    main: Callable[[ft.Page], None],
    client: ShippedClient | None = None,
    cache: Path | None = None,
    routes: Mapping[str, Route] | None = None,
    uploads: UploadFolder | None = None,
) -> ClientLayer:
    """The app a server runs: `main` per session, the client's files, `routes`,
    and with `uploads` the bounded upload route (Flet signs its URLs).

    Its service worker (`offline.worker_routes`) is one of the routes.
    """
    client = client or served_client()
    cache = cache or cache_dir(client)
    secret = uploads.secret if uploads is not None else None
    # Flet's app behind PeerAddresses: each session learns the address its
    # websocket came from (peers.py), whatever its client says.
    flet_app = PeerAddresses(flet_fastapi.app(main, no_cdn=True, secret_key=secret))
    return ClientLayer(
        flet_app if uploads is None else BoundedUploads(flet_app, uploads),
        client,
        cache,
        {**worker_routes(client, cache), **(routes or {})},
    )


def start_compressing(app: ClientLayer) -> subprocess.Popen[bytes] | None:
    """Compress the client's files in the background unless done; the process."""
    if (app.cache_dir / DONE).exists():
        return None
    command = [
        sys.executable, "-m", "companion.serving.precompress",
        str(app.client.web_dir), str(app.cache_dir),
    ]  # fmt: skip
    return subprocess.Popen(command, stdin=subprocess.DEVNULL)


def run(app: ClientLayer, host: str, port: int) -> None:
    """Serve `app` on host:port until Ctrl-C (or SIGTERM); blocks."""
    uvicorn.run(
        app,
        host=host,
        port=port,
        # What ft.run serves with: Flet's websocket code is tested on it.
        ws="websockets-sansio",
        log_level="warning",
        timeout_graceful_shutdown=5,
    )
