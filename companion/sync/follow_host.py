"""The phone others follow: its offers, the phones following, their changes checked."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace

from companion.access.follow_messages import (
    MAX_MESSAGE_CHARS,
    MessageBudget,
    match_sent,
    name_from_phone,
    read_from_phone,
    refused,
)
from companion.access.peer_sdp import Kind, PeerCodeError
from companion.access.sharing import AccessError
from companion.storage import StoreError
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
from companion.sync.session import HostTable, PhoneSession, report_once

FLOOD = 30
"""Messages over its budget after which a phone's link is closed: one that
keeps sending faster than any person taps is no phone at the table."""


@dataclass
class FollowingPhone:
    """A phone that follows one of this phone's matches over link `name`.

    `session` is its place at the share gate, as a served guest's session:
    every change it sends is saved through it, so the gate decides.
    """

    name: str
    number: int
    match_id: str
    session: PhoneSession
    link: Link = field(default_factory=Link)
    budget: MessageBudget = field(default_factory=MessageBudget)
    dropped: int = 0
    """Messages dropped over its budget; at FLOOD its link is closed."""
    told_name: str = ""
    """Whose phone it says it is ("" if it did not say): shown, never
    trusted for who it is (`name`, its link, is)."""

    @property
    def flooded(self) -> bool:
        """Whether its link was closed for sending far more than a person would."""
        return self.dropped >= FLOOD


@dataclass(frozen=True)
class CameFrom:
    """Rounds `first` to `last` (from 1) of a match came from following phone
    `number` (recorded there, maybe while it was not connected), whose
    phone it said it is (`told_name`, "" if it did not)."""

    number: int
    first: int
    last: int
    told_name: str = ""


@dataclass(frozen=True)
class Offer:
    """The code shown for the next phone to follow `match_id`, over link `name`."""

    name: str
    match_id: str
    code: str


class HostSide:
    """This phone's matches as others follow them: one offer at a time."""

    def __init__(self, state: HostTable, watch: LinkWatch) -> None:
        self.state = state
        self.watch = watch
        self.phones: dict[str, FollowingPhone] = {}
        self.offer: Offer | None = None
        self.problem: LinkProblem | None = None
        self._names = (f"phone-{number}" for number in itertools.count(1))
        self._versions: dict[str, int] = {}
        self.came_from: dict[str, CameFrom] = {}
        """By match: the last rounds a following phone added to it."""
        self._making = False

    def following(self, match_id: str) -> list[FollowingPhone]:
        """The phones that follow `match_id`, gone ones too, in the order they came."""
        return [phone for phone in self.phones.values() if phone.match_id == match_id]

    async def make_offer(self, match_id: str) -> None:
        """A code for the next phone to follow `match_id` (the last one's is let
        go); nothing while one is being made, whose code the screen may show."""
        if self._making:
            return
        self._making = True
        try:
            await self._make_offer(match_id)
        finally:
            self._making = False

    async def _make_offer(self, match_id: str) -> None:
        self._let_go_of_offer()
        self.problem = None
        name = next(self._names)
        try:
            self.state.gate.admit_phone(name)
            code = code_of(await self.watch.peers.offer(name), Kind.OFFER)
        except AccessError:
            self.problem = LinkProblem.FULL
        except (PeerLinkError, PeerCodeError) as error:
            self.state.gate.leave(name)
            self.watch.close(name)
            self.problem = problem_of(error)
        else:
            self.offer = Offer(name, match_id, code)
        self.state.changed()

    def _let_go_of_offer(self) -> None:
        if self.offer is not None and self.offer.name not in self.phones:
            self.state.gate.leave(self.offer.name)
            self.watch.close(self.offer.name)
        self.offer = None

    async def take_answer(self, scanned: str) -> None:
        """The answer a phone showed, scanned: the offered link connects to it."""
        offer = self.offer
        if offer is None:
            return
        try:
            answer = sdp_of(scanned, Kind.ANSWER)
        except PeerCodeError as error:
            self._answer_refused(error)
            return
        # Listed before the link hears the answer: the page may tell the link
        # is open before it replies to `accept`, and an event of a link not
        # listed is dropped unread (admits).
        session = self.state.phone_session(offer.name, self._saved_by_phone)
        number = len(self.phones) + 1
        phone = FollowingPhone(offer.name, number, offer.match_id, session)
        self.phones[offer.name] = phone
        try:
            await self.watch.peers.accept(offer.name, answer)
        except PeerLinkError as error:
            del self.phones[offer.name]
            self._answer_refused(error)
            return
        self.offer, self.problem = None, None
        self.watch.give_up_unless_open(offer.name, phone.link)
        self.state.changed()

    def _answer_refused(self, error: PeerLinkError | PeerCodeError) -> None:
        """The answer scanned was no answer to the offer shown: said, and the
        offer stays for another scan."""
        self.problem = problem_of(error)
        self.state.changed()

    def let_record(self, name: str, may_record: bool) -> None:
        """Let a following phone record (or watch only); it hears at once."""
        phone = self.phones.get(name)
        if phone is None:
            return
        self.state.let_record(name, may_record)
        self._send_match(phone)

    def match_saved(self, match_id: str) -> None:
        """A match was saved here: every live phone that follows it gets it."""
        self._versions[match_id] = self._versions.get(match_id, 0) + 1
        for phone in self.following(match_id):
            if phone.link.status is LinkStatus.LIVE:
                self._send_match(phone)

    def _saved_by_phone(self, match_id: str) -> None:
        self.match_saved(match_id)
        self.state.changed()

    def _send_match(self, phone: FollowingPhone) -> None:
        try:
            stored = self.state.store.load_stored(phone.match_id)
            code = encode_match(stored)
        except StoreError:
            # Deleted here, or past any code: the phone keeps what it has.
            return
        seq = self._versions.get(phone.match_id, 0)
        text = match_sent(seq, code, phone.session.can_change)
        if len(text) > MAX_MESSAGE_CHARS:
            # The page would drop it without a word: said here instead.
            report_once(self.state, AccessError("follow-too-large"))
            return
        self.watch.send(phone.name, text)

    def admits(self, event: PeerEvent) -> bool:
        """Whether an event is worth a task: a message within its phone's
        budget, or the one that shows the phone floods; the rest is dropped
        unanswered, before it is read."""
        phone = self.phones.get(event.link)
        if event.event != "message" or phone is None:
            return phone is not None
        if phone.link.status is LinkStatus.GONE:
            return False
        if phone.budget.take():
            return True
        phone.dropped += 1
        return phone.dropped == FLOOD

    def heard(self, event: PeerEvent) -> None:
        """An event on a following phone's link."""
        phone = self.phones.get(event.link)
        if phone is None:
            return
        if event.event == "message":
            if phone.flooded:
                self._cut_off(phone)
            else:
                self._asked(phone, event.text)
            return
        if not self.watch.move(phone.name, phone.link, event):
            return
        if phone.link.status is LinkStatus.LIVE:
            # Newly open, or back from quiet: the match as it is now, at once
            # (what was saved meanwhile was not sent).
            self._send_match(phone)
        if phone.link.status is LinkStatus.GONE:
            self.state.gate.leave(phone.name)
        self.state.changed()

    def _cut_off(self, phone: FollowingPhone) -> None:
        """Close the link of a phone that floods this one; its row says why."""
        phone.link.status = LinkStatus.GONE
        self.state.gate.leave(phone.name)
        self.watch.close(phone.name)
        self.state.changed()

    def _asked(self, phone: FollowingPhone, text: str) -> None:
        """A message a following phone sent, within its budget: its name
        shown; a change checked, saved, or refused to it."""
        try:
            told = name_from_phone(text)
            if told is None:
                self._save_for(phone, text)
            elif told.name != phone.told_name:
                phone.told_name = told.name
                self.state.changed()
        except AccessError as error:
            self.watch.send(phone.name, refused(error.code))
            if error.code == "follow-stale":
                self._send_match(phone)

    def _save_for(self, phone: FollowingPhone, text: str) -> None:
        # The cheap checks first: its right to change, the message's form, the
        # match still here (a deletion is a version too) and its version; the
        # phone's match is decoded last.
        if not phone.session.can_change:
            raise AccessError("view-only")
        asked = read_from_phone(text)
        try:
            current = self.state.store.load_match(phone.match_id)
        except StoreError as error:
            gone = error.code == "no-such-match"
            raise AccessError(
                "follow-match-gone" if gone else "host-could-not-save"
            ) from error
        if asked.seq != self._versions.get(phone.match_id, 0):
            raise AccessError("follow-stale")
        try:
            changed = decode_match(asked.code).match
        except StoreError as error:
            raise AccessError("follow-unreadable") from error
        # A recorder records, edits and deletes rounds: nothing else of the match.
        if replace(changed, rounds=()) != replace(current, rounds=()):
            raise AccessError("follow-not-rounds")
        # The end is the end: a match over here takes no round more.
        if current.is_over and len(changed.rounds) > len(current.rounds):
            raise AccessError("follow-after-end")
        if changed == current:
            # The same match (origins are labels, never compared): nothing
            # changes here, not even who recorded a round; the phone hears the
            # version it already has.
            self._send_match(phone)
            return
        if not phone.session.save_match(phone.match_id, changed, base=current):
            # Told to the phone, not kept: nobody reads this session's banner.
            problems = phone.session.take_problems()
            code = problems[-1].code if problems else "host-could-not-save"
            raise AccessError(code if code == "view-only" else "host-could-not-save")
        if len(changed.rounds) > len(current.rounds):
            # The host's screen says where they came from.
            first, last = len(current.rounds) + 1, len(changed.rounds)
            self.came_from[phone.match_id] = CameFrom(
                phone.number, first, last, phone.told_name
            )
            self.state.changed()
