"""A build's part in handing matches between phones: the site, the camera, the link."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum

import flet as ft

from companion.storage import Store, StoreError
from companion.storage.match_link import FRAGMENT, match_from_link
from companion.sync.peer_links import PeerLinks


class ScanProblem(StrEnum):
    """Why a scan gave no text."""

    REFUSED = "refused"
    """The person (or the browser's settings) refused the camera."""
    NO_CAMERA = "no-camera"
    """The device has no camera, or the browser offers none to the page."""
    FAILED = "failed"
    """The camera was there but would not start (in use elsewhere, say)."""
    CLOSED = "closed"
    """The person closed the camera, or left it, before a code was read."""


@dataclass(frozen=True)
class Scan:
    """What a scan gave: the text of the QR code read, or why none was."""

    text: str | None = None
    problem: ScanProblem | None = None


@dataclass(frozen=True)
class ScanWords:
    """What the camera's screen says, in the app's language (the page shows it)."""

    hint: str
    close: str


Scanner = Callable[[ScanWords], Awaitable[Scan]]
"""Opens the camera over the app until a QR code is read or the person closes
it, and gives what it read; the camera is released before it returns."""


def _nowhere(_store: Store) -> str | None:
    return None


def _nothing() -> None:
    return None


def _no_links(_came: Callable[[str], None]) -> None:
    return None


@dataclass(frozen=True)
class Handover:
    """A build's part in handing a match over, decided once at start.

    `site_address`: the phone-alone site's full address that a hand-over link
    opens (None: not known, so no code is offered). `scanner`: the camera in
    the page (None where the page may not have one). `opened_with`: the link
    the page was opened with ("" if none), waiting to be taken in;
    `forget_link` takes it out of the browser's address bar once it was
    answered, so a reload brings nothing twice. `later_links(came)`: from
    then on `came` gets each link the page is given while the app runs (one
    opened into its tab, or handed by a second tab). `peers`: the page's
    direct links to other phones that follow this one (None where it has none).
    """

    site_address: Callable[[Store], str | None] = _nowhere
    scanner: Scanner | None = None
    opened_with: str = ""
    forget_link: Callable[[], None] = _nothing
    later_links: Callable[[Callable[[str], None]], None] = _no_links
    peers: PeerLinks | None = None


def is_match_code(text: str) -> bool:
    """Whether `text` is a match's hand-over code (its link), whole or damaged."""
    try:
        match_from_link(text)
    except StoreError:
        return FRAGMENT in text
    return True


def stored_site_address(store: Store) -> str | None:
    """The site's address the host set (Settings, or `companion --site-url`)."""
    return store.settings().get("site_address")


HandoverContext: ft.ContextProvider[Handover | None] = ft.create_context(None)
"""Gives every screen the Handover of the build it runs in."""


def use_handover() -> Handover:
    """This build's Handover (the served app's when none was given)."""
    handover = ft.use_context(HandoverContext)
    return handover if handover is not None else Handover(stored_site_address)
