"""Settings: sharing, language, theme, screen kept awake, the data, export/import."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import flet as ft

from companion.ui.frame import format as fmt
from companion.ui.frame.render_guard import guarded_screen
from companion.ui.frame.shell import choices, screen, section_title, toggle_row
from companion.ui.frame.state import AppState, use_app
from companion.ui.frame.theme import TARGET
from companion.ui.frame.wake_lock import can_keep_awake
from companion.ui.settings.features import Features, use_features
from companion.words.i18n import LANGUAGES, Translator
from companion.words.merge_texts import merged_lines


def _language(t: Translator, state: AppState) -> list[ft.Control]:
    buttons: list[ft.Control] = [
        (ft.FilledButton if code == state.lang else ft.OutlinedButton)(
            fmt.language_label(t, code),
            icon=ft.Icons.CHECK if code == state.lang else None,
            height=TARGET,
            on_click=lambda _, c=code: state.settings.set_language(c),
        )
        for code in LANGUAGES
    ]
    return [
        section_title(t.gettext("Language")),
        ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
    ]


def _awake_switch(t: Translator, state: AppState) -> ft.Control:
    """The keep-awake switch on a 56 px row that toggles wherever it is tapped;
    where the browser cannot keep the screen awake, why, and no switch."""
    page = ft.context.page
    if not can_keep_awake(page.web, page.url):
        return ft.Row(
            [
                ft.Icon(ft.Icons.SCREEN_LOCK_PORTRAIT_OUTLINED),
                ft.Text(
                    t.gettext(
                        "This phone cannot keep the screen awake here: a browser "
                        "allows it only on https pages, and this one came over "
                        "plain http from the table's computer. Set a longer "
                        "screen timeout in the phone's settings instead."
                    ),
                    expand=True,
                ),
            ],
            vertical_alignment=ft.CrossAxisAlignment.START,
        )
    label = t.gettext("Keep the screen awake during a match")
    return toggle_row(
        label,
        state.keep_awake,
        state.settings.set_keep_awake,
        after=[ft.Text(label, expand=True)],
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
            state.settings.set_theme,
        ),
        _awake_switch(t, state),
    ]


def _data(
    t: Translator,
    state: AppState,
    outcome: str | None,
    set_outcome: Callable[..., None],
    features: Features,
) -> list[ft.Control | None]:

    async def export() -> None:
        # The file goes to the phone or computer holding the browser (a download),
        # not to the machine that serves the app.
        name = datetime.now().strftime("companion-%Y%m%d-%H%M%S.json")
        with tempfile.TemporaryDirectory() as scratch:
            count = state.writes.export_all(Path(scratch) / name)
            if count is None:
                set_outcome(None)
                return
            data = (Path(scratch) / name).read_bytes()
        await ft.FilePicker().save_file(file_name=name, src_bytes=data)
        set_outcome(
            t.ngettext(
                "{n} match exported as {name}", "{n} matches exported as {name}", count
            ).format(n=t.number(count), name=name)
        )

    async def import_data() -> None:
        imported = await features.import_file(state)
        if imported is None:
            set_outcome(None)
            return
        result = imported.result
        added = len(result.added)
        merged = merged_lines(t, len(result.updated), len(result.copied))
        said = t.ngettext(
            "{n} match imported from {name}",
            "{n} matches imported from {name}",
            added,
        ).format(n=t.number(added), name=imported.name)
        set_outcome("; ".join([said, *merged]))

    return [
        section_title(t.gettext("Your data")),
        ft.Text(features.data_place(t, state)),
        ft.Row(
            [
                ft.OutlinedButton(
                    t.gettext("Export everything"),
                    icon=ft.Icons.DOWNLOAD,
                    height=TARGET,
                    on_click=export,
                ),
                ft.OutlinedButton(
                    t.gettext("Import a file"),
                    icon=ft.Icons.UPLOAD,
                    height=TARGET,
                    on_click=import_data,
                ),
            ],
            wrap=True,
        ),
        ft.Text(outcome) if outcome else None,
        *features.about(t, state),
    ]


@ft.component
@guarded_screen
def SettingsScreen() -> ft.View:
    """The app's settings; the language is named in itself."""
    state, t = use_app()
    outcome, set_outcome = ft.use_state(None)
    features = use_features()
    controls = [
        *features.share(t, state),
        *features.phone_name(t, state),
        *features.site_address(t, state),
        *_language(t, state),
        *_theme(t, state),
        # The data, its folder, export and import are the host's alone.
        *(_data(t, state, outcome, set_outcome, features) if state.is_host else []),
    ]
    return screen(state, "/settings", t.gettext("Settings"), controls, nav=3)
