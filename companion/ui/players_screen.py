"""Players: the roster with matches played, wins and average points; rename, hide."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.ui.render_guard import guarded_screen
from companion.ui.shell import empty_state, icon_button, screen, section_title
from companion.ui.state import AppState, use_app
from companion.words.i18n import Translator


@dataclass(frozen=True)
class PlayerStats:
    """What the roster shows about one player, derived from the stored matches."""

    matches: int = 0
    wins: int = 0
    rounds: int = 0
    points: int = 0

    @property
    def average(self) -> float | None:
        """Average points per round played, None before the first round."""
        return self.points / self.rounds if self.rounds else None


def player_stats(state: AppState) -> dict[str, PlayerStats]:
    """Matches, wins, rounds and points per player name over every stored match."""
    stats: dict[str, PlayerStats] = {}
    for summary in state.store.list_matches():
        match = state.load_match(summary.id)
        if match is None:
            continue
        per_round = match.round_points()
        for player in match.players:
            old = stats.get(player, PlayerStats())
            stats[player] = PlayerStats(
                matches=old.matches + 1,
                wins=old.wins + (1 if player in summary.winners else 0),
                rounds=old.rounds + len(per_round),
                points=old.points + sum(r[player] for r in per_round),
            )
    return stats


def _stats_line(t: Translator, stats: PlayerStats) -> str:
    played = t.ngettext("{n} match", "{n} matches", stats.matches).format(
        n=t.number(stats.matches)
    )
    wins = t.ngettext("{n} win", "{n} wins", stats.wins).format(n=t.number(stats.wins))
    if stats.average is None:
        return f"{played} · {wins}"
    average = t.gettext("{avg} points per round").format(
        avg=t.number(round(stats.average, 1))
    )
    return f"{played} · {wins} · {average}"


def _row(
    t: Translator,
    state: AppState,
    name: str,
    hidden: bool,
    stats: PlayerStats,
    editing: bool,
    set_editing: Callable[[str | None], None],
    draft: str,
    set_draft: Callable[[str | Callable[[str], str]], None],
) -> ft.Control:
    def rename(_=None) -> None:
        def commit(typed: str) -> str:
            if state.rename_player(name, typed):
                set_editing(None)
            return typed

        # An updater sees the newest text even when this tap arrives before the
        # screen re-rendered with the last keystroke.
        set_draft(commit)

    def toggle_hidden() -> None:
        state.hide_player(name, not hidden)

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
    return ft.Card(
        content=ft.ListTile(
            title=ft.Text(name, weight=ft.FontWeight.W_600),
            subtitle=ft.Text(_stats_line(t, stats)),
            min_height=64,
            trailing=None
            if not state.is_host
            else ft.Row(
                [
                    icon_button(
                        icon=ft.Icons.EDIT_OUTLINED,
                        tooltip=t.gettext("Rename {name}").format(name=name),
                        on_click=lambda: (set_draft(name), set_editing(name)),
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
                ],
                tight=True,
                spacing=0,
            ),
        )
    )


@ft.component
@guarded_screen
def PlayersScreen() -> ft.View:
    """The roster; hidden players are listed apart and can come back."""
    state, t = use_app()
    editing, set_editing = ft.use_state(None)
    draft, set_draft = ft.use_state("")
    stats = player_stats(state)
    roster = state.store.players()
    shown = [p for p in roster if not p.hidden]
    hidden = [p for p in roster if p.hidden]

    def row(record) -> ft.Control:
        return _row(
            t,
            state,
            record.name,
            record.hidden,
            stats.get(record.name, PlayerStats()),
            editing == record.name,
            set_editing,
            draft,
            set_draft,
        )

    controls: list[ft.Control | None] = []
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
    return screen(state, "/players", t.gettext("Players"), controls, nav=2)
