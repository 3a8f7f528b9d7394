"""Record (or edit) a round: who went out, the cards each other player held, save."""

from __future__ import annotations

import flet as ft

from companion.engine.match import Match
from companion.ui.frame import format as fmt
from companion.ui.frame.access import refusal_screen, view_only_screen
from companion.ui.frame.not_found_screen import match_not_found
from companion.ui.frame.render_guard import guarded_screen
from companion.ui.frame.round_link import rules_from_round
from companion.ui.frame.shell import icon_button, navigate, rules_action, screen
from companion.ui.frame.state import use_app
from companion.ui.record.round_actions import use_round
from companion.ui.record.round_form import round_form
from companion.ui.record.round_notes import ended_text, round_note
from companion.ui.record.round_parts import who_went_out
from companion.words.typed_numbers import parse_whole_number


def round_asked(match: Match | None, number: str | None) -> int | None:
    """The index of the round the route asks to edit; None for the next round
    (also for a number that names no round of `match`)."""
    typed = parse_whole_number(number) if number else None
    index = typed - 1 if typed is not None else None
    if match is not None and index is not None and not 0 <= index < len(match.rounds):
        return None
    return index


@ft.component
@guarded_screen
def RecordScreen() -> ft.View:
    """Taps in a round; Save stays disabled, with the reason, until it is valid.

    The round is kept for the device as it is entered (round_actions), so Back,
    a reload or a killed browser brings it back exactly, until it is saved or
    started afresh.
    """
    state, t = use_app()
    # A route parameter: the client's to set (forgeable). An unknown match or round
    # shows Not found; saving is the gate's to allow.
    params = ft.use_route_params()
    match_id = params.get("id", "")
    match = state.load_match(match_id)
    index = round_asked(match, params.get("number"))
    actions = use_round(state, match_id, match, index)
    # The keypad sits where the undo snackbar shows: clear it out of the way.
    ft.on_mounted(ft.context.page.pop_dialog)
    base = f"/match/{match_id}"
    # The scoreboard's View key: Flutter keeps the page and only its content
    # changes, so neither the way in nor Save plays a page transition.
    route = base
    if not state.follow.may_change(match_id):
        return view_only_screen(
            state,
            route,
            t.gettext("Record round"),
            base,
            t.gettext("Back to the scoreboard"),
        )
    back = icon_button(
        icon=ft.Icons.ARROW_BACK,
        tooltip=t.gettext("Back to the scoreboard"),
        on_click=lambda: navigate(base),
    )
    if match is None:
        home = icon_button(
            icon=ft.Icons.ARROW_BACK,
            tooltip=t.gettext("Back to matches"),
            on_click=lambda: navigate("/"),
        )
        return match_not_found(state, route, home, nav=0)
    if index is None and match.is_over:
        held = actions.held
        lost = held.lost if held is not None and held.note == "stale" else None
        return refusal_screen(
            state,
            route,
            t.gettext("Record round"),
            (base, t.gettext("Back to the scoreboard")),
            t.gettext("This match is over"),
            ended_text(t, lost),
            ft.Icons.EMOJI_EVENTS_OUTLINED,
        )
    title = (
        t.gettext("Edit round {number}").format(number=index + 1)
        if index is not None
        else fmt.round_title(t, len(match.rounds) + 1)
    )
    held = actions.held
    if held is None:
        # The device is not known yet (a moment after a reload): nothing to
        # tap until its kept round, if any, is found.
        return screen(state, route, title, [], leading=back)
    book = rules_action(
        t, match.game_id, rules_from_round(match.game_id, match_id, index)
    )
    note = round_note(t, held, index, actions.afresh)
    draft = held.entry.draft
    if not draft.out_chosen:
        return screen(
            state,
            route,
            title,
            [note, *who_went_out(t, match, actions.change)],
            actions=[book],
            leading=back,
        )
    body, bottom = round_form(t, match, held, note, actions)
    return screen(
        state,
        route,
        title,
        body,
        actions=[book],
        leading=back,
        bottom=bottom,
        scroll=False,
    )
