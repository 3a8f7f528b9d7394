"""Players: the leaderboard, the roster with each player's wins per game, the
records; rename, hide."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import cast

import flet as ft

from companion.engine.games import Game
from companion.storage.records import PlayerRecord
from companion.storage.stats import GameKey, PlayerGameStats
from companion.ui.frame.render_guard import guarded_screen
from companion.ui.frame.shell import (
    empty_state,
    icon_button,
    navigate,
    screen,
    section_title,
)
from companion.ui.frame.state import AppState, use_app
from companion.ui.players.leaderboard import leaderboard_section
from companion.ui.players.records_section import records_section
from companion.ui.players.stats_texts import headline, player_route
from companion.words.i18n import Translator


def _headlines(
    t: Translator, stats: list[PlayerGameStats], own: Mapping[str, Game]
) -> str:
    if not stats:
        return t.gettext("No finished match yet")
    return "\n".join(headline(t, s, own) for s in stats)


def _row(
    t: Translator,
    state: AppState,
    name: str,
    hidden: bool,
    stats: list[PlayerGameStats],
    own: Mapping[str, Game],
    editing: bool,
    set_editing: Callable[[str | None], None],
    draft: str,
    set_draft: Callable[[str | Callable[[str], str]], None],
) -> ft.Control:
    def start_renaming() -> None:
        set_draft(name)
        set_editing(name)

    def rename(_: object = None) -> None:
        def commit(typed: str) -> str:
            if state.writes.rename_player(name, typed):
                set_editing(None)
            return typed

        # An updater sees the newest text even when this tap arrives before the
        # screen re-rendered with the last keystroke.
        set_draft(commit)

    def toggle_hidden() -> None:
        state.writes.hide_player(name, not hidden)

    if editing:
        return ft.Card(
            content=ft.Container(
                padding=8,
                content=ft.Row(
                    [
                        ft.TextField(
                            label=t.gettext("New name for {name}").format(name=name),
                            value=draft,
                            autofocus=True,
                            expand=True,
                            # The client's text (forgeable): a str or dropped
                            # (serving/client_patches.py); held to the name rules, and
                            # only the host renames.
                            on_change=lambda e: set_draft(e.control.value),
                            on_submit=rename,
                        ),
                        icon_button(
                            icon=ft.Icons.CHECK,
                            tooltip=t.gettext("Save name"),
                            on_click=rename,
                        ),
                        icon_button(
                            icon=ft.Icons.CLOSE,
                            tooltip=t.gettext("Cancel"),
                            on_click=lambda: set_editing(None),
                        ),
                    ]
                ),
            )
        )

    def open_page() -> None:
        navigate(player_route(name))

    headlines = _headlines(t, stats, own)
    # The card itself is no button: its player part is one, named by the player
    # (the figures as its value, heard after the name), and Rename and Hide
    # beside it are buttons of their own.
    opener = ft.Semantics(
        label=name,
        value=headlines,
        button=True,
        exclude_semantics=True,
        on_tap=open_page,
        expand=True,
        content=ft.Container(
            on_click=open_page,
            border_radius=12,
            padding=ft.Padding.only(left=16, top=8, bottom=8, right=4),
            content=ft.Column(
                [
                    ft.Text(name, weight=ft.FontWeight.W_600),
                    ft.Text(headlines, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                ],
                spacing=2,
                tight=True,
            ),
        ),
    )
    actions: list[ft.Control] = []
    if state.is_host:
        actions = [
            icon_button(
                icon=ft.Icons.EDIT_OUTLINED,
                tooltip=t.gettext("Rename {name}").format(name=name),
                on_click=start_renaming,
            ),
            icon_button(
                icon=ft.Icons.VISIBILITY if hidden else ft.Icons.VISIBILITY_OFF,
                tooltip=(
                    t.gettext("Show {name} again")
                    if hidden
                    else t.gettext("Hide {name}")
                ).format(name=name),
                on_click=toggle_hidden,
            ),
        ]
    return ft.Card(
        content=ft.Row(
            [opener, *actions],
            spacing=0,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
    )


@ft.component
@guarded_screen
def PlayersScreen() -> ft.View:
    """The roster; hidden players are listed apart and can come back."""
    state, t = use_app()
    editing, set_editing = ft.use_state(cast(str | None, None))
    draft, set_draft = ft.use_state("")
    board, set_board = ft.use_state(
        cast(tuple[GameKey | None, str | None], (None, None))
    )
    roster = state.store.players()
    shown = [p for p in roster if not p.hidden]
    hidden = [p for p in roster if p.hidden]
    own = {game.id: game for game in state.store.own_games()}

    def row(record: PlayerRecord) -> ft.Control:
        return _row(
            t,
            state,
            record.name,
            record.hidden,
            state.store.player_games(record.name),
            own,
            editing == record.name,
            set_editing,
            draft,
            set_draft,
        )

    controls: list[ft.Control | None] = list(
        leaderboard_section(
            t,
            state,
            own,
            {p.name for p in hidden},
            board,
            lambda game, period: set_board((game, period)),
            datetime.now().astimezone(),
        )
    )
    if shown and controls:
        controls.append(section_title(t.gettext("Everyone")))
    if not roster:
        controls.append(
            empty_state(
                ft.Icons.PEOPLE_OUTLINE,
                t.gettext("No players yet. They are added when you start a match."),
            )
        )
    controls.extend(row(p) for p in shown)
    if hidden:
        controls.append(section_title(t.gettext("Hidden players")))
        controls.extend(row(p) for p in hidden)
    controls.extend(records_section(t, state.store.records(), own))
    return screen(state, "/players", t.gettext("Players"), controls, nav=2)
