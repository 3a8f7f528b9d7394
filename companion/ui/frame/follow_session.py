"""A session's direct links to other phones: as the one followed, and as a follower."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.sync.follow_guest import HOST, GuestSide
from companion.sync.follow_host import HostSide
from companion.sync.links import LinkWatch, Run
from companion.sync.peer_links import PeerEvent, PeerLinks
from companion.ui.frame.state import AppState


class Following:
    """Both sides of this session's links, fed every link's events in the session."""

    def __init__(self, peers: PeerLinks, state: AppState, run: Run) -> None:
        watch = LinkWatch(peers, run, state.changed)
        self.host = HostSide(state, watch)
        self.guest = GuestSide(state, watch)
        self._run = run
        peers.listen(self._heard)

    def _heard(self, event: PeerEvent) -> None:
        async def handle() -> None:
            side = self.guest if event.link == HOST else self.host
            side.heard(event)

        # The page's callback runs outside the session: what it changes must
        # re-render the session's screens.
        self._run(handle)


FollowingContext: ft.ContextProvider[Any] = ft.create_context(None)
"""Gives every screen the session's Following, or None in a build whose page
has no direct links (the served app)."""


def use_following() -> Following | None:
    """The session's Following; None where the page has no direct links."""
    following: Following | None = ft.use_context(FollowingContext)
    return following
