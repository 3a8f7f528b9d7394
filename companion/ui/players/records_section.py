"""The records of each game: every one names its match and date, and opens it."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import flet as ft

from companion.engine.games import Game
from companion.storage.stats import Feat, GameRecords
from companion.ui.frame.shell import navigate, section_title
from companion.ui.players import stats_texts as texts
from companion.words.i18n import Translator


def _record_tile(icon: ft.IconData, text: str, feat: Feat) -> ft.Control:
    def open_target() -> None:
        navigate(f"/match/{feat.match_id}")

    return ft.Semantics(
        label=text,
        button=True,
        exclude_semantics=True,
        on_tap=open_target,
        content=ft.ListTile(
            leading=ft.Icon(icon),
            title=ft.Text(text),
            min_height=56,
            on_click=open_target,
        ),
    )


def _game_card(
    t: Translator, records: GameRecords, own: Mapping[str, Game]
) -> ft.Control:
    rows: list[tuple[ft.IconData, Callable[[Translator, Feat], str], Feat | None]] = [
        (ft.Icons.MILITARY_TECH, texts.most_wins_text, records.most_wins),
        (ft.Icons.TRENDING_UP, texts.highest_round_text, records.highest_round),
        (
            ft.Icons.EMOJI_EVENTS_OUTLINED,
            texts.lowest_win_text
            if records.key.lowest_wins
            else texts.highest_win_text,
            records.best_winning_total,
        ),
        (ft.Icons.TIMER_OUTLINED, texts.longest_match_text, records.longest_match),
    ]
    tiles: list[ft.Control] = [
        ft.ListTile(
            title=ft.Text(
                texts.game_label(t, records.key, own), weight=ft.FontWeight.W_600
            ),
        )
    ]
    for icon, text_of, feat in rows:
        if feat is not None:
            tiles.append(_record_tile(icon, text_of(t, feat), feat))
    return ft.Card(content=ft.Column(tiles, spacing=0))


def records_section(
    t: Translator, records: list[GameRecords], own: Mapping[str, Game]
) -> list[ft.Control]:
    """The Records heading and a card per game, or nothing before a finished match."""
    if not records:
        return []
    return [section_title(t.gettext("Records"))] + [
        _game_card(t, game, own) for game in records
    ]
