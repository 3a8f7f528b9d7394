"""A session's part in handing matches between phones: a link that came, taken in."""

from __future__ import annotations

from collections.abc import Callable

from companion.access.sharing import AccessError
from companion.storage import Store, StoredMatch, StoreError
from companion.storage.match_merge import TakenIn
from companion.ui.frame.state_access import SessionAccess


class SessionHandover(SessionAccess):
    """The part of AppState that takes a handed-over match in.

    Taking one in adds matches and players, as an import does, so it is the
    host's alone, asked of the gate at the tap.
    """

    # AppState, which this part is mixed into, supplies these.
    store: Store
    handed: str
    _saved: Callable[..., None]
    _update: Callable[..., bool]
    report: Callable[[AccessError | StoreError], None]

    def hand_in(self, text: str) -> None:
        """A link (or a scanned code) came: the Matches screen offers it."""
        self.handed = text

    def let_go_of_handed(self) -> None:
        """The person answered the link that came: it is offered no more."""
        self.handed = ""

    def take_in(self, handed: StoredMatch) -> TakenIn | None:
        """Take in a match handed over from another phone, merged as every
        arriving match is (storage/match_merge.py: added, brought up to date,
        kept beside as a copy, already here, or kept ahead here; nothing else
        changes); what it did, or None after reporting why not (a guest, a name
        that only looks like one here, a failed save). The link that brought it
        is let go of either way."""
        if not self._hosting():
            return None
        self.handed = ""
        try:
            taken = self.store.merge(handed)
        except StoreError as error:
            self.report(error)
            return None
        self._saved(taken.match_id)
        return taken

    def set_site_address(self, address: str | None) -> bool:
        """Remember the phone-alone site's address (None: forget it), which
        the served app's hand-over codes open; the host's alone. False after
        reporting why not."""
        if not self._hosting() or not self._update(site_address=address):
            return False
        self.revision += 1
        return True
