"""New match: the game, the players in seat order, the first dealer, the house rules."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.errors import MatchError
from companion.engine.games import GAMES, Game
from companion.ui.frame import format as fmt
from companion.ui.frame.access import view_only_screen
from companion.ui.frame.render_guard import guarded_screen
from companion.ui.frame.shell import (
    action_bar,
    icon_button,
    navigate,
    screen,
    section_title,
)
from companion.ui.frame.state import AppState, use_app
from companion.ui.frame.theme import TARGET
from companion.ui.new_match.house_rules_section import house_rules_section
from companion.ui.new_match.match_draft import DraftUpdate, MatchDraft
from companion.words.i18n import Translator
from companion.words.messages import error_message


def _game_card(
    t: Translator, game: Game, chosen: bool, on_click: Callable[[], None]
) -> ft.Control:
    return ft.Card(
        bgcolor=ft.Colors.SECONDARY_CONTAINER if chosen else None,
        content=ft.ListTile(
            leading=ft.Icon(
                ft.Icons.RADIO_BUTTON_CHECKED
                if chosen
                else ft.Icons.RADIO_BUTTON_UNCHECKED
            ),
            title=ft.Text(fmt.game_name(t, game), weight=ft.FontWeight.W_600),
            subtitle=ft.Text(fmt.game_blurb(t, game)),
            selected=chosen,
            min_height=64,
            on_click=lambda _: on_click(),
        ),
    )


def _own_games(
    t: Translator, state: AppState, draft: MatchDraft, update: DraftUpdate
) -> list[ft.Control]:
    """The user's games under the built-ins, and a way to define another."""
    controls: list[ft.Control] = [
        _game_card(
            t,
            game,
            draft.game_id == game.id,
            lambda g=game: update(lambda d: d.choose_own_game(g)),
        )
        for game in state.store.own_games()
    ]
    buttons: list[ft.Control] = [
        ft.OutlinedButton(
            t.gettext("Your own game"),
            icon=ft.Icons.ADD,
            height=TARGET,
            on_click=lambda: navigate("/games/new"),
        )
    ]
    if draft.definition is not None:
        buttons.append(
            ft.TextButton(
                t.gettext("Edit {game}").format(game=draft.definition.name_key),
                icon=ft.Icons.EDIT,
                height=TARGET,
                on_click=lambda: navigate(f"/games/{draft.game_id}"),
            )
        )
    controls.append(ft.Row(buttons, wrap=True))
    return controls


def _games(
    t: Translator, state: AppState, draft: MatchDraft, update: DraftUpdate
) -> list[ft.Control]:
    cards: list[ft.Control] = [section_title(t.gettext("Game"))]
    cards.extend(
        _game_card(
            t,
            game,
            draft.game_id == game.id,
            lambda g=game.id: update(lambda d: d.choose_game(g, state.house_rules(g))),
        )
        for game in GAMES.values()
    )
    cards.extend(_own_games(t, state, draft, update))
    return cards


def _roster(
    t: Translator,
    state: AppState,
    draft: MatchDraft,
    update: DraftUpdate,
    name: str,
    set_name: Callable[[str], None],
    name_error: str | None,
    set_name_error: Callable[[str | None], None],
) -> list[ft.Control]:
    players = state.store.players()
    known = [p.name for p in players if not p.hidden]
    roster = [p.name for p in players]
    toggles = [
        ft.FilledTonalButton(
            person,
            icon=ft.Icons.CHECK if person in draft.seats else ft.Icons.ADD,
            height=TARGET,
            on_click=lambda _, p=person: update(lambda d: d.toggle_player(p)),
        )
        if person in draft.seats
        else ft.OutlinedButton(
            person,
            icon=ft.Icons.ADD,
            height=TARGET,
            on_click=lambda _, p=person: update(lambda d: d.toggle_player(p)),
        )
        for person in known
    ]

    def add(_=None) -> None:
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

    return [
        section_title(t.gettext("Players")),
        ft.Row(toggles, wrap=True, spacing=8, run_spacing=8) if toggles else None,
        ft.Row(
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
                    on_change=lambda e: set_name(e.control.value),
                    on_submit=add,
                ),
                icon_button(
                    icon=ft.Icons.PERSON_ADD,
                    tooltip=t.gettext("Add player"),
                    on_click=add,
                ),
            ]
        ),
    ]


def _seats(t: Translator, draft: MatchDraft, update: DraftUpdate) -> list[ft.Control]:
    if not draft.seats:
        return []
    rows: list[ft.Control] = [section_title(t.gettext("Seats and first dealer"))]
    for position, person in enumerate(draft.seats):
        deals = draft.dealer == person
        rows.append(
            ft.Row(
                [
                    ft.Text(f"{position + 1}. {person}", size=16, expand=True),
                    icon_button(
                        icon=ft.Icons.STAR if deals else ft.Icons.STAR_BORDER,
                        tooltip=t.gettext("{name} deals first").format(name=person),
                        selected=deals,
                        on_click=lambda _, p=person: update(lambda d: d.set(dealer=p)),
                    ),
                    icon_button(
                        icon=ft.Icons.ARROW_UPWARD,
                        tooltip=t.gettext("Move {name} up").format(name=person),
                        disabled=position == 0,
                        on_click=lambda _, p=person: update(lambda d: d.move_up(p)),
                    ),
                    icon_button(
                        icon=ft.Icons.REMOVE_CIRCLE_OUTLINE,
                        tooltip=t.gettext("Remove {name}").format(name=person),
                        on_click=lambda _, p=person: update(
                            lambda d: d.toggle_player(p)
                        ),
                    ),
                ]
            )
        )
    return rows


@ft.component
@guarded_screen
def NewMatchScreen() -> ft.View:
    """Sets up a match (or a rematch) and starts it."""
    state, t = use_app()
    # A route parameter: the client's to set (forgeable). An unknown match id gives a
    # fresh draft; starting is the gate's to allow.
    source = ft.use_route_params().get("source")

    def initial() -> MatchDraft:
        previous = state.load_match(source) if source else None
        if previous is not None:
            return MatchDraft.rematch(previous)
        last = state.store.settings().get("last_game")
        game_id = last if last in GAMES else "crazy-eights"
        return MatchDraft.for_game(game_id, house=state.house_rules(game_id))

    draft, set_draft = ft.use_state(initial)
    name, set_name = ft.use_state("")
    name_error, set_name_error = ft.use_state(None)
    route = f"/new/{source}" if source else "/new"
    title = t.gettext("Rematch") if source else t.gettext("New match")
    if not state.can_change:
        return view_only_screen(state, route, title, "/", t.gettext("Back to matches"))
    problem = draft.check()
    reason = error_message(t, problem) if problem else None
    hint = problem is not None and draft.waiting_for_players
    if hint:
        game = draft.game
        reason = t.gettext("Add {min} to {max} players to start.").format(
            min=t.number(game.min_players), max=t.number(game.max_players)
        )

    def start() -> None:
        def begin(current: MatchDraft) -> MatchDraft:
            try:
                match = current.build()
            except MatchError as error:
                state.report(error)
                return current
            match_id = state.add_match(match)
            if match_id is not None:
                navigate(f"/match/{match_id}")
            return current

        # An updater: it sees the newest draft even before the next render.
        set_draft(begin)

    controls = [
        *_games(t, state, draft, set_draft),
        *_roster(
            t, state, draft, set_draft, name, set_name, name_error, set_name_error
        ),
        *_seats(t, draft, set_draft),
        *house_rules_section(t, draft, set_draft),
    ]
    bottom = action_bar(
        reason,
        ft.FilledButton(
            t.gettext("Start match"),
            icon=ft.Icons.PLAY_ARROW,
            height=56,
            disabled=problem is not None,
            on_click=start,
        ),
        hint=hint,
    )
    back = icon_button(
        icon=ft.Icons.ARROW_BACK,
        tooltip=t.gettext("Back to matches"),
        on_click=lambda: navigate("/"),
    )
    return screen(state, route, title, controls, bottom=bottom, leading=back)
