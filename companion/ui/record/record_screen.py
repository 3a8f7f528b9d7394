"""Record (or edit) a round: who went out, the cards each other player held, save."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.errors import MatchError
from companion.engine.games import CardSet
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
from companion.ui.frame.state import use_app
from companion.ui.frame.theme import TARGET
from companion.ui.record.keypad import KeypadPanel, hand_chips
from companion.ui.record.places_section import places_section
from companion.ui.record.round_draft import RoundDraft
from companion.words.i18n import Translator
from companion.words.messages import error_message
from companion.words.typed_numbers import parse_whole_number

Update = Callable[[Callable[[RoundDraft], RoundDraft]], None]


def _faces(match: Match) -> tuple[str, ...]:
    """The match's faces in the keypad order of the cards it is played with."""
    return fmt.card_set(match).order(match.game.faces)


def _who_went_out(t: Translator, match: Match, update: Update) -> list[ft.Control]:
    buttons: list[ft.Control] = [
        ft.FilledTonalButton(
            player,
            icon=ft.Icons.FRONT_HAND_OUTLINED,
            height=56,
            expand=True,
            on_click=lambda _, p=player: update(lambda d: d.choose_out(p)),
        )
        for player in match.players
    ]
    if match.game.allows_nobody_out and match.lowest_wins:
        buttons.append(
            ft.OutlinedButton(
                t.gettext("Nobody went out"),
                height=56,
                expand=True,
                on_click=lambda: update(lambda d: d.choose_out(None)),
            )
        )
    return [
        section_title(t.gettext("Who went out?")),
        ft.Column([ft.Row([b]) for b in buttons], spacing=8),
    ]


@ft.component
def PlayerRow(
    t: Translator,
    player: str,
    faces: tuple[str, ...],
    cards: CardSet,
    hand: tuple[tuple[str, int], ...],
    typed: str | None,
    worth: int | None,
    active: bool,
    update: Update,
) -> ft.Control:
    """One player's line: name, the hand's chips (or typed points), its worth.

    Drawn through MemoPlayerRow, so a card tap draws again only the line whose
    hand changed: the others keep their controls, and nothing of theirs is
    compared or sent.
    """
    remove = ft.use_callback(
        lambda face: update(lambda d: d.remove_card(player, face)), [player, update]
    )
    name = ft.TextButton(
        content=ft.Text(player, size=17, weight=ft.FontWeight.W_600, no_wrap=True),
        width=96,
        height=TARGET,
        on_click=lambda: update(lambda d: d.activate(player)),
    )
    if typed is not None:
        middle: ft.Control = ft.TextField(
            label=t.gettext("Points for {name}").format(name=player),
            value=typed,
            keyboard_type=ft.KeyboardType.NUMBER,
            input_filter=ft.NumbersOnlyInputFilter(),
            autofocus=active,
            expand=True,
            # The client's text (forgeable): a str or dropped
            # (serving/client_patches.py); the round draft parses it, the gate refuses a
            # viewer's save.
            on_change=lambda e: update(lambda d: d.set_points(player, e.control.value)),
        )
        switch = icon_button(
            icon=ft.Icons.STYLE_OUTLINED,
            tooltip=t.gettext("Tap cards for {name} instead").format(name=player),
            on_click=lambda: update(lambda d: d.use_cards(player)),
        )
    else:
        middle = ft.Container(
            expand=True,
            content=hand_chips(
                t,
                player,
                faces,
                cards,
                dict(hand),
                remove,
            ),
        )
        switch = icon_button(
            icon=ft.Icons.DIALPAD,
            tooltip=t.gettext("Enter points for {name} instead").format(name=player),
            on_click=lambda: update(lambda d: d.use_points(player)),
        )
    points = ft.Text(
        t.number(worth) if worth is not None else "",
        size=18,
        weight=ft.FontWeight.BOLD,
        width=40,
        text_align=ft.TextAlign.END,
    )
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=4, vertical=4),
        border=ft.Border.all(
            2, ft.Colors.PRIMARY if active else ft.Colors.OUTLINE_VARIANT
        ),
        border_radius=12,
        bgcolor=ft.Colors.SECONDARY_CONTAINER if active else None,
        content=ft.Row([name, middle, points, switch], spacing=4),
    )


MemoPlayerRow = ft.memo(PlayerRow)


def _keypad_area(
    t: Translator, match: Match, draft: RoundDraft, update: Update
) -> ft.Control | None:
    player = draft.active
    if player is None or player in draft.typed:
        return None
    following = draft.next_player
    return KeypadPanel(
        t,
        player,
        following,
        _faces(match),
        fmt.card_set(match),
        match.settings.values,
        on_add=lambda face: update(lambda d: d.add_card(player, face)),
        on_next=lambda: update(lambda d: d.activate(following)),
    )


def _summary(
    t: Translator, match: Match, draft: RoundDraft, index: int | None
) -> tuple[ft.Control, str | None]:
    problem = draft.check(match, index)
    rows: list[ft.Control] = []
    if problem is None:
        after = draft.apply(match, index)
        position = len(after.rounds) - 1 if index is None else index
        points_by = after.round_points()[position]
        for player in match.players:
            rows.append(
                ft.Row(
                    [
                        ft.Text(player, expand=True, size=16),
                        ft.Text(
                            fmt.signed(t, points_by[player]),
                            size=16,
                            weight=ft.FontWeight.W_600,
                        ),
                    ]
                )
            )
    cards = fmt.card_set(match)
    reason = None if problem is None else error_message(t, problem, cards)
    return ft.Column(rows, spacing=4), reason


@ft.component
@guarded_screen
def RecordScreen() -> ft.View:
    """Taps in a round; Save stays disabled, with the reason, until it is valid."""
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
    draft, set_draft = ft.use_state(
        lambda: (
            RoundDraft.from_round(match, index)
            if match is not None and index is not None
            else RoundDraft(players=match.players if match else ())
        )
    )
    # An updater, so that quick taps each apply to the newest draft; one
    # function for good, so that the memoized rows see the same props.
    update: Update = ft.use_callback(lambda change: set_draft(change), [])
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

    def save() -> None:
        def commit(current: RoundDraft) -> RoundDraft:
            try:
                after = current.apply(match, index)
            except MatchError as error:
                state.report(error)
                return current
            # No redraw here: the scoreboard, next, shows the saved round.
            if state.save_match(match_id, after, base=match, rerender=False):
                navigate(base)
                number_saved = len(after.rounds) if index is None else index + 1
                show_undo(
                    state,
                    match_id,
                    match,
                    after,
                    t.gettext("Round {number} saved.").format(number=number_saved),
                )
            return current

        # An updater: it sees the newest draft even when the tap on Save arrives
        # before the screen re-rendered with the last keystroke.
        set_draft(commit)

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
    if not draft.out_chosen:
        return screen(
            state,
            route,
            title,
            _who_went_out(t, match, update),
            actions=[rules_action(t, match.game_id)],
            leading=back,
        )
    summary, reason = _summary(t, match, draft, index)
    out_line = ft.Row(
        [
            ft.Text(
                t.gettext("{name} went out").format(name=draft.went_out)
                if draft.went_out
                else t.gettext("Nobody went out"),
                size=16,
                expand=True,
            ),
            ft.TextButton(
                t.gettext("Change who went out"),
                height=TARGET,
                on_click=lambda: update(lambda d: d.reopen_out()),
            ),
        ]
    )
    playing_on = places_section(t, match, draft, update)
    faces, cards = _faces(match), fmt.card_set(match)
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
                update,
            )
            for player in draft.losers
        ]
    )
    save_button = ft.FilledButton(
        t.gettext("Save round"),
        icon=ft.Icons.CHECK,
        height=56,
        disabled=reason is not None,
        on_click=save,
    )
    footer = ft.Column(
        [section_title(t.gettext("This round")), summary] if reason is None else [],
        spacing=8,
    )
    bottom = action_bar(
        reason,
        save_button,
    )
    entries = ft.Column(
        [out_line, *playing_on, *rows, footer],
        spacing=8,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )
    return screen(
        state,
        route,
        title,
        [entries, _keypad_area(t, match, draft, update)],
        actions=[rules_action(t, match.game_id)],
        leading=back,
        bottom=bottom,
        scroll=False,
    )
