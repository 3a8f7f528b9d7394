"""A session's part in handing matches between phones: a link that came, taken
in, and one of two copies of a match let go."""

from __future__ import annotations

from typing import Protocol

from companion.engine.match import Match
from companion.storage import Store, StoredMatch, StoreError
from companion.storage.match_link import match_from_link
from companion.storage.match_merge import TakenIn
from companion.ui.frame.state_access import Seat, SessionAccess


class Handed(Seat, Protocol):
    """A session that offers the match a link handed over until it is
    answered (AppState: its Matches screen shows `handed`)."""

    handed: StoredMatch | StoreError | None


class SessionHandover:
    """The part of AppState that takes a handed-over match in, and keeps one
    of two copies that went different ways.

    Taking one in adds matches and players, as an import does, and keeping one
    copy deletes the other: the host's alone, asked of the gate at the tap.
    """

    def __init__(self, seat: Handed, store: Store, access: SessionAccess) -> None:
        self._seat = seat
        self._store = store
        self._access = access

    def hand_in(self, text: str) -> None:
        """A link (or a scanned code) came ("": none did): read here, once,
        never while a screen is drawn; the Matches screen offers what it holds."""
        if not text:
            self._seat.handed = None
            return
        try:
            self._seat.handed = match_from_link(text)
        except StoreError as error:
            self._seat.handed = error

    def let_go_of_handed(self) -> None:
        """The person answered the link that came: it is offered no more."""
        self._seat.handed = None

    def take_in(self, handed: StoredMatch) -> TakenIn | None:
        """Take in a match handed over from another phone, merged as every
        arriving match is (storage/match_merge.py: added, brought up to date,
        kept beside as a copy, already here, or kept ahead here; nothing else
        changes); what it did, or None after reporting why not (a guest, a name
        that only looks like one here, a failed save). The link that brought it
        is let go of either way."""
        if not self._access.hosting():
            return None
        self._seat.handed = None
        try:
            taken = self._store.merge(handed)
        except StoreError as error:
            self._seat.report(error)
            return None
        self._seat.saved(taken.match_id)
        return taken

    def keep_one_copy(
        self, kept: str, dropped: str, shown: Match
    ) -> StoredMatch | None:
        """Keep `kept` of two copies of a match and delete `dropped`, the other,
        if it is still `shown` (the host's, as deleting a match is); what was
        deleted, for Undo (restore_match), or None after reporting why not."""
        if not self._access.hosting():
            return None
        try:
            stored = self._store.let_copy_go(dropped, kept, shown)
        except StoreError as error:
            self._seat.report(error)
            self._seat.changed()
            return None
        self._seat.saved(dropped)
        return stored
