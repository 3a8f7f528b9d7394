"""The phone that follows another's match: its answer, its copy, its changes sent."""

from __future__ import annotations

from dataclasses import replace

from companion.access.follow_messages import (
    MAX_MESSAGE_CHARS,
    MatchSent,
    MessageBudget,
    Refused,
    name_told,
    read_from_host,
    save_asked,
)
from companion.access.peer_sdp import Kind, PeerCodeError
from companion.access.sharing import AccessError
from companion.engine.match import Match
from companion.storage import StoredMatch, StoreError
from companion.storage.match_code import decode_match, encode_match
from companion.storage.match_copies import in_family
from companion.storage.match_merge import Followed, Outcome, TakenIn
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
from companion.sync.session import FollowerTable, report_once

HOST = "host"
"""The name of the link to the phone this one follows: one at a time."""
FLOOD = 30
"""Messages over its budget after which the link to the host is closed."""


class GuestSide:
    """This phone as it follows another phone's match.

    `copy_id` is the match here that the link keeps up to date; `answer` the
    code shown for the other phone to scan, until the link opens. The copy is
    followed while the link is live or quiet: only the host changes it then
    (through this phone, if it lets it record). Once the link is gone the copy
    is this phone's own; a later link merges the host's match with it as
    storage/match_merge.py does, and rounds this phone has that the host lacks
    are offered to the host (if it lets this phone record) or kept in the copy
    beside the one followed (`beside`): never lost, never shown as live.
    """

    def __init__(self, state: FollowerTable, watch: LinkWatch) -> None:
        self.state = state
        self.watch = watch
        self.link: Link | None = None
        self.answer = ""
        self.problem: LinkProblem | None = None
        self.copy_id: str | None = None
        self.beside: str | None = None
        """This phone's own copy, kept beside the one followed: it has
        rounds the host did not take."""
        self.may_record = False
        self.budget = MessageBudget()
        self.dropped = 0
        self._seq = 0
        self._first = True
        self._behind = False
        self._base: Match | None = None
        """The host's last match as the copy keeps it: while the copy is
        still that, the host's next one replaces it."""
        self._offered: StoredMatch | None = None
        """The host's match while this phone's own rounds are offered to it."""
        state.follow_with(self)

    @property
    def live_now(self) -> bool:
        """Whether the link is open and heard now, and the copy is the host's
        match as last saved there (nothing missed while the link was quiet)."""
        live = self.link is not None and self.link.status is LinkStatus.LIVE
        waiting = self._first or self._behind or self.offering
        return live and not waiting

    @property
    def offering(self) -> bool:
        """Whether this phone's own rounds are offered to the host, unanswered."""
        return self._offered is not None

    async def answer_offer(self, scanned: str) -> None:
        """The other phone's offer, scanned: this phone's answer to show it.
        What is no offer is said, and the link there is stays as it is."""
        try:
            offer = sdp_of(scanned, Kind.OFFER)
        except PeerCodeError as error:
            self.problem = problem_of(error)
            self.state.changed()
            return
        self.problem, self.answer = None, ""
        if self.link is not None:
            # One phone followed at a time: a new offer replaces the old link,
            # closed before the new one of the same name is made, and its
            # timers told it is gone, so they leave the new one be.
            self.link.status = LinkStatus.GONE
            self.link = None
            await self.watch.close_now(HOST)
        try:
            self.answer = code_of(
                await self.watch.peers.answer(HOST, offer), Kind.ANSWER
            )
        except (PeerLinkError, PeerCodeError) as error:
            # An answer made but unusable (no address) is let go at once.
            await self.watch.close_now(HOST)
            self.problem = problem_of(error)
        else:
            self.link, self._first, self._offered = Link(), True, None
            self.budget, self.dropped = MessageBudget(), 0
            self.watch.give_up_unless_open(HOST, self.link)
        self.state.changed()

    def admits(self, event: PeerEvent) -> bool:
        """Whether an event is worth a task: a message within the host's
        budget, or the one that shows it floods; the rest is dropped unread."""
        if self.link is None or self.link.status is LinkStatus.GONE:
            return False
        if event.event != "message" or self.budget.take():
            return True
        # A match dropped may have been the last: not live until the next.
        self.dropped, self._behind = self.dropped + 1, True
        return self.dropped == FLOOD

    def heard(self, event: PeerEvent) -> None:
        """An event on the link to the phone this one follows."""
        if self.link is None:
            return
        if event.event == "message":
            if self.dropped >= FLOOD:
                self._cut_off()
            else:
                self._told(event.text)
            return
        if not self.watch.move(HOST, self.link, event):
            return
        if self.link.status is LinkStatus.LIVE and event.event == "open":
            # Whose phone this is, once a link opens: the host's list shows it.
            self.tell_name(self.state.phone_name)
        if self.link.status is LinkStatus.QUIET:
            # Whatever the host saved meanwhile is not here: behind until its
            # next match comes (it sends one as soon as it hears this phone).
            self._behind = True
        self.state.changed()

    def _cut_off(self) -> None:
        """Close the link to a host that floods this phone: not connected."""
        if self.link is not None:
            self.link.status = LinkStatus.GONE
        self.watch.close(HOST)
        self.state.changed()

    def _told(self, text: str) -> None:
        try:
            message = read_from_host(text)
        except AccessError as error:
            report_once(self.state, error)
            return
        if isinstance(message, Refused):
            if self._offered is not None:
                # The host did not take this phone's rounds: they stay in
                # this copy, and the host's match is followed beside it.
                self._keep_beside(self._offered, self.copy_id)
            report_once(self.state, AccessError(message.error))
            return
        self._keep(message)

    def _keep(self, message: MatchSent) -> None:
        try:
            arriving = decode_match(message.code)
        except StoreError as error:
            report_once(self.state, error)
            return
        self._seq, self.may_record = message.seq, message.may_record
        # The copy this link follows: on a new link, the one kept from the
        # last if this is the same match; else none yet.
        follows = None
        if self.copy_id is not None and in_family(arriving.id, self.copy_id):
            follows = Followed(self.copy_id, self._base)
        elif not self._first:
            report_once(self.state, StoreError("follow-other-match"))
            return
        try:
            taken = self.state.keep_followed(arriving, follows)
        except StoreError as error:
            report_once(self.state, error)
            return
        if taken is None:
            return
        if taken.outcome is not Outcome.KEPT_AHEAD:
            self._follow(taken, taken.beside)
        elif message.may_record and self._offered is None:
            self._offer(taken.match_id, arriving, message.seq)
        else:
            self._keep_beside(arriving, taken.match_id)

    def _follow(self, taken: TakenIn, beside: str | None) -> None:
        """The link follows `taken`'s match now, as the host last sent it;
        this phone's own copy `beside` it, if one was kept."""
        self.copy_id, self._first, self._behind = taken.match_id, False, False
        self._offered, self.answer = None, ""
        if beside is not None:
            self.beside = beside
        try:
            self._base = self.state.store.load_match(taken.match_id)
        except StoreError:
            self._base = None

    def _offer(self, copy_id: str, hosts: StoredMatch, seq: int) -> None:
        """Offer the host the copy's rounds it lacks, as a change of its
        match through its gate; not live until it answers."""
        self.copy_id, self._first, self._offered = copy_id, False, hosts
        self.answer = ""
        try:
            own = self.state.store.load_match(copy_id)
        except StoreError as error:
            report_once(self.state, error)
            return
        text = save_asked(seq, encode_match(replace(hosts, match=own)))
        if len(text) > MAX_MESSAGE_CHARS:
            self._keep_beside(hosts, copy_id)
            report_once(self.state, AccessError("follow-too-large"))
            return
        self.watch.send(HOST, text)

    def _keep_beside(self, hosts: StoredMatch, own: str | None) -> None:
        """Keep the host's match as a new copy beside this phone's own (`own`),
        which has rounds the host lacks, and follow that one."""
        try:
            taken = self.state.keep_followed_beside(hosts)
        except StoreError as error:
            report_once(self.state, error)
            return
        if taken is not None:
            self._follow(taken, own)

    def tell_name(self, name: str) -> None:
        """Tell the phone followed whose phone this is, if a link is open
        and a name given (a later name replaces it there)."""
        if name and self.link is not None and self.link.status is LinkStatus.LIVE:
            self.watch.send(HOST, name_told(name))

    def live(self, match_id: str) -> bool:
        """Whether `match_id` is the copy followed now, its link live or quiet."""
        following = self.link is not None and self.link.status in (
            LinkStatus.LIVE,
            LinkStatus.QUIET,
        )
        return match_id == self.copy_id and following and not self._first

    def may_change(self, match_id: str) -> bool:
        return not self.live(match_id) or (self.live_now and self.may_record)

    def send(self, match_id: str, match: Match) -> bool:
        if not self.live_now:
            # Quiet, or not up to date: a change now would be made to a score
            # the host may have moved on from.
            self.state.report(AccessError("follow-quiet"))
            return False
        if not self.may_record:
            self.state.report(AccessError("view-only"))
            return False
        try:
            stored = self.state.store.load_stored(match_id)
            code = encode_match(StoredMatch(match_id, stored.created, None, match))
        except StoreError as error:
            self.state.report(error)
            return False
        text = save_asked(self._seq, code)
        if len(text) > MAX_MESSAGE_CHARS:
            # The page would drop it without a word.
            self.state.report(AccessError("follow-too-large"))
            return False
        self.watch.send(HOST, text)
        return True
