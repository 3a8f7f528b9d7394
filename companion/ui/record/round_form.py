"""The round being entered, drawn: who went out, each holder's line, the keypad,
the round's summary and Save."""

from __future__ import annotations

import flet as ft

from companion.engine.errors import MatchError
from companion.engine.match import Match
from companion.ui.frame import format as fmt
from companion.ui.frame.shell import action_bar, section_title
from companion.ui.record.places_section import places_section
from companion.ui.record.round_actions import RoundActions
from companion.ui.record.round_entry import Held
from companion.ui.record.round_parts import (
    MemoPlayerRow,
    faces_of,
    keypad_area,
    out_line,
    summary_of,
)
from companion.words.i18n import Translator
from companion.words.messages import error_message

INCOMPLETE = {"empty-hand", "missing-hand", "missing-points", "places-leave-one"}
"""Problems that only say something is not entered yet: a hint, not an error."""


def round_form(
    t: Translator,
    match: Match,
    held: Held,
    note: ft.Control | None,
    actions: RoundActions,
) -> tuple[list[ft.Control | None], ft.Control]:
    """The screen's body (the round's lines over the keypad) and its bottom bar:
    Save, disabled with the reason until the round can be saved."""
    update = actions.change
    draft, index = held.entry.draft, held.key[2]
    summary, problem = summary_of(t, match, draft, index)
    faces, cards = faces_of(match), fmt.card_set(match)
    rows = (
        []
        if draft.placing
        else [
            MemoPlayerRow(
                t,
                player,
                faces,
                cards,
                tuple(draft.hand(player).items()),
                draft.typed.get(player),
                draft.hand_points(match, player),
                draft.active == player,
                draft.active == player and held.focus,
                draft.next_player if draft.active == player else None,
                update,
                actions.save,
            )
            for player in draft.losers
        ]
    )
    footer = ft.Column(
        [section_title(t.gettext("This round")), summary] if problem is None else [],
        spacing=8,
    )
    entries = ft.Column(
        [c for c in (note, out_line(t, draft, update)) if c]
        + [*places_section(t, match, draft, update), *rows, footer],
        spacing=8,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )
    reason = None if problem is None else error_message(t, _as_hint(problem), cards)
    save_button = ft.FilledButton(
        t.gettext("Save round"),
        icon=ft.Icons.CHECK,
        height=56,
        disabled=problem is not None,
        on_click=actions.save,
    )
    hint = problem is not None and problem.code in INCOMPLETE
    bottom = action_bar(reason, save_button, hint=hint)
    return [entries, keypad_area(t, match, draft, update)], bottom


def _as_hint(problem: MatchError) -> MatchError:
    """An empty hand, before anything is wrong, reads as what to do next."""
    if problem.code == "empty-hand":
        return MatchError("missing-hand", player=problem.params["player"])
    return problem
