"""Phones following one phone's match over direct links: the codes, the links' state."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.access.peer_codes import decode, encode
from companion.access.peer_sdp import Kind, PeerCodeError, read_sdp, write_sdp
from companion.sync.peer_links import PeerEvent, PeerLinkError, PeerLinks

LINK_TIMEOUT_S = 15.0
"""How long two phones may take to connect once both codes were scanned
(on one network they take well under a second)."""
QUIET_TIMEOUT_S = 10.0
"""How long a link may stay quiet (no heartbeat, webclient/peer_link.js)
before it counts as gone: a closed tab sends no goodbye, and the browser
itself gives up on the connection only after about 30 s."""

Run = Callable[[Callable[[], Awaitable[None]]], Any]
"""Runs a coroutine function in the session (Flet's page.run_task), so what
it changes re-renders that session."""


class LinkStatus(StrEnum):
    """Where a link between two phones stands."""

    WAITING = "waiting"
    """The codes are being shown and scanned."""
    LIVE = "live"
    QUIET = "quiet"
    """The other phone has not been heard for a few seconds (a screen that
    locked, a Wi-Fi that dropped): the link may come back by itself."""
    GONE = "gone"
    """Closed for good: scan again."""
    UNREACHED = "unreached"
    """Both codes scanned, but no connection within LINK_TIMEOUT_S."""


class LinkProblem(StrEnum):
    """Why a link could not be offered or made (shown until the next try)."""

    CAMERA = "camera"
    """The page may not use the camera, so it shows no real address."""
    NO_ADDRESS = "no-address"
    """No network the other phone could reach."""
    NOT_A_CODE = "not-a-code"
    MATCH_CODE = "match-code"
    """A match's hand-over code, read where a connection code belongs."""
    WRONG_KIND = "wrong-kind"
    NEWER = "newer"
    FULL = "full"
    BROWSER = "browser"
    """The browser would not make or take the connection."""


def problem_of(error: PeerCodeError | PeerLinkError) -> LinkProblem:
    """The problem a failed code or link is to the person."""
    if isinstance(error, PeerLinkError):
        return (
            LinkProblem.CAMERA
            if error.code == "camera-refused"
            else (LinkProblem.BROWSER)
        )
    return {
        "peer-no-address": LinkProblem.NO_ADDRESS,
        "peer-code-wrong-kind": LinkProblem.WRONG_KIND,
        "peer-code-newer-version": LinkProblem.NEWER,
        "peer-sdp-too-long": LinkProblem.BROWSER,
        "peer-sdp-unusable": LinkProblem.BROWSER,
    }.get(error.code, LinkProblem.NOT_A_CODE)


def kind_of_code(text: str) -> Kind | None:
    """Which phone's connection code `text` is (a host's offer, a following
    phone's answer); None if it is none (a match's code, say)."""
    for kind in Kind:
        try:
            decode(text.strip(), kind)
        except PeerCodeError:
            continue
        return kind
    return None


def code_of(sdp: str, kind: Kind) -> str:
    """The digits of a QR code that carry this phone's `sdp`."""
    return encode(read_sdp(sdp, kind))


def sdp_of(code: str, kind: Kind) -> str:
    """The other phone's SDP from the digits scanned (PeerCodeError if not one)."""
    return write_sdp(decode(code, kind))


def _status_after(status: LinkStatus, event: PeerEvent) -> LinkStatus:
    """What `event` makes of a link in `status`."""
    if event.event == "open":
        return LinkStatus.LIVE
    if event.event == "quiet" and status is LinkStatus.LIVE:
        return LinkStatus.QUIET
    if event.event == "heard" and status is LinkStatus.QUIET:
        return LinkStatus.LIVE
    if event.event == "closed":
        return LinkStatus.GONE
    if event.event == "state" and event.state in ("failed", "closed"):
        return LinkStatus.GONE
    return status


@dataclass
class Link:
    """One link's status, and the tasks that watch it."""

    status: LinkStatus = LinkStatus.WAITING


class LinkWatch:
    """The status of links by name, moved by their events and by the clock."""

    def __init__(self, peers: PeerLinks, run: Run, changed: Callable[[], None]):
        self.peers = peers
        self.run = run
        self.changed = changed

    def move(self, name: str, link: Link, event: PeerEvent) -> bool:
        """Move the link's status on `event`; whether it changed. A link that
        goes quiet is closed if it stays so for QUIET_TIMEOUT_S."""
        before = link.status
        link.status = _status_after(before, event)
        if link.status is LinkStatus.QUIET and before is not LinkStatus.QUIET:
            self._give_up_if(name, link, LinkStatus.QUIET, QUIET_TIMEOUT_S)
        return link.status is not before

    def give_up_unless_open(self, name: str, link: Link) -> None:
        """Close the link and call it unreached if it is not open in time."""
        self._give_up_if(name, link, LinkStatus.WAITING, LINK_TIMEOUT_S)

    def _give_up_if(
        self, name: str, link: Link, status: LinkStatus, seconds: float
    ) -> None:
        """Close the link if it is still in `status` after `seconds`."""

        async def wait() -> None:
            await asyncio.sleep(seconds)
            if link.status is status:
                waiting = status is LinkStatus.WAITING
                link.status = LinkStatus.UNREACHED if waiting else LinkStatus.GONE
                self.close(name)
                self.changed()

        self.run(wait)

    def send(self, name: str, text: str) -> None:
        """Send `text` over the link, in the session; a link gone meanwhile is
        let be (its closing event says so)."""

        async def send() -> None:
            try:
                await self.peers.send(name, text)
            except PeerLinkError:
                return

        self.run(send)

    def close(self, name: str) -> None:
        """Close the link, whatever state it is in, in the session."""

        async def close() -> None:
            await self.close_now(name)

        self.run(close)

    async def close_now(self, name: str) -> None:
        """Close the link now, if the page still has it."""
        try:
            await self.peers.close(name)
        except PeerLinkError:
            return
