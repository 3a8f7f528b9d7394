"""What the follow protocol asks of a session (AppState), and a session of it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from companion.access.sharing import AccessError, ShareGate
from companion.engine.match import Match
from companion.storage import Store, StoredMatch, StoreError
from companion.storage.match_merge import Followed, TakenIn


class Coded(Protocol):
    """A problem reported: its code says which."""

    @property
    def code(self) -> str:
        """The problem's code (storage/errors.py, access/sharing.py)."""


class FollowedMatch(Protocol):
    """The match this phone follows live, if any (sync.follow_guest)."""

    def live(self, match_id: str) -> bool:
        """Whether `match_id` is the copy of a match followed now (live or
        quiet): the phone it follows alone ends it, deletes it, lets it be
        followed."""

    def may_change(self, match_id: str) -> bool:
        """Whether this phone may change `match_id` (the one it follows only
        while live, and if the phone it follows lets it)."""

    def send(self, match_id: str, match: Match) -> bool:
        """Send a change of the followed match there; False after reporting."""


class PhoneSession(Protocol):
    """A following phone's place at the share gate, as a served guest's
    session: every change it sends is saved through it, so the gate decides."""

    @property
    def can_change(self) -> bool:
        """Whether the host lets the phone record."""

    def save_match(
        self,
        match_id: str,
        match: Match,
        base: Match | None = None,
        rerender: bool = True,
    ) -> bool:
        """Store the phone's change, asking the gate; False after reporting."""

    def take_problems(self) -> Sequence[Coded]:
        """What it reported, let go of: nobody reads its screen."""


class Reporting(Protocol):
    """A session that shows what went wrong until it is dismissed."""

    @property
    def problems(self) -> Sequence[Coded]:
        """The problems shown now."""

    def report(self, error: AccessError | StoreError) -> None:
        """Show why something failed, until dismissed."""

    def changed(self) -> None:
        """Data or a link changed: re-render what shows it."""


def report_once(table: Reporting, error: AccessError | StoreError) -> None:
    """Show `error` unless one of its code is shown already: what another
    phone sends again and again must not pile up on the screen for good."""
    if all(shown.code != error.code for shown in table.problems):
        table.report(error)


class HostTable(Reporting, Protocol):
    """The session of the phone others follow."""

    store: Store
    gate: ShareGate

    def let_record(self, session_id: str, can_record: bool) -> None:
        """Let a phone record, or watch only (the host's own session alone)."""

    def phone_session(self, name: str, saved: Callable[[str], None]) -> PhoneSession:
        """The session at the gate of the phone on link `name`; `saved` hears
        of each match it saves."""


class FollowerTable(Reporting, Protocol):
    """The session of the phone that follows another."""

    store: Store
    phone_name: str
    """Whose phone this is ("" if nobody said), told to the phone it follows."""

    def follow_with(self, followed: FollowedMatch) -> None:
        """Send this session's changes of the followed match through `followed`."""

    def keep_followed(
        self, handed: StoredMatch, follows: Followed | None
    ) -> TakenIn | None:
        """Merge the match the followed phone sent (asking the gate); what it
        did, None if the gate refused; StoreError if the store did."""

    def keep_followed_beside(self, handed: StoredMatch) -> TakenIn | None:
        """Keep the match the followed phone sent as a new copy beside the
        one here, as keep_followed does."""
