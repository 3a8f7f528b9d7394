"""The leaderboard at the top of Players: one game's players ranked over a period."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime

import flet as ft

from companion.engine.games import GAMES, Game
from companion.storage.stats import GameKey, Ranked
from companion.storage.stats_ranking import tonight_since, without
from companion.ui.frame.shell import choices, navigate, section_title
from companion.ui.frame.state import AppState
from companion.ui.players import stats_texts as texts
from companion.words.i18n import Translator


def _ranked_row(t: Translator, line: Ranked) -> ft.Control:
    """One player's line: place, name, figures; opens the player's page."""

    def open_page() -> None:
        navigate(texts.player_route(line.player))

    leader = line.place == 1
    return ft.Semantics(
        label=texts.ranked_label(t, line),
        button=True,
        exclude_semantics=True,
        on_tap=open_page,
        content=ft.Container(
            on_click=open_page,
            border_radius=12,
            padding=ft.Padding.symmetric(horizontal=8, vertical=8),
            bgcolor=ft.Colors.SECONDARY_CONTAINER if leader else None,
            content=ft.Row(
                [
                    ft.Container(
                        width=32,
                        alignment=ft.Alignment.CENTER,
                        content=ft.Text(
                            t.number(line.place),
                            size=20,
                            weight=ft.FontWeight.W_700,
                        ),
                    ),
                    ft.Column(
                        [
                            ft.Text(
                                line.player,
                                weight=ft.FontWeight.W_600,
                                max_lines=1,
                                overflow=ft.TextOverflow.ELLIPSIS,
                            ),
                            ft.Text(
                                texts.ranked_figures(t, line),
                                size=13,
                                color=ft.Colors.ON_SURFACE_VARIANT,
                            ),
                        ],
                        spacing=0,
                        expand=True,
                        tight=True,
                    ),
                    ft.Icon(ft.Icons.CHEVRON_RIGHT),
                ],
            ),
        ),
    )


def in_chip_order(games: list[GameKey], own: Mapping[str, Game]) -> list[GameKey]:
    """The games as the Rules chips list them, an order that stays when one is
    played: ours first, then the user's by name; a game under its usual
    scoring before the same game under the other."""
    ours = list(GAMES)

    def place(key: GameKey) -> tuple[int, str, bool]:
        game = GAMES.get(key.game_id) or own.get(key.game_id)
        usual = game is not None and key.lowest_wins == game.lowest_total_wins(
            game.scoring
        )
        if key.game_id in GAMES:
            return ours.index(key.game_id), "", not usual
        name = game.name_key.casefold() if game is not None else key.game_id
        return len(ours), name, not usual

    return sorted(games, key=place)


def leaderboard_section(
    t: Translator,
    state: AppState,
    own: Mapping[str, Game],
    hidden: set[str],
    chosen: tuple[GameKey | None, str | None],
    choose: Callable[[GameKey | None, str | None], None],
    now: datetime,
) -> list[ft.Control]:
    """The Leaderboard heading, the game and period to rank, and the ranking.

    Nothing before the first finished match. The period is tonight (matches
    finished since 06:00 local time, see stats_ranking) when a match finished
    tonight, else all time, until the person picks one; the game is the one
    played last until the person picks one. The games keep their order
    (in_chip_order) whichever was played last.
    """
    store = state.store
    games = store.leaderboard_games()
    if not games:
        return []
    tonight = tonight_since(now)
    game, period = chosen
    if period is None:
        period = texts.TONIGHT if store.leaderboard_games(tonight) else texts.ALL_TIME
    if game not in games:
        game = games[0]
    since = tonight if period == texts.TONIGHT else None
    board = without(store.leaderboard(game, since), hidden)
    by_value = {str(n): key for n, key in enumerate(games)}
    controls: list[ft.Control] = [section_title(t.gettext("Leaderboard"))]
    # Shown with one game too: the ranking says which game it is.
    chips = in_chip_order(games, own)
    controls.append(
        choices(
            [(str(games.index(k)), texts.game_label(t, k, own)) for k in chips],
            str(games.index(game)),
            lambda value: choose(by_value[value], period),
        )
    )
    controls.append(
        choices(
            [(p, texts.period_label(t, p)) for p in (texts.TONIGHT, texts.ALL_TIME)],
            period,
            lambda value: choose(game, value),
        )
    )
    if not board.lines:
        controls.append(ft.Text(texts.nobody_ranked(t, period), italic=True))
        return controls
    controls.append(
        ft.Card(
            content=ft.Container(
                padding=ft.Padding.symmetric(horizontal=4, vertical=6),
                content=ft.Column(
                    [_ranked_row(t, line) for line in board.lines]
                    + [
                        ft.Container(
                            padding=ft.Padding.only(left=8, top=2),
                            content=ft.Text(
                                texts.ranking_rule(t, game, period),
                                size=12,
                                color=ft.Colors.ON_SURFACE_VARIANT,
                            ),
                        )
                    ],
                    spacing=2,
                ),
            )
        )
    )
    return controls
