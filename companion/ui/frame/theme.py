"""The look: colours, sizes and Material themes, kept apart from all logic."""

import flet as ft

SEED = ft.Colors.GREEN_800
"""Card-table felt green seeds the colour scheme."""

TARGET = 48
"""The smallest tappable size in logical pixels, for every control."""

KEY_WIDTH = 48
KEY_HEIGHT = 56
"""Card keypad keys: seven fit across a phone, big enough to hit without looking."""

WIDE = 900
"""From this width on, the scoreboard and the history sit side by side."""

SERIES_COLOURS = (
    ft.Colors.BLUE_600,
    ft.Colors.RED_600,
    ft.Colors.AMBER_700,
    ft.Colors.PURPLE_500,
    ft.Colors.TEAL_600,
    ft.Colors.PINK_400,
    ft.Colors.BROWN_500,
    ft.Colors.INDIGO_400,
    ft.Colors.LIME_800,
    ft.Colors.CYAN_700,
)
"""The colours that tell people apart in the charts and beside the names
(frame/player_colours.py gives each person one)."""

THEME_MODES = {
    "system": ft.ThemeMode.SYSTEM,
    "light": ft.ThemeMode.LIGHT,
    "dark": ft.ThemeMode.DARK,
}


def theme() -> ft.Theme:
    """The Material 3 theme; standard density keeps targets at 48 px on desktop."""
    return ft.Theme(color_scheme_seed=SEED, visual_density=ft.VisualDensity.STANDARD)


def target_style() -> ft.ButtonStyle:
    """Buttons at least TARGET tall with comfortable padding."""
    return ft.ButtonStyle(
        padding=ft.Padding.symmetric(horizontal=16, vertical=12),
        shape=ft.RoundedRectangleBorder(radius=12),
    )
