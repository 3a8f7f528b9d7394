"""The round being entered, kept for its device shortly after each change."""

from __future__ import annotations

import asyncio
import weakref
from dataclasses import dataclass
from typing import Any

from companion.engine.match import Match
from companion.storage import Store
from companion.storage.drafts import draft_slot
from companion.ui.frame.state import AppState
from companion.ui.record.round_draft import RoundDraft

KEEP_AFTER = 0.25
"""Seconds from a change to its write: the taps of a quick burst cost one write
(a file written and fsynced, or an IndexedDB sync), and no more than this much
of a round is lost if the server (or, in the static site, the tab) dies."""

Key = tuple[str, str, int | None]
"""(device, match id, round index: None for the next round)."""


@dataclass(frozen=True)
class Entry:
    """A round being entered, with the state of the match it is entered against:
    its number of rounds and, for an edit, the round as the edit found it."""

    draft: RoundDraft
    rounds: int
    original: dict[str, Any] | None = None

    @classmethod
    def start(cls, match: Match, index: int | None) -> Entry:
        """A fresh entry: an empty next round, or round `index` as recorded."""
        if index is None:
            return cls(RoundDraft.start(match), len(match.rounds))
        draft = RoundDraft.from_round(match, index)
        return cls(draft, len(match.rounds), draft.to_data())

    def stale(self, match: Match, index: int | None) -> bool:
        """Whether the match changed under this entry: the round it records was
        saved (or one deleted) elsewhere, or the round it edits was changed."""
        if self.rounds != len(match.rounds):
            return True
        if index is None:
            return False
        return RoundDraft.from_round(match, index).to_data() != self.original

    def number(self, index: int | None) -> int:
        """The number of the round this entry records or edits."""
        return self.rounds + 1 if index is None else index + 1

    def record(self) -> dict[str, Any]:
        """What is stored for this entry (read back by `kept`)."""
        return {
            "rounds": self.rounds,
            "original": self.original,
            "draft": self.draft.to_data(),
        }


@dataclass(frozen=True)
class Opened:
    """What the record screen finds kept for a round as it opens: the kept
    entry (None: nothing usable), or the number of the round whose entry was
    `lost`: one was kept, but the match changed under it, so it was let go."""

    entry: Entry | None = None
    lost: int | None = None


def kept(record: object, match: Match, index: int | None) -> Opened:
    """The entry a stored record holds for this round of `match`, if still good;
    anything unreadable counts as nothing kept."""
    if not isinstance(record, dict):
        return Opened()
    draft = RoundDraft.from_data(record.get("draft"), match)
    rounds, original = record.get("rounds"), record.get("original")
    if draft is None or type(rounds) is not int:
        return Opened()
    if index is not None and not isinstance(original, dict):
        return Opened()
    entry = Entry(draft, rounds, original if index is not None else None)
    if entry.stale(match, index):
        return Opened(lost=entry.number(index))
    return Opened(entry)


class DraftKeeper:
    """One store's draft writes, coalesced: the newest draft of each round is
    written KEEP_AFTER seconds after the first change that is not yet written,
    through the session that made it (AppState asks the share gate then).

    Reads see a pending draft before the store's, so a reload or another tab of
    the same device finds the newest taps even before they are written.
    """

    def __init__(self, store: Store) -> None:
        self._store = store
        self._pending: dict[Key, tuple[AppState, dict[str, Any] | None]] = {}
        self._scheduled = False

    def read(self, device: str, match_id: str, index: int | None) -> object:
        """The record kept for a round on this device, or None."""
        key = (device, match_id, index)
        if key in self._pending:
            return self._pending[key][1]
        return self._store.draft(device, match_id, draft_slot(index))

    def keep(
        self, state: AppState, match_id: str, index: int | None, entry: Entry
    ) -> None:
        """Keep `entry` for the round on the session's device, written shortly."""
        self._put(state, match_id, index, entry.record())

    def drop(self, state: AppState, match_id: str, index: int | None) -> None:
        """Forget the round's draft on the session's device (saved, or started
        afresh)."""
        self._put(state, match_id, index, None)

    def _put(
        self,
        state: AppState,
        match_id: str,
        index: int | None,
        record: dict[str, Any] | None,
    ) -> None:
        if not state.device:
            return
        self._pending[(state.device, match_id, index)] = (state, record)
        if self._scheduled:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            # No event loop (a test's direct call): write at once.
            self.flush()
            return
        self._scheduled = True
        loop.call_later(KEEP_AFTER, self.flush)

    def flush(self) -> None:
        """Write every pending draft now."""
        self._scheduled = False
        pending, self._pending = self._pending, {}
        for (_device, match_id, index), (state, record) in pending.items():
            if record is None:
                state.drop_draft(match_id, index)
            else:
                state.keep_draft(match_id, index, record)


_KEEPERS: weakref.WeakKeyDictionary[Store, DraftKeeper] = weakref.WeakKeyDictionary()


def keeper_for(store: Store) -> DraftKeeper:
    """The one keeper of `store`'s drafts, shared by all its sessions."""
    keeper = _KEEPERS.get(store)
    if keeper is None:
        keeper = _KEEPERS[store] = DraftKeeper(store)
    return keeper
