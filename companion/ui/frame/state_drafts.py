"""A session's rounds being entered, kept for its device: read, kept, dropped."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from companion.storage import Store, StoreError
from companion.storage.drafts import draft_slot, slot_index
from companion.ui.frame.state_access import Seat, SessionAccess

LOG = logging.getLogger(__name__)


@dataclass(frozen=True)
class HalfEntered:
    """A round a device keeps half-entered in a match: its number, and whether
    it is an edit of a round recorded (else the match's next round)."""

    number: int
    edit: bool


class SessionDrafts:
    """The part of AppState that keeps this device's rounds being entered.

    A kept round is the device's own and no round of the match: another device
    never sees it. Each write asks the share gate as it is made (a phone whose
    recording was taken away keeps nothing more); one that cannot be written
    is logged, not shown: the round stays on the screen, and the person is told
    only when a round itself cannot be saved.
    """

    def __init__(self, seat: Seat, store: Store, access: SessionAccess) -> None:
        self._seat = seat
        self._store = store
        self._access = access

    def kept_draft(self, match_id: str, index: int | None) -> object:
        """What this device keeps of a round being entered (`index`: the round
        edited, None for the next), or None."""
        if not self._seat.device:
            return None
        try:
            return self._store.draft(self._seat.device, match_id, draft_slot(index))
        except StoreError:
            return None

    def half_entered(self) -> dict[str, HalfEntered]:
        """The round this device keeps half-entered in each match: the next
        round's if it keeps one, else the first round it keeps an edit of."""
        try:
            kept = self._store.drafts(self._seat.device) if self._seat.device else {}
        except StoreError:
            return {}
        found: dict[str, HalfEntered] = {}
        for match_id, slots in kept.items():
            # A next round's record holds the rounds its match had when it was
            # begun (record/round_entry.py, Entry.record).
            rounds = slots.get("next", {}).get("rounds")
            if type(rounds) is int:
                found[match_id] = HalfEntered(rounds + 1, edit=False)
                continue
            edits = sorted(i for s in slots if (i := slot_index(s)) is not None)
            if edits:
                found[match_id] = HalfEntered(edits[0] + 1, edit=True)
        return found

    def keep_draft(
        self, match_id: str, index: int | None, record: dict[str, Any]
    ) -> bool:
        """Keep `record` as this device's round being entered; False if refused."""
        if not self._seat.device or not self._access.allowed():
            return False
        try:
            return self._store.keep_draft(
                self._seat.device, match_id, draft_slot(index), record
            )
        except StoreError as error:
            LOG.warning("a round being entered was not kept: %s", error)
            return False

    def drop_draft(self, match_id: str, index: int | None) -> bool:
        """Forget this device's round being entered (saved, started afresh, or
        let go); False if refused."""
        if not self._seat.device or not self._access.allowed():
            return False
        try:
            self._store.drop_draft(self._seat.device, match_id, draft_slot(index))
        except StoreError as error:
            LOG.warning("a round being entered was not forgotten: %s", error)
            return False
        return True
