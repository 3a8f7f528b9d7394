"""A screen that raises while rendering: the fallback is shown and the error logged."""

from __future__ import annotations

import logging

import pytest

from companion.ui.render_guard import shown_or_logged


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
