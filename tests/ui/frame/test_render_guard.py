"""A screen that raises while rendering: the fallback is shown and the error logged."""

from __future__ import annotations

import logging

import flet as ft
import pytest

from companion.ui.frame.render_guard import guarded_part, shown_or_logged
from companion.words.i18n import Translator, get_translator


def test_a_render_that_works_is_shown() -> None:
    assert shown_or_logged(lambda: "screen", lambda: "error", "Test") == "screen"


def test_a_render_that_raises_shows_the_fallback_and_is_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken() -> str:
        return str(int("9" * 5000))

    with caplog.at_level(logging.ERROR):
        shown = shown_or_logged(broken, lambda: "error", "RecordScreen")
    assert shown == "error"
    [record] = caplog.records
    assert "RecordScreen" in record.getMessage()
    assert record.exc_info is not None and record.exc_info[0] is ValueError


def test_a_part_that_raises_becomes_a_translated_line_and_is_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    @guarded_part
    def Broken(t: Translator, player: str) -> ft.Control:
        raise KeyError(player)

    with caplog.at_level(logging.ERROR):
        shown = Broken(get_translator("sv"), "Ada")
    assert isinstance(shown, ft.Text) and shown.color == ft.Colors.ERROR
    assert shown.value == get_translator("sv").gettext(
        "This part could not be shown; it was noted in the log."
    )
    assert shown.value != "This part could not be shown; it was noted in the log."
    [record] = caplog.records
    assert "Broken" in record.getMessage()


def test_a_part_that_works_is_shown_as_it_is() -> None:
    @guarded_part
    def Fine(t: Translator) -> ft.Control:
        return ft.Text("fine")

    assert Fine(get_translator("en")).value == "fine"


def test_every_screen_shows_the_error_screen_when_it_fails_to_render() -> None:
    """A screen added without the guard would freeze its session when it raises."""
    import ast
    from pathlib import Path

    ui = Path(__file__).resolve().parents[3] / "companion" / "ui"
    unguarded = []
    for module in sorted(ui.rglob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in tree.body:
            is_screen = isinstance(node, ast.FunctionDef) and (
                node.returns is not None and ast.unparse(node.returns) == "ft.View"
            )
            if is_screen:
                names = {ast.unparse(d) for d in node.decorator_list}
                if "ft.component" in names and "guarded_screen" not in names:
                    unguarded.append(f"{module.name}:{node.name}")
    assert unguarded == []
