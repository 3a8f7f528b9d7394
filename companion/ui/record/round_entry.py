"""The round on the record screen: its draft against the match, kept or not."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from companion.engine.match import Match
from companion.ui.record.round_draft import RoundDraft

Key = tuple[str, str, int | None]
"""(device, match id, round index): None for the next round, else the round edited."""


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
        """What is kept for this entry (read back by `kept`)."""
        return {
            "rounds": self.rounds,
            "original": self.original,
            "draft": self.draft.to_data(),
        }


@dataclass(frozen=True)
class Opened:
    """What the record screen finds kept for a round as it opens: the kept
    entry (None: nothing usable), or the number of the round whose entry was
    `lost`: one was kept, but the match changed under it, so it is let go."""

    entry: Entry | None = None
    lost: int | None = None


def kept(record: object, match: Match, index: int | None) -> Opened:
    """The entry a kept record holds for this round of `match`, if still good;
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


@dataclass(frozen=True)
class Held:
    """The round on the screen: for which device, match and round; the line
    shown above it ("kept" when it came back, "stale" when the one left here
    was let go because the match changed under it); whether it changed here
    since it was opened (then it is to be kept); and the session's `visit` it
    was shown in (a reload keeps the session: AppState.visits)."""

    key: Key
    entry: Entry
    note: str | None = None
    lost: int = 0
    """With the "stale" note: the number of the round whose entry was let go."""
    changed: bool = False
    visit: int = 0
    focus: bool = False
    """Whether the points field of the player at hand takes the focus as it is
    drawn: only when the last tap moved to it (the next tap, a digit typed
    included, clears it). A round that comes back takes none, nor one drawn
    again after a reload (the session's controls as they last were): the
    keyboard would pop up unasked, and a field focused before Flutter's
    accessibility tree is on keeps its text outside the tree, where a screen
    reader finds the field empty (test_kept_drafts saw that after a reload)."""

    def changed_to(self, draft: RoundDraft) -> Held:
        """This round with `draft` entered: no line above it any more."""
        before = self.entry.draft
        moved = (
            draft.active != before.active or draft.typed.keys() != before.typed.keys()
        )
        entry = replace(self.entry, draft=draft)
        focus = moved and draft.active in draft.typed
        return Held(self.key, entry, changed=True, visit=self.visit, focus=focus)

    @property
    def let_go(self) -> bool:
        """Whether what was kept for this round is to be dropped: the match
        changed under it (a tap since has taken the line away)."""
        return self.note == "stale"


def held_now(
    current: Held | None,
    key: Key,
    match: Match,
    visit: int,
    read_kept: Callable[[], object],
) -> Held:
    """The round to show now, from the one shown so far (None: none yet).

    A new round (another match, round or device) opens as its device left it,
    if what it kept is still good. One the match changed under (another phone
    saved or changed that round) is let go rather than recorded twice. After
    the browser came back (a reload), one that holds anything says it was
    kept, as it does when the screen is opened again. Reads only: what is let
    go is dropped after the screen is drawn (round_actions).
    """
    index = key[2]
    if current is None or current.key != key:
        opened = kept(read_kept(), match, index)
        if opened.entry is not None:
            return Held(key, opened.entry, "kept", visit=visit)
        fresh = Entry.start(match, index)
        if opened.lost is None:
            return Held(key, fresh, visit=visit)
        return Held(key, fresh, "stale", opened.lost, visit=visit)
    if current.entry.stale(match, index):
        lost = current.entry.number(index)
        return Held(key, Entry.start(match, index), "stale", lost, visit=visit)
    if current.visit != visit:
        entered = current.entry != Entry.start(match, index)
        note = "kept" if entered and current.note != "stale" else current.note
        return replace(current, note=note, visit=visit, focus=False)
    return current
