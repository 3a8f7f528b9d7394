"""New match's game: one row once chosen, the list of games while changing it."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.games import GAMES, Game
from companion.ui.frame import format as fmt
from companion.ui.frame.shell import icon_button, navigate, section_title
from companion.ui.frame.state import AppState
from companion.ui.frame.theme import TARGET
from companion.ui.new_match.kept_draft import keep
from companion.ui.new_match.match_draft import DraftUpdate, MatchDraft
from companion.words.i18n import Translator


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


def _away(update: DraftUpdate, route: str) -> None:
    """To the own-game screen, the draft kept for the way back."""

    def leave(current: MatchDraft) -> MatchDraft:
        keep(current)
        navigate(route)
        return current

    update(leave)


def _chosen_row(
    t: Translator,
    draft: MatchDraft,
    update: DraftUpdate,
    change: Callable[[], None],
    may_edit: bool,
) -> ft.Control:
    """The game being set up, in one row, with the way to another (and, for
    the host, the way to edit a game of the table's own)."""
    name = fmt.game_name(t, draft.game)
    buttons: list[ft.Control] = []
    if draft.definition is not None and may_edit:
        buttons.append(
            icon_button(
                icon=ft.Icons.EDIT,
                tooltip=t.gettext("Edit {game}").format(game=draft.definition.name_key),
                on_click=lambda: _away(update, f"/games/{draft.game_id}"),
            )
        )
    buttons.append(
        ft.OutlinedButton(
            t.gettext("Change game"),
            icon=ft.Icons.SWAP_HORIZ,
            height=TARGET,
            on_click=lambda: change(),
        )
    )
    return ft.Container(
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        border_radius=12,
        padding=ft.Padding.only(left=16, right=8, top=4, bottom=4),
        content=ft.Row(
            [
                ft.Column(
                    [
                        ft.Text(t.gettext("Game"), size=12),
                        ft.Text(
                            name,
                            size=16,
                            weight=ft.FontWeight.W_600,
                            max_lines=2,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                    ],
                    spacing=0,
                    expand=True,
                ),
                *buttons,
            ]
        ),
    )


def _game_list(
    t: Translator,
    state: AppState,
    draft: MatchDraft,
    update: DraftUpdate,
    chosen: Callable[[], None],
) -> list[ft.Control]:
    """Every game to choose from, the user's own under the built-ins."""

    def pick(choose: Callable[[MatchDraft], MatchDraft]) -> None:
        update(choose)
        chosen()

    cards: list[ft.Control] = [section_title(t.gettext("Game"))]
    cards.extend(
        _game_card(
            t,
            game,
            draft.game_id == game.id,
            lambda g=game.id: pick(lambda d: d.choose_game(g, state.house_rules(g))),  # type: ignore[misc]  # mypy cannot type a lambda's default (it binds the game)
        )
        for game in GAMES.values()
    )
    cards.extend(
        _game_card(
            t,
            game,
            draft.game_id == game.id,
            lambda g=game: pick(lambda d: d.choose_own_game(g)),  # type: ignore[misc]  # mypy cannot type a lambda's default (it binds the game)
        )
        for game in state.store.own_games()
    )
    cards.append(
        ft.Row(
            [
                ft.OutlinedButton(
                    t.gettext("Your own game"),
                    icon=ft.Icons.ADD,
                    height=TARGET,
                    on_click=lambda: _away(update, "/games/new"),
                )
            ]
        )
    )
    return cards


def game_choice(
    t: Translator,
    state: AppState,
    draft: MatchDraft,
    update: DraftUpdate,
    changing: bool,
    set_changing: Callable[[bool], None],
) -> list[ft.Control]:
    """The chosen game in one row or, while `changing`, every game to pick from."""
    if changing:
        return _game_list(t, state, draft, update, lambda: set_changing(False))
    row = _chosen_row(t, draft, update, lambda: set_changing(True), state.is_host)
    return [row]
