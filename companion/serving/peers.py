"""The address each session's websocket came from (the server's word, not the
client's), and the languages its browser asked for.

Flet copies the address into `page.client_ip` when it creates a session, but the
client may patch any page property, that one too, in the same write as its
register message and before the app first reads it (issue 27): a phone then
claimed to be this computer and was the host. So the gate never reads the page:
this layer notes the peer address of every websocket as uvicorn accepted it
(after the X-Forwarded-For handling the server allows, which is none outside
tests), in a context variable that only the server sets. Flet starts a new
session's `main` in a task made while it handles that websocket, and a task
starts with a copy of the context it was made in: `main` reads the address of
its own connection, and the session keeps it in its state.

The websocket's Accept-Language header is kept the same way: the first
screen is drawn in the browser's language, where asking the client would
come after it.
"""

from __future__ import annotations

from contextvars import ContextVar

from starlette.types import ASGIApp, Receive, Scope, Send

from companion.words.i18n import browser_languages

_ACCEPTED_FROM: ContextVar[str | None] = ContextVar("accepted_from", default=None)
_LANGUAGES: ContextVar[bytes | None] = ContextVar("languages", default=None)


class PeerAddresses:
    """ASGI middleware: code run while a websocket is handled knows its peer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        token = _ACCEPTED_FROM.set(str(client[0]) if client else "")
        headers = dict(scope.get("headers") or ())
        said = _LANGUAGES.set(headers.get(b"accept-language"))
        try:
            await self.app(scope, receive, send)
        finally:
            _ACCEPTED_FROM.reset(token)
            _LANGUAGES.reset(said)


def accepted_from() -> str | None:
    """The peer address of the websocket this code runs for ("" if the server
    did not know it); None outside one, which the gate takes for a stranger."""
    return _ACCEPTED_FROM.get()


def asked_languages() -> list[str] | None:
    """The languages the websocket this code runs for asked for, best first;
    None where it named none (the app then asks the client)."""
    said = _LANGUAGES.get()
    if not said:
        return None
    return browser_languages(said.decode("latin-1")) or None
