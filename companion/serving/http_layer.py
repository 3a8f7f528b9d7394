"""Our HTTP layer in front of Flet's app: the client's files, caching, headers."""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import mimetypes
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import brotli
from starlette.datastructures import Headers
from starlette.responses import FileResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from companion.serving.client_files import CLIENT_PREFIX, ShippedClient
from companion.serving.precompress import (
    ENCODINGS,
    MIN_SIZE,
    SUFFIXES,
    compressed,
    variant,
    write_whole,
)

mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")

FOREVER = "public, max-age=31536000, immutable"
"""For files under the versioned folder: a new version has a new folder."""

REVALIDATE = "no-cache"
"""For the page and everything else: kept, but asked about (a 304) before use."""

FLET_ROUTES = ("/ws", "/oauth_callback", "/upload")
"""Paths without a file extension that are Flet's own, not routes of the page."""

Route = Callable[[Headers], Response]
"""A response the layer gives for one path, from the request's headers."""

KEPT_FOLDER = "ours"
"""Below a cache folder: the compressed copies of our own files (MemoryFile)."""

DECODERS: dict[str, Callable[[bytes], bytes]] = {
    "br": brotli.decompress,
    "gzip": gzip.decompress,
}


def security_headers(client: ShippedClient) -> dict[str, str]:
    """The headers on every response: our origin only, never framed, no sniffing.

    Measured in Chromium (tests/browser/test_serving.py fails on any violation):
    the page's inline scripts are allowed by their hashes; the client compiles
    WebAssembly ('wasm-unsafe-eval'), starts a worker from a blob: URL and adds
    <style> elements at run time ('unsafe-inline' for styles only). img-src
    blob: is a precaution, not measured: the QR code (an image from bytes)
    shows only on a server phones can reach, which the tests never run.
    """
    inline = client.inline_hashes()
    policy = {
        "default-src": ["'self'"],
        "script-src": ["'self'", "'wasm-unsafe-eval'", *inline["script"]],
        "style-src": ["'self'", "'unsafe-inline'"],
        # blob: for Flutter's image decoding without ImageDecoder (the QR code).
        "img-src": ["'self'", "blob:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'", "blob:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
    return {
        "content-security-policy": "; ".join(
            f"{name} {' '.join(sources)}" for name, sources in policy.items()
        ),
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
        "x-frame-options": "DENY",
        # No window of another site shares ours. Without COEP (flet-web's own
        # middleware sends both) the page is not cross-origin isolated, so
        # Flutter never picks multi-threaded skwasm, whose memory text layout
        # corrupts (webclient/renderer.py): the host's screen runs what phones
        # on the LAN run (bench/README.md, issue 31).
        "cross-origin-opener-policy": "same-origin",
    }


def accepted_encodings(headers: Headers) -> frozenset[str]:
    """The content codings the request's Accept-Encoding allows (q=0 refuses)."""
    accepted = set()
    for item in headers.get("accept-encoding", "").split(","):
        name, _, params = item.strip().partition(";")
        quality = params.strip().removeprefix("q=")
        if name and not (params and quality.strip("0.") == ""):
            accepted.add(name.strip().lower())
    return frozenset(accepted)


def is_page_path(path: str) -> bool:
    """Whether `path` is a route of the app (answered with the page)."""
    last = path.rsplit("/", 1)[-1]
    return path not in FLET_ROUTES and ("." not in last or last.endswith(".html"))


class MemoryFile:
    """One file kept in memory, compressed once, with its ETag: a `Route`.

    For example `routes={"/sw.js": MemoryFile(script, "text/javascript",
    REVALIDATE)}` in `web_app.web_app` serves one more file. With `kept` (a
    folder), the compressed copies made at one start are read at the next.
    """

    def __init__(
        self,
        body: bytes,
        media_type: str,
        cache_control: str,
        kept: Path | None = None,
    ) -> None:
        self.media_type = media_type
        self.cache_control = cache_control
        digest = hashlib.sha256(body).hexdigest()
        self.etag = f'"{digest[:32]}"'
        self.bodies: dict[str | None, bytes] = {None: body}
        if len(body) >= MIN_SIZE:
            for encoding in ENCODINGS:
                self.bodies[encoding] = _compressed_copy(body, encoding, digest, kept)

    def __call__(self, headers: Headers) -> Response:
        accepted = accepted_encodings(headers)
        encoding = next(
            (
                name
                for name in ("br", "gzip")
                if name in accepted and name in self.bodies
            ),
            None,
        )
        fields = {"cache-control": self.cache_control, "vary": "Accept-Encoding"}
        etag = self.etag if encoding is None else self.etag[:-1] + f'-{encoding}"'
        fields["etag"] = etag
        if _matches(headers, etag):
            return Response(status_code=304, headers=fields)
        if encoding:
            fields["content-encoding"] = encoding
        return Response(
            self.bodies[encoding], media_type=self.media_type, headers=fields
        )


def _compressed_copy(
    body: bytes, encoding: str, digest: str, kept: Path | None
) -> bytes:
    """`body` compressed as `encoding`: the copy in `kept` if it holds one that
    decodes to `body`, else made now (brotli at its best takes ~15 ms for the
    page, ~60 ms for all our files at each start) and kept there."""
    path = None if kept is None else kept / (digest + SUFFIXES[encoding])
    if path is not None:
        try:
            packed = path.read_bytes()
            if DECODERS[encoding](packed) == body:
                return packed
        except (OSError, ValueError, brotli.error):
            pass
    packed = compressed(body, encoding)
    if path is not None:
        # Not kept (a full disk, say): the next start compresses it again.
        with contextlib.suppress(OSError):
            write_whole(path, packed)
    return packed


def _matches(headers: Headers, etag: str) -> bool:
    """Whether the request's If-None-Match names `etag` (the browser has it)."""
    wanted = headers.get("if-none-match", "")
    return wanted.strip() == "*" or etag in (tag.strip() for tag in wanted.split(","))


class ClientLayer:
    """ASGI middleware: serves the client's files, else hands over to Flet's app.

    Every response, Flet's included, gets `security_headers` and (unless it has
    one) Cache-Control: no-cache; so does the websocket's upgrade response.
    `routes` are extra responses by exact path (a service worker, say).
    """

    def __init__(
        self,
        app: ASGIApp,
        client: ShippedClient,
        cache_dir: Path,
        routes: Mapping[str, Route] | None = None,
    ) -> None:
        self.app = app
        self.client = client
        self.cache_dir = cache_dir
        self.headers = [
            (name.encode(), value.encode())
            for name, value in security_headers(client).items()
        ]
        kept = cache_dir / KEPT_FOLDER
        self.page = MemoryFile(client.page, "text/html", REVALIDATE, kept)
        self.replaced = {
            path: MemoryFile(body, _media_type(path), FOREVER, kept)
            for path, body in client.replaced.items()
        }
        self.routes: dict[str, Route] = dict(routes or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        send = self._with_headers(send)
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            response = self.response(scope["path"], Headers(scope=scope))
            if response is not None:
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def response(self, path: str, headers: Headers) -> Response | None:
        """Our answer to a GET of `path`, or None to let Flet's app answer."""
        route = self.routes.get(path)
        if route is not None:
            return route(headers)
        if path.startswith(self.client.base):
            return self._client_file(path.removeprefix(self.client.base), headers)
        if path.startswith(CLIENT_PREFIX):
            # Another version's file: a page from before an upgrade.
            return Response(status_code=404, headers={"cache-control": REVALIDATE})
        if path in FLET_ROUTES:
            return None
        if is_page_path(path) or self.client.file(path.removeprefix("/")) is None:
            # A route of the app even with a dot in it ("/players/J.R.", a round
            # "1.5" typed into the address): the app's screens answer it, not
            # Flet's static files (a 404, or none for a name too long to look up).
            return self.page(headers)
        return None

    def _client_file(self, relative: str, headers: Headers) -> Response:
        replaced = self.replaced.get(relative)
        if replaced is not None:
            return replaced(headers)
        path = self.client.file(relative)
        if path is None:
            return Response(status_code=404, headers={"cache-control": REVALIDATE})
        stat = path.stat()
        sent, encoding = path, None
        ready = variant(self.cache_dir, relative, accepted_encodings(headers))
        if ready is not None:
            sent, encoding = ready
            stat = sent.stat()
        etag = f'"{stat.st_size:x}-{stat.st_mtime_ns:x}-{encoding or "identity"}"'
        fields = {"cache-control": FOREVER, "vary": "Accept-Encoding", "etag": etag}
        if _matches(headers, etag):
            return Response(status_code=304, headers=fields)
        if encoding:
            fields["content-encoding"] = encoding
        return FileResponse(
            sent, headers=fields, media_type=_media_type(relative), stat_result=stat
        )

    def _with_headers(self, send: Send) -> Send:
        extra = self.headers

        async def sending(message: Message) -> None:
            kind = message["type"]
            if kind in ("http.response.start", "websocket.http.response.start"):
                message = _added(message, extra, cache_control=True)
            elif kind == "websocket.accept":
                message = _added(message, extra, cache_control=False)
            await send(message)

        return sending


def _added(
    message: Message, extra: list[tuple[bytes, bytes]], cache_control: bool
) -> dict[str, Any]:
    """`message` with `extra` headers that it does not set itself."""
    headers = list(message.get("headers", []))
    present = {name.lower() for name, _ in headers}
    headers += [(name, value) for name, value in extra if name not in present]
    if cache_control and b"cache-control" not in present:
        headers.append((b"cache-control", REVALIDATE.encode()))
    return {**message, "headers": headers}


def _media_type(path: str) -> str:
    """The Content-Type of a file by its name (sent with nosniff, so it must fit)."""
    guessed, _ = mimetypes.guess_type(path)
    return guessed or "application/octet-stream"
