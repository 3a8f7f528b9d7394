"""A session's direct links to other phones: as the one followed, and as a follower."""

from __future__ import annotations

from typing import Protocol

from companion.sync.follow_guest import HOST, GuestSide
from companion.sync.follow_host import HostSide
from companion.sync.links import LinkWatch, Run
from companion.sync.peer_links import PeerEvent, PeerLinks
from companion.sync.session import FollowerTable, HostTable


class Table(HostTable, FollowerTable, Protocol):
    """A session, which may be followed and may follow (AppState)."""


class Following:
    """Both sides of this session's links, fed every link's events in the
    session; a message over its sender's budget is dropped before any work."""

    def __init__(self, peers: PeerLinks, state: Table, run: Run) -> None:
        watch = LinkWatch(peers, run, state.changed)
        self.host = HostSide(state, watch)
        self.guest = GuestSide(state, watch)
        self._run = run
        peers.listen(self._heard)

    def _heard(self, event: PeerEvent) -> None:
        side: HostSide | GuestSide = self.guest if event.link == HOST else self.host
        # Counted here, as it comes: a flood makes no task, reads nothing.
        if not side.admits(event):
            return

        async def handle() -> None:
            side.heard(event)

        # The page's callback runs outside the session: what it changes must
        # re-render the session's screens.
        self._run(handle)
