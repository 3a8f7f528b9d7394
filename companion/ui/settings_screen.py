"""Settings: language, theme, screen kept awake, where the data lives, export/import."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import flet as ft

from companion.i18n import LANGUAGES, Translator
from companion.messages import error_message
from companion.storage import StoreError
from companion.ui import format as fmt
from companion.ui.shell import choices, screen, section_title
from companion.ui.state import AppState, use_app
from companion.ui.theme import TARGET


def _language(t: Translator, state: AppState) -> list[ft.Control]:
    buttons = [
        (ft.FilledButton if code == state.lang else ft.OutlinedButton)(
            fmt.language_label(t, code),
            icon=ft.Icons.CHECK if code == state.lang else None,
            height=TARGET,
            on_click=lambda _, c=code: state.set_language(c),
        )
        for code in LANGUAGES
    ]
    return [
        section_title(t.gettext("Language")),
        ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
    ]


def _awake_switch(t: Translator, state: AppState) -> ft.Control:
    """The keep-awake switch on a 56 px row that toggles wherever it is tapped."""
    label = t.gettext("Keep the screen awake during a match")

    def toggle() -> None:
        state.set_keep_awake(not state.keep_awake)

    return ft.Semantics(
        label=label,
        toggled=state.keep_awake,
        exclude_semantics=True,
        on_tap=toggle,
        content=ft.Container(
            height=56,
            border_radius=12,
            on_click=toggle,
            content=ft.Row(
                [
                    ft.Switch(
                        value=state.keep_awake,
                        on_change=lambda e: state.set_keep_awake(bool(e.control.value)),
                    ),
                    ft.Text(label, expand=True),
                ]
            ),
        ),
    )


def _theme(t: Translator, state: AppState) -> list[ft.Control]:
    return [
        section_title(t.gettext("Theme")),
        choices(
            [
                ("system", t.gettext("System")),
                ("light", t.gettext("Light")),
                ("dark", t.gettext("Dark")),
            ],
            state.theme,
            state.set_theme,
        ),
        _awake_switch(t, state),
    ]


def _data(
    t: Translator,
    state: AppState,
    path: str,
    set_path: Callable[..., None],
    outcome: str | None,
    set_outcome: Callable[..., None],
) -> list[ft.Control]:
    where = state.store.data_dir
    exports = Path(where) / "exports" if where else None

    def export() -> None:
        if exports is None:
            return
        target = exports / datetime.now().strftime("companion-%Y%m%d-%H%M%S.json")
        try:
            exports.mkdir(parents=True, exist_ok=True)
            count = state.store.export_all(target)
        except (StoreError, OSError) as error:
            if isinstance(error, OSError):
                error = StoreError("export-failed", path=str(target), reason=str(error))
            set_outcome(error_message(t, error))
            return
        set_outcome(
            t.ngettext(
                "{n} match written to {path}", "{n} matches written to {path}", count
            ).format(n=t.number(count), path=str(target))
        )

    def import_data() -> None:
        def commit(typed: str) -> str:
            try:
                state.store.import_file(typed.strip())
            except StoreError as error:
                set_outcome(error_message(t, error))
                return typed
            state.changed()
            set_outcome(t.gettext("Imported from {path}").format(path=typed.strip()))
            return typed

        # An updater sees the newest path even before the screen re-rendered.
        set_path(commit)

    return [
        section_title(t.gettext("Your data")),
        ft.Text(
            t.gettext("Kept in {path}").format(path=str(where))
            if where
            else t.gettext("Kept in memory only: it is gone when the app stops.")
        ),
        ft.Row(
            [
                ft.OutlinedButton(
                    t.gettext("Export everything"),
                    icon=ft.Icons.DOWNLOAD,
                    height=TARGET,
                    disabled=exports is None,
                    on_click=export,
                )
            ]
        ),
        ft.Row(
            [
                ft.TextField(
                    label=t.gettext("File to import"),
                    value=path,
                    expand=True,
                    on_change=lambda e: set_path(e.control.value),
                ),
                ft.OutlinedButton(
                    t.gettext("Import"),
                    icon=ft.Icons.UPLOAD,
                    height=TARGET,
                    disabled=not path.strip(),
                    on_click=import_data,
                ),
            ]
        ),
        ft.Text(outcome) if outcome else None,
    ]


@ft.component
def SettingsScreen() -> ft.View:
    """The app's settings; the language is named in itself."""
    state, t = use_app()
    path, set_path = ft.use_state("")
    outcome, set_outcome = ft.use_state(None)
    controls = [
        *_language(t, state),
        *_theme(t, state),
        *_data(t, state, path, set_path, outcome, set_outcome),
    ]
    return screen(state, "/settings", t.gettext("Settings"), controls, nav=3)
