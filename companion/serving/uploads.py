"""Settings' import file, sent by the host's browser over HTTP: bounded, host only.

A file picked with its data travels in one websocket message, and past 16 MiB
that message never arrives (nothing is shown). The served app sends the file to
Flet's upload route instead (`FilePicker.upload` to `page.get_upload_url`), and
this layer takes that route itself: Flet's own handler writes any size it is
sent (its limit is checked after the bytes are written) and from anyone.
"""

from __future__ import annotations

import hmac
import os
import re
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from flet_web.uploads import build_upload_query_string, get_upload_signature
from starlette.datastructures import QueryParams
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from companion.access.sharing import is_loopback_client

UPLOAD_PATH = "/upload"
"""Where Flet's client sends a picked file (flet_web.fastapi's default)."""

UPLOAD_NAME = re.compile(r"[0-9a-f]{32}\.json")
"""The names Settings asks to upload under (upload_name); nothing else is taken."""


def upload_name() -> str:
    """A fresh name for one upload, unguessable and safe as a file name."""
    return secrets.token_hex(16) + ".json"


@dataclass(frozen=True)
class UploadFolder:
    """Where uploads land for the session that asked for them, at most `limit`
    bytes each; `secret` signs the upload URLs (Flet's scheme)."""

    folder: Path
    limit: int
    secret: str = field(default_factory=lambda: secrets.token_urlsafe(32))


class BoundedUploads:
    """ASGI middleware before Flet's app: answers PUT /upload itself.

    Taken only from this computer (the host: phones never import), only with a
    signed, unexpired URL for an upload name, and at most `limit` bytes: a
    larger Content-Length is refused before any byte is read, a longer body as
    soon as it passes the limit, and what was written of it is deleted. A file
    appears under its name only once it arrived whole.
    """

    def __init__(self, app: ASGIApp, uploads: UploadFolder) -> None:
        self.app = app
        self.uploads = uploads

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] != UPLOAD_PATH:
            await self.app(scope, receive, send)
            return
        status = await self._take(scope, receive)
        await Response(status_code=status)(scope, receive, send)

    async def _take(self, scope: Scope, receive: Receive) -> int:
        if scope["method"] != "PUT":
            return 405
        client = scope.get("client")
        if not is_loopback_client(client[0] if client else None):
            return 403
        name = self._signed_name(QueryParams(scope["query_string"].decode("latin-1")))
        if name is None:
            return 403
        length = dict(scope["headers"]).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > self.uploads.limit:
            return 413
        return await self._write(name, receive)

    def _signed_name(self, query: QueryParams) -> str | None:
        """The upload name a valid, unexpired signature was given for, else None."""
        name, expires, signature = query.get("f"), query.get("e"), query.get("s")
        if not name or not expires or not signature or not UPLOAD_NAME.fullmatch(name):
            return None
        try:
            expire_date = datetime.fromisoformat(expires)
        except ValueError:
            return None
        if expire_date.tzinfo is None or datetime.now(UTC) >= expire_date:
            return None
        wanted = get_upload_signature(
            UPLOAD_PATH,
            build_upload_query_string(name, expire_date),
            expire_date,
            self.uploads.secret,
        )
        return name if hmac.compare_digest(wanted, signature) else None

    async def _write(self, name: str, receive: Receive) -> int:
        self.uploads.folder.mkdir(parents=True, exist_ok=True)
        target = self.uploads.folder / name
        partial = target.with_suffix(".part")
        size = 0
        try:
            with partial.open("xb") as file:
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        partial.unlink()
                        return 400
                    chunk = message.get("body", b"")
                    size += len(chunk)
                    if size > self.uploads.limit:
                        partial.unlink()
                        return 413
                    file.write(chunk)
                    if not message.get("more_body", False):
                        break
            os.replace(partial, target)
        except FileExistsError:
            # The same signed URL sent twice at once: the first one writes.
            return 409
        except OSError:
            partial.unlink(missing_ok=True)
            return 507
        return 200
