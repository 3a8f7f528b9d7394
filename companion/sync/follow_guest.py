"""The phone that follows another's match: its answer, its copy, its changes sent."""

from __future__ import annotations

from companion.access.follow_messages import (
    MatchSent,
    Refused,
    read_from_host,
    save_asked,
)
from companion.access.peer_sdp import Kind, PeerCodeError
from companion.access.sharing import AccessError
from companion.engine.match import Match
from companion.storage import StoredMatch, StoreError
from companion.storage.match_code import decode_match, encode_match
from companion.sync.links import (
    Link,
    LinkProblem,
    LinkStatus,
    LinkWatch,
    code_of,
    problem_of,
    sdp_of,
)
from companion.sync.peer_links import PeerEvent, PeerLinkError
from companion.sync.session import FollowerTable

HOST = "host"
"""The name of the link to the phone this one follows: one at a time."""


class GuestSide:
    """This phone as it follows another phone's match.

    `copy_id` is the match here that the link keeps up to date; `answer` the
    code shown for the other phone to scan, until the link opens.
    """

    def __init__(self, state: FollowerTable, watch: LinkWatch) -> None:
        self.state = state
        self.watch = watch
        self.link: Link | None = None
        self.answer = ""
        self.problem: LinkProblem | None = None
        self.copy_id: str | None = None
        self.may_record = False
        self._seq = 0
        self._first = True
        state.follow_with(self)

    @property
    def live_now(self) -> bool:
        """Whether the link is open and heard now."""
        return self.link is not None and self.link.status is LinkStatus.LIVE

    async def answer_offer(self, scanned: str) -> None:
        """The other phone's offer, scanned: this phone's answer to show it."""
        self.problem, self.answer = None, ""
        if self.link is not None:
            # One phone followed at a time: a new offer replaces the old link,
            # closed before the new one of the same name is made, and its
            # timers told it is gone, so they leave the new one be.
            self.link.status = LinkStatus.GONE
            self.link = None
            await self.watch.close_now(HOST)
        try:
            offer = sdp_of(scanned, Kind.OFFER)
            self.answer = code_of(
                await self.watch.peers.answer(HOST, offer), Kind.ANSWER
            )
        except (PeerLinkError, PeerCodeError) as error:
            # An answer made but unusable (no address) is let go at once.
            await self.watch.close_now(HOST)
            self.problem = problem_of(error)
        else:
            self.link, self._first = Link(), True
            self.watch.give_up_unless_open(HOST, self.link)
        self.state.changed()

    def heard(self, event: PeerEvent) -> None:
        """An event on the link to the phone this one follows."""
        if self.link is None:
            return
        if event.event == "message":
            self._told(event.text)
            return
        if self.watch.move(HOST, self.link, event):
            self.state.changed()

    def _told(self, text: str) -> None:
        try:
            message = read_from_host(text)
        except AccessError as error:
            self.state.report(error)
            return
        if isinstance(message, Refused):
            self.state.report(AccessError(message.error))
            return
        self._keep(message)

    def _keep(self, message: MatchSent) -> None:
        try:
            handed = decode_match(message.code)
        except StoreError as error:
            self.state.report(error)
            return
        kept = self.state.keep_followed(handed, None if self._first else self.copy_id)
        if kept is None:
            return
        self.copy_id, self._first = kept, False
        self._seq, self.may_record = message.seq, message.may_record
        self.answer = ""

    def live(self, match_id: str) -> bool:
        return match_id == self.copy_id and self.live_now

    def may_change(self, match_id: str) -> bool:
        return not self.live(match_id) or self.may_record

    def send(self, match_id: str, match: Match) -> bool:
        try:
            stored = self.state.store.load_stored(match_id)
            code = encode_match(StoredMatch(match_id, stored.created, None, match))
        except StoreError as error:
            self.state.report(error)
            return False
        self.watch.send(HOST, save_asked(self._seq, code))
        return True
