"""New match's players: the name field, who is seated right under it, who else."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.errors import MatchError
from companion.ui.frame.shell import icon_button
from companion.ui.frame.state import AppState
from companion.ui.frame.theme import TARGET
from companion.ui.new_match.match_draft import DraftUpdate, MatchDraft
from companion.words.i18n import Translator
from companion.words.messages import error_message

NameState = tuple[str, Callable[..., None], str | None, Callable[[str | None], None]]
"""The name being typed and its setter, the message under it and its setter."""


def _name_field(
    t: Translator, update: DraftUpdate, typing: NameState, roster: list[str]
) -> ft.Control:
    """The name field and its Add; a name is held to the rules and the `roster`."""
    name, set_name, name_error, set_name_error = typing

    def add(_: object = None) -> None:
        # Updaters see the newest name and draft even when this tap arrives
        # before the screen re-rendered with the last keystroke.
        def take(typed: str) -> str:
            refused: list[MatchError] = []

            def seat(current: MatchDraft) -> MatchDraft:
                try:
                    return current.add_player(typed, roster)
                except MatchError as error:
                    refused.append(error)
                    return current

            update(seat)
            set_name_error(error_message(t, refused[0]) if refused else None)
            return typed if refused else ""

        set_name(take)

    async def submit(event: ft.Event[ft.TextField]) -> None:
        add()
        # Enter would close a phone's keyboard: it stays up for the next name.
        await event.control.focus()

    def typed(text: str) -> None:
        # The message was about the name as it was: an Add that is refused
        # again (an empty field after spaces) shows it anew, never "nothing".
        set_name(text)
        set_name_error(None)

    return ft.Row(
        [
            ft.TextField(
                label=t.gettext("New player's name"),
                value=name,
                expand=True,
                error=name_error,
                # A refused name says why in a sentence: let it show whole.
                error_max_lines=3,
                # The client's text (forgeable): a str or dropped
                # (serving/client_patches.py); held to the name rules when added.
                on_change=lambda e: typed(e.control.value),
                on_submit=submit,
            ),
            icon_button(
                icon=ft.Icons.PERSON_ADD, tooltip=t.gettext("Add player"), on_click=add
            ),
        ]
    )


def _dealer_mark(t: Translator) -> ft.Control:
    """What the filled star means, in words beside it."""
    return ft.Row(
        [
            ft.Icon(ft.Icons.STAR, size=14, color=ft.Colors.PRIMARY),
            ft.Text(t.gettext("Deals first"), size=13, color=ft.Colors.PRIMARY),
        ],
        spacing=4,
    )


def _seat_row(
    t: Translator, draft: MatchDraft, update: DraftUpdate, position: int, person: str
) -> ft.Control:
    deals = draft.dealer == person
    who: list[ft.Control] = [ft.Text(f"{position + 1}. {person}", size=16)]
    if deals:
        who.append(_dealer_mark(t))
    return ft.Row(
        [
            ft.Column(who, spacing=0, expand=True),
            icon_button(
                icon=ft.Icons.STAR if deals else ft.Icons.STAR_BORDER,
                tooltip=t.gettext("{name} deals first").format(name=person),
                selected=deals,
                on_click=lambda: update(lambda d: d.set(dealer=person)),
            ),
            icon_button(
                icon=ft.Icons.ARROW_UPWARD,
                tooltip=t.gettext("Move {name} up").format(name=person),
                disabled=position == 0,
                on_click=lambda: update(lambda d: d.move_up(person)),
            ),
            icon_button(
                icon=ft.Icons.REMOVE_CIRCLE_OUTLINE,
                tooltip=t.gettext("Remove {name}").format(name=person),
                on_click=lambda: update(lambda d: d.toggle_player(person)),
            ),
        ]
    )


def _earlier_players(
    t: Translator, state: AppState, draft: MatchDraft, update: DraftUpdate
) -> list[ft.Control]:
    """Players of earlier matches not seated yet: one tap seats them."""
    known = [p.name for p in state.store.players() if not p.hidden]
    others = draft.not_seated(known)
    if not others:
        return []
    return [
        ft.Text(t.gettext("Played before"), size=13),
        ft.Row(
            [
                ft.OutlinedButton(
                    person,
                    icon=ft.Icons.ADD,
                    height=TARGET,
                    on_click=lambda _, p=person: update(lambda d: d.toggle_player(p)),
                )
                for person in others
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        ),
    ]


def seats_section(
    t: Translator,
    state: AppState,
    draft: MatchDraft,
    update: DraftUpdate,
    typing: NameState,
) -> list[ft.Control | None]:
    """The name field, the seated players under it in seat order, then the rest.

    Who is seated stays right under the field, so it shows with the keyboard up.
    """
    seated = ft.Column(
        [
            _seat_row(t, draft, update, position, person)
            for position, person in enumerate(draft.seats)
        ],
        spacing=0,
    )
    roster = [p.name for p in state.store.players()]
    return [
        _name_field(t, update, typing, roster),
        seated if draft.seats else None,
        *_earlier_players(t, state, draft, update),
    ]
