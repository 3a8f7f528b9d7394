"""A session's part in handing matches between phones: a link that came, taken
in, and one of two copies of a match let go."""

from __future__ import annotations

from collections.abc import Callable

from companion.access.sharing import AccessError
from companion.engine.match import Match
from companion.storage import Store, StoredMatch, StoreError
from companion.storage.match_link import match_from_link
from companion.storage.match_merge import TakenIn
from companion.ui.frame.state_access import SessionAccess


class SessionHandover(SessionAccess):
    """The part of AppState that takes a handed-over match in, and keeps one
    of two copies that went different ways.

    Taking one in adds matches and players, as an import does, and keeping one
    copy deletes the other: the host's alone, asked of the gate at the tap.
    """

    # AppState, which this part is mixed into, supplies these.
    store: Store
    handed: StoredMatch | StoreError | None
    revision: int
    _saved: Callable[..., None]
    _update: Callable[..., bool]
    report: Callable[[AccessError | StoreError], None]

    def hand_in(self, text: str) -> None:
        """A link (or a scanned code) came ("": none did): read here, once,
        never while a screen is drawn; the Matches screen offers what it holds."""
        if not text:
            self.handed = None
            return
        try:
            self.handed = match_from_link(text)
        except StoreError as error:
            self.handed = error

    def let_go_of_handed(self) -> None:
        """The person answered the link that came: it is offered no more."""
        self.handed = None

    def take_in(self, handed: StoredMatch) -> TakenIn | None:
        """Take in a match handed over from another phone, merged as every
        arriving match is (storage/match_merge.py: added, brought up to date,
        kept beside as a copy, already here, or kept ahead here; nothing else
        changes); what it did, or None after reporting why not (a guest, a name
        that only looks like one here, a failed save). The link that brought it
        is let go of either way."""
        if not self._hosting():
            return None
        self.handed = None
        try:
            taken = self.store.merge(handed)
        except StoreError as error:
            self.report(error)
            return None
        self._saved(taken.match_id)
        return taken

    def keep_one_copy(
        self, kept: str, dropped: str, shown: Match
    ) -> StoredMatch | None:
        """Keep `kept` of two copies of a match and delete `dropped`, the other,
        if it is still `shown` (the host's, as deleting a match is); what was
        deleted, for Undo (restore_match), or None after reporting why not."""
        if not self._hosting():
            return None
        try:
            stored = self.store.let_copy_go(dropped, kept, shown)
        except StoreError as error:
            self.report(error)
            self.revision += 1
            return None
        self._saved(dropped)
        return stored

    def set_site_address(self, address: str | None) -> bool:
        """Remember the phone-alone site's address (None: forget it), which
        the served app's hand-over codes open; the host's alone. False after
        reporting why not."""
        if not self._hosting() or not self._update(site_address=address):
            return False
        self.revision += 1
        return True
