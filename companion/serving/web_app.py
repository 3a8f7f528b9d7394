"""The ASGI app we serve: Flet's app (flet_web.fastapi) behind our HTTP layer."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

import flet as ft
import platformdirs
import uvicorn
from flet_web import fastapi as flet_fastapi

from companion.serving.client_files import ShippedClient
from companion.serving.http_layer import ClientLayer, Route
from companion.serving.offline import served_client, worker_routes
from companion.serving.peers import PeerAddresses
from companion.serving.precompress import DONE
from companion.serving.uploads import BoundedUploads, UploadFolder
from companion.storage.paths import APP_NAME

CACHE_ENVIRONMENT = "COMPANION_CACHE"
"""Where the compressed client is kept, if set; else the user's cache folder."""


def cache_dir(client: ShippedClient) -> Path:
    """The folder of `client`'s compressed copies (one per client version)."""
    root = os.environ.get(CACHE_ENVIRONMENT) or platformdirs.user_cache_dir(
        APP_NAME, appauthor=False
    )
    return Path(root).expanduser() / "webclient" / client.base.strip("/").split("/")[-1]


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
    secret = uploads.secret if uploads is not None else None
    # Flet's app behind PeerAddresses: each session learns the address its
    # websocket came from (peers.py), whatever its client says.
    flet_app = PeerAddresses(flet_fastapi.app(main, no_cdn=True, secret_key=secret))
    return ClientLayer(
        flet_app if uploads is None else BoundedUploads(flet_app, uploads),
        client,
        cache or cache_dir(client),
        {**worker_routes(client), **(routes or {})},
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
