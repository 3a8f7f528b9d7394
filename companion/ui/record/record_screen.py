"""Record (or edit) a round: who went out, the cards each other player held, save."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import flet as ft

from companion.engine.errors import MatchError
from companion.engine.match import Match
from companion.ui.frame import format as fmt
from companion.ui.frame.access import view_only_screen
from companion.ui.frame.render_guard import guarded_screen
from companion.ui.frame.saved_notice import show_undo
from companion.ui.frame.shell import (
    action_bar,
    icon_button,
    navigate,
    rules_action,
    screen,
    section_title,
)
from companion.ui.frame.state import AppState, use_app
from companion.ui.frame.theme import TARGET
from companion.ui.record.draft_keeper import Entry, keeper_for, kept
from companion.ui.record.places_section import places_section
from companion.ui.record.round_draft import RoundDraft
from companion.ui.record.round_parts import (
    MemoPlayerRow,
    Update,
    faces_of,
    keypad_area,
    out_line,
    summary_of,
    who_went_out,
)
from companion.words.i18n import Translator
from companion.words.messages import error_message
from companion.words.typed_numbers import parse_whole_number


@dataclass(frozen=True)
class Held:
    """The round on the screen: for which device, match and round, and the line
    shown above it ("kept" when it came back, "stale" when the match changed
    under the one left here)."""

    key: tuple[str, str, int | None]
    entry: Entry
    note: str | None = None
    lost: int = 0
    """With the "stale" note: the number of the round whose entry was let go."""


def _open(state: AppState, match: Match, key: tuple[str, str, int | None]) -> Held:
    """The round as the device left it (if kept and still good), or a fresh one."""
    device, match_id, index = key
    keeper = keeper_for(state.store)
    opened = kept(keeper.read(device, match_id, index), match, index)
    if opened.entry is not None:
        return Held(key, opened.entry, "kept")
    fresh = Entry.start(match, index)
    if opened.lost is None:
        return Held(key, fresh)
    keeper.drop(state, match_id, index)
    return Held(key, fresh, "stale", opened.lost)


def _note(
    t: Translator, held: Held, index: int | None, afresh: Callable[[], None]
) -> ft.Control | None:
    """The one line above a round that came back (with Start afresh), or that was
    let go because the match changed under it; None otherwise."""
    if held.note == "kept":
        return ft.Row(
            [
                ft.Icon(ft.Icons.RESTORE, color=ft.Colors.PRIMARY),
                ft.Text(
                    t.gettext("The round was kept as you left it."),
                    expand=True,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                ),
                ft.TextButton(
                    t.gettext("Start afresh"), height=TARGET, on_click=afresh
                ),
            ]
        )
    if held.note == "stale":
        text = (
            t.gettext("Round {number} was changed meanwhile, so your edit was let go.")
            if index is not None
            else t.gettext(
                "Round {number} was saved meanwhile, so what was entered for it "
                "here was let go."
            )
        )
        return ft.Text(
            text.format(number=held.lost), color=ft.Colors.ON_SURFACE_VARIANT
        )
    return None


INCOMPLETE = {"empty-hand", "missing-hand", "missing-points", "places-leave-one"}
"""Problems that only say something is not entered yet: a hint, not an error."""


@ft.component
@guarded_screen
def RecordScreen() -> ft.View:
    """Taps in a round; Save stays disabled, with the reason, until it is valid.

    The round is kept for the device as it is entered (draft_keeper), so Back,
    a reload or a killed browser brings it back exactly, until it is saved or
    started afresh.
    """
    state, t = use_app()
    # A route parameter: the client's to set (forgeable). An unknown match or round
    # shows Not found; saving is the gate's to allow.
    params = ft.use_route_params()
    match_id = params.get("id", "")
    number = params.get("number")
    match = state.load_match(match_id)
    typed = parse_whole_number(number) if number else None
    index = typed - 1 if typed is not None else None
    if match is not None and index is not None and not 0 <= index < len(match.rounds):
        index = None
    # The round lives in a ref, so that quick taps each apply to the newest
    # one; a version number in state draws the screen again after each change.
    holder = ft.use_ref(None)
    _version, set_version = ft.use_state(0)
    keeper = keeper_for(state.store)
    key = (state.device, match_id, index)
    if state.device and match is not None and state.can_change:
        current = holder.current
        if current is None or current.key != key:
            holder.current = _open(state, match, key)
        elif current.entry.stale(match, index):
            # Another phone saved this round (or changed it) while it was
            # being entered here: keeping it would record the round twice.
            keeper.drop(state, match_id, index)
            lost = current.entry.number(index)
            holder.current = Held(key, Entry.start(match, index), "stale", lost)

    def change_draft(change: Callable[[RoundDraft], RoundDraft]) -> None:
        held = holder.current
        if held is None or not state.can_change:
            return
        draft = change(held.entry.draft)
        if draft == held.entry.draft:
            return
        entry = replace(held.entry, draft=draft)
        holder.current = Held(held.key, entry)
        keeper_for(state.store).keep(state, *held.key[1:], entry)
        set_version(lambda v: v + 1)

    # One function for good, so that the memoized rows see the same props.
    update: Update = ft.use_callback(change_draft, [])
    # The keypad sits where the undo snackbar shows: clear it out of the way.
    ft.on_mounted(ft.context.page.pop_dialog)
    base = f"/match/{match_id}"
    # The scoreboard's View key: Flutter keeps the page and only its content
    # changes, so neither the way in nor Save plays a page transition.
    route = base
    if not state.can_change:
        return view_only_screen(
            state,
            route,
            t.gettext("Record round"),
            base,
            t.gettext("Back to the scoreboard"),
        )
    if match is None or (index is None and match.is_over):
        return screen(
            state,
            route,
            t.gettext("Record round"),
            [ft.Text(t.gettext("There is no round to record here."))],
        )
    back = icon_button(
        icon=ft.Icons.ARROW_BACK,
        tooltip=t.gettext("Back to the scoreboard"),
        on_click=lambda: navigate(base),
    )
    title = (
        t.gettext("Edit round {number}").format(number=index + 1)
        if index is not None
        else fmt.round_title(t, len(match.rounds) + 1)
    )
    held = holder.current
    if held is None or held.key != key:
        # The device is not known yet (a moment after a reload): nothing to
        # tap until its kept round, if any, is found.
        return screen(state, route, title, [], leading=back)

    def save() -> None:
        current = holder.current
        if current is None:
            return
        try:
            after = current.entry.draft.apply(match, index)
        except MatchError as error:
            state.report(error)
            return
        # No redraw here: the scoreboard, next, shows the saved round.
        if state.save_match(match_id, after, base=match, rerender=False):
            keeper_for(state.store).drop(state, *current.key[1:])
            navigate(base)
            number_saved = len(after.rounds) if index is None else index + 1
            saved = (
                t.gettext("Round {number} saved.")
                if index is None
                else t.gettext("Round {number} updated.")
            )
            show_undo(state, match_id, match, after, saved.format(number=number_saved))

    def afresh() -> None:
        keeper_for(state.store).drop(state, match_id, index)
        holder.current = Held(key, Entry.start(match, index))
        set_version(lambda v: v + 1)

    draft = held.entry.draft
    note = _note(t, held, index, afresh)
    if not draft.out_chosen:
        return screen(
            state,
            route,
            title,
            [note, *who_went_out(t, match, update)],
            actions=[rules_action(t, match.game_id)],
            leading=back,
        )
    summary, problem = summary_of(t, match, draft, index)
    playing_on = places_section(t, match, draft, update)
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
                draft.next_player if draft.active == player else None,
                update,
                save,
            )
            for player in draft.losers
        ]
    )
    reason = None if problem is None else error_message(t, _as_hint(problem), cards)
    save_button = ft.FilledButton(
        t.gettext("Save round"),
        icon=ft.Icons.CHECK,
        height=56,
        disabled=problem is not None,
        on_click=save,
    )
    footer = ft.Column(
        [section_title(t.gettext("This round")), summary] if problem is None else [],
        spacing=8,
    )
    hint = problem is not None and problem.code in INCOMPLETE
    bottom = action_bar(reason, save_button, hint=hint)
    entries = ft.Column(
        [c for c in (note, out_line(t, draft, update)) if c]
        + [*playing_on, *rows, footer],
        spacing=8,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )
    return screen(
        state,
        route,
        title,
        [entries, keypad_area(t, match, draft, update)],
        actions=[rules_action(t, match.game_id)],
        leading=back,
        bottom=bottom,
        scroll=False,
    )


def _as_hint(problem: MatchError) -> MatchError:
    """An empty hand, before anything is wrong, reads as what to do next."""
    if problem.code == "empty-hand":
        return MatchError("missing-hand", player=problem.params["player"])
    return problem
