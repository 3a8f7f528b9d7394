"""The record screen's handlers: a tap changes the round on the screen, which is then
kept for the device; Save; Start afresh, with Undo."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace

import flet as ft

from companion.engine.errors import MatchError
from companion.engine.match import Match
from companion.ui.frame.saved_notice import show_undo, snack
from companion.ui.frame.shell import navigate
from companion.ui.frame.state import AppState
from companion.ui.record.round_draft import RoundDraft
from companion.ui.record.round_entry import Entry, Held, held_now


class RoundActions:
    """The round on one record screen and what its controls call.

    One for the screen's life (`use_round`): the memoized player lines are given
    the same bound methods on every draw, so a card tap draws only the line it
    changed; each reads the round and the match as the newest draw left them.
    Every write goes through AppState, which asks the share gate as it writes.
    """

    def __init__(self, state: AppState, redraw: Callable[[], None]) -> None:
        self.state = state
        self._redraw = redraw
        self.held: Held | None = None
        self.match: Match | None = None
        self._keeping: asyncio.Task[None] | None = None
        self._undo_shown = False

    def draw(self, match_id: str, match: Match | None, index: int | None) -> None:
        """Take the match as this draw reads it; the round to show follows it."""
        self.match = match
        state = self.state
        if not (
            state.device and match is not None and state.follow.may_change(match_id)
        ):
            self.held = None
            return
        self.held = held_now(
            self.held,
            (state.device, match_id, index),
            match,
            state.visits,
            lambda: state.drafts.kept_draft(match_id, index),
        )

    def change(self, change: Callable[[RoundDraft], RoundDraft]) -> None:
        """Apply one tap's change to the newest round (quick taps each see the
        one before), draw it, and keep it for the device."""
        held = self.held
        if held is None or not self.state.can_change:
            return
        draft = change(held.entry.draft)
        if draft == held.entry.draft:
            return
        self.held = held.changed_to(draft)
        self._withdraw_undo()
        self._redraw()
        self._keep_soon()

    def _keep_soon(self) -> None:
        """Keep the round once this tap's answer has gone to the screen: a write
        (a file fsynced, ~12 ms here) must not hold the card back (bench/taps.py).
        Taps that come while one is waiting are kept by the same write."""
        if self._keeping is None or self._keeping.done():
            self._keeping = asyncio.get_running_loop().create_task(self._keep())

    async def _keep(self) -> None:
        # The screen's update goes out in Flet's own tasks, woken by the redraw
        # before this task was made: its scheduler draws and queues the update,
        # which wakes the send loop; one turn of the loop here lets that loop
        # send it first.
        await asyncio.sleep(0)
        held = self.held
        if held is not None and held.changed:
            _, match_id, index = held.key
            self.state.drafts.keep_draft(match_id, index, held.entry.record())

    def let_go(self) -> None:
        """Drop what was kept of a round the match changed under (an effect: it
        is found while drawing, and nothing is written while drawing)."""
        held = self.held
        if held is not None and held.let_go:
            _, match_id, index = held.key
            self.state.drafts.drop_draft(match_id, index)

    def save(self) -> None:
        """Record the round (or the edit); on to the scoreboard, with Undo."""
        held, match = self.held, self.match
        if held is None or match is None:
            return
        _, match_id, index = held.key
        try:
            after = held.entry.draft.apply(match, index)
        except MatchError as error:
            self.state.report(error)
            return
        base = f"/match/{match_id}"
        # No redraw here: the scoreboard, next, shows the saved round.
        if not self.state.writes.save_match(
            match_id, after, base=match, rerender=False
        ):
            return
        # Saved: a keep still waiting has nothing left to keep.
        self.held = None
        self.state.drafts.drop_draft(match_id, index)
        navigate(base)
        t = self.state.t
        saved = (
            t.gettext("Round {number} saved.")
            if index is None
            else t.gettext("Round {number} updated.")
        )
        number = len(after.rounds) if index is None else index + 1
        show_undo(self.state, match_id, match, after, saved.format(number=number))

    def afresh(self) -> None:
        """Throw the kept round away and start it again, with Undo."""
        held, match = self.held, self.match
        if held is None or match is None:
            return
        _, match_id, index = held.key
        if not self.state.drafts.drop_draft(match_id, index):
            return
        self.held = Held(held.key, Entry.start(match, index), visit=held.visit)
        self._redraw()
        t = self.state.t
        text = t.gettext("Round {number} started afresh.")
        self._undo_shown = True
        snack(t, text.format(number=held.entry.number(index)), lambda: self._undo(held))

    def _undo(self, before: Held) -> None:
        """The round as it was before Start afresh, kept again."""
        # The button sits in the line's content, which Flutter does not close.
        self._withdraw_undo()
        current = self.held
        if current is None or current.key != before.key or current.changed:
            return
        self.held = replace(before, changed=True, visit=current.visit)
        self._redraw()
        self._keep_soon()

    def _withdraw_undo(self) -> None:
        """A tap on the round started afresh: its Undo would now throw that
        away, so it goes (and the keypad, where it showed, is clear)."""
        if self._undo_shown:
            self._undo_shown = False
            ft.context.page.pop_dialog()


def use_round(
    state: AppState, match_id: str, match: Match | None, index: int | None
) -> RoundActions:
    """The record screen's round and handlers (a hook: call it on every draw)."""
    _version, set_version = ft.use_state(0)
    # Typed here: mypy cannot solve use_state's `T | Callable[[], T]` for a lambda.
    kept: tuple[RoundActions, object] = ft.use_state(
        lambda: RoundActions(state, lambda: set_version(lambda v: v + 1))
    )
    actions = kept[0]
    actions.draw(match_id, match, index)
    ft.use_effect(actions.let_go, dependencies=[actions.held])
    return actions
