"""The static site's first view rehearsed where nobody sees it, with nothing
stored, sent or left running."""

from __future__ import annotations

import asyncio
import logging

import pytest
from event_loops import run_apart
from test_browser_start import _store_in_norwegian, _stored

from companion.serving import view_rehearsal
from companion.words.i18n import get_translator


def test_the_rehearsal_draws_the_matches_screen_and_leaves_nothing_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    packed: list[bytes] = []
    pack = view_rehearsal._pack
    monkeypatch.setattr(view_rehearsal, "_pack", lambda body: packed.append(pack(body)))
    store = _store_in_norwegian()
    before = _stored(store)

    async def rehearse() -> set[asyncio.Task[object]]:
        view_rehearsal.rehearse_first_view(store, ["en"])
        await asyncio.sleep(0)
        return asyncio.all_tasks() - {asyncio.current_task()}  # type: ignore[operator]

    left_running = run_apart(rehearse())
    drawn = b"".join(packed)
    t = get_translator("nb")
    resume = t.gettext("Resume {game} with {players}").format(
        game=t.gettext("Crazy Eights"), players=t.join(["Ada", "Bo"])
    )
    # The screen the first view shows, in the stored language, was drawn...
    assert t.gettext("New match").encode() in drawn
    assert resume.encode() in drawn
    # ...and nothing of it stays: no effect or task runs, nothing is stored.
    assert left_running == set()
    assert _stored(store) == before


def test_a_rehearsal_that_fails_leaves_the_start_going(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    store = _store_in_norwegian()
    before = _stored(store)

    def broken() -> None:
        raise RuntimeError("a screen's bug")

    monkeypatch.setattr(store, "settings", broken)

    async def rehearse() -> str:
        view_rehearsal.rehearse_first_view(store, ["en"])
        return "the start goes on"

    with caplog.at_level(logging.WARNING):
        assert run_apart(rehearse()) == "the start goes on"
    # Said once on the console, with the screen's error; nothing stored.
    (said,) = caplog.records
    assert said.getMessage() == "The first view's rehearsal failed"
    assert said.exc_info is not None and "a screen's bug" in str(said.exc_info[1])
    monkeypatch.undo()
    assert _stored(store) == before
