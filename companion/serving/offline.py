"""A served phone with the table's computer gone: the worker, and the page it sees."""

from __future__ import annotations

from pathlib import Path

from companion.serving.client_files import ShippedClient, shipped_client
from companion.serving.http_layer import KEPT_FOLDER, REVALIDATE, MemoryFile, Route
from companion.webclient.loading_screen import SHOWN_CHANNEL
from companion.webclient.screen_restart import restart_js
from companion.webclient.service_worker import (
    SCRIPT_NAME,
    served_registration_js,
    service_worker_js,
)
from companion.webclient.unreachable_page import page_html, watch_js
from companion.words.restart_texts import restart_texts_by_language
from companion.words.unreachable_texts import unreachable_texts_by_language

WORKER_URL = "/" + SCRIPT_NAME
"""At the site's root, so the worker's scope is every page of the app."""

WATCH_SCRIPT = "companion/watch.js"
"""The page's own script, below the versioned folder: registers, watches, and
restarts a screen whose renderer trapped."""

GRACE_MS = 5000
"""How long no connection may last before the page says the computer is gone:
Flet's client reconnects by itself after a short Wi-Fi drop."""


def served_client(web_dir: Path | None = None) -> ShippedClient:
    """The client a server ships: flet-web's, with the page's watch script."""
    script = watch_js(unreachable_texts_by_language(), "/ws", GRACE_MS)
    script += restart_js(restart_texts_by_language())
    script += served_registration_js(WORKER_URL, SHOWN_CHANNEL)
    return shipped_client(web_dir, {WATCH_SCRIPT: script.encode("utf-8")})


def worker_routes(
    client: ShippedClient, cache_dir: Path | None = None
) -> dict[str, Route]:
    """The route of the worker for `client`: its versioned files kept, no page.

    Its cache is named by the versioned folder, so a new version's worker
    drops the old cache. The page, Flet's websocket and answers, uploads and
    anything per user are never kept: only files below the versioned folder.
    The worker's compressed copies are kept in `cache_dir`, if given, for the
    next start.
    """
    pages = {
        lang: page_html(texts, lang)
        for lang, texts in unreachable_texts_by_language().items()
    }
    version = client.base.strip("/").split("/")[-1]
    script = service_worker_js(
        version, [], offline_page=pages, runtime_prefix=client.base
    )
    kept = None if cache_dir is None else cache_dir / KEPT_FOLDER
    body = script.encode("utf-8")
    return {WORKER_URL: MemoryFile(body, "text/javascript", REVALIDATE, kept)}
