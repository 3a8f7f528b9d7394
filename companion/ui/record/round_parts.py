"""The record screen's parts: who went out, each player's line, keypad, summary."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.errors import MatchError
from companion.engine.games import CardSet
from companion.engine.match import Match
from companion.ui.frame import format as fmt
from companion.ui.frame.shell import icon_button, section_title
from companion.ui.frame.theme import TARGET
from companion.ui.record.keypad import KeypadPanel, hand_chips
from companion.ui.record.round_draft import RoundDraft
from companion.words.i18n import Translator

Update = Callable[[Callable[[RoundDraft], RoundDraft]], None]


def faces_of(match: Match) -> tuple[str, ...]:
    """The match's faces in the keypad order of the cards it is played with."""
    return fmt.card_set(match).order(match.game.faces)


def who_went_out(t: Translator, match: Match, update: Update) -> list[ft.Control]:
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
    focus: bool,
    following: str | None,
    update: Update,
    save: Callable[[], None],
) -> ft.Control:
    """One player's line: name, the hand's chips (or typed points), its worth.

    Typed points lead on: the keyboard's action moves to `following` (the next
    player), or saves the round after the last one. The active player's field
    takes the focus only with `focus` (round_entry.Held.focus).

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
            autofocus=active and focus,
            expand=True,
            # The client's text (forgeable): a str or dropped
            # (serving/client_patches.py); the round draft parses it, the gate
            # refuses a viewer's save.
            on_change=lambda e: update(lambda d: d.set_points(player, e.control.value)),
            on_submit=lambda: (
                update(lambda d: d.activate(following)) if following else save()
            ),
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


def keypad_area(
    t: Translator, match: Match, draft: RoundDraft, update: Update
) -> ft.Control | None:
    player = draft.active
    following = draft.next_player
    if player is None:
        return None
    if player in draft.typed:
        if following is None:
            return None
        # Typed points lead on to the next player as the keypad does.
        return ft.Row(
            [
                ft.FilledTonalButton(
                    t.gettext("Next: {name}").format(name=following),
                    icon=ft.Icons.ARROW_DOWNWARD,
                    height=TARGET,
                    on_click=lambda: update(lambda d: d.activate(following)),
                )
            ],
            alignment=ft.MainAxisAlignment.END,
        )
    return KeypadPanel(
        t,
        player,
        following,
        faces_of(match),
        fmt.card_set(match),
        match.settings.values,
        on_add=lambda face: update(lambda d: d.add_card(player, face)),
        on_next=lambda: update(lambda d: d.activate(following)),
    )


def summary_of(
    t: Translator, match: Match, draft: RoundDraft, index: int | None
) -> tuple[ft.Control, MatchError | None]:
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
    return ft.Column(rows, spacing=4), problem


def out_line(t: Translator, draft: RoundDraft, update: Update) -> ft.Control:
    """Who went out, and the way back to choosing again.

    A wrapping row: where both do not fit on one line (Spanish's long "Cambiar
    quién se quedó sin cartas"), the button goes under the name, whole.
    """
    return ft.Row(
        [
            ft.Text(
                t.gettext("{name} went out").format(name=draft.went_out)
                if draft.went_out
                else t.gettext("Nobody went out"),
                size=16,
            ),
            ft.TextButton(
                t.gettext("Change who went out"),
                height=TARGET,
                on_click=lambda: update(lambda d: d.reopen_out()),
            ),
        ],
        wrap=True,
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        run_spacing=0,
    )
