"""The routes: each screen behind the Matches screen is imported when first shown."""

from __future__ import annotations

import subprocess
import sys

import flet as ft

from companion.ui.router.root import ROUTES, ShownFirst


def _shown_first(routes: list[ft.Route]) -> list[ShownFirst]:
    found: list[ShownFirst] = []
    for route in routes:
        if isinstance(route.component, ShownFirst):
            found.append(route.component)
        found.extend(_shown_first(list(route.children or ())))
    return found


def test_every_screen_imported_later_is_a_flet_component_of_its_module():
    later = _shown_first(ROUTES)
    assert {s.name for s in later} >= {"RecordScreen", "RulesScreen", "PlayerScreen"}
    for shown in later:
        screen = shown.screen()
        assert getattr(screen, "__is_component__", False), shown
        assert screen.__name__ == shown.name


def test_the_app_starts_without_the_screens_it_does_not_show_first():
    later = {f"companion.ui.{s.module}" for s in _shown_first(ROUTES)}
    script = (
        "import sys, companion.ui.router.root, companion.serving.app\n"
        "print(' '.join(m for m in sys.modules if m.startswith('companion.ui.')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    loaded = set(done.stdout.split())
    assert "companion.ui.matches.matches_screen" in loaded
    assert not loaded & later
