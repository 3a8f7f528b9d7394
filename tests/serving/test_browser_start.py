"""The static site's start before the client's hello: the first view rehearsed
where nobody sees it, with nothing stored, sent or left running."""

from __future__ import annotations

import asyncio

import pytest
from event_loops import run_apart

from companion.engine.match import Match
from companion.serving import browser_start
from companion.storage import Store
from companion.storage.drafts import ONE_DEVICE
from companion.words.i18n import get_translator


def _store_in_norwegian() -> Store:
    store = Store.in_memory()
    store.update_settings(language="nb")
    store.add_match(Match.new("crazy-eights", ["Ada", "Bo"]))
    return store


def _stored(store: Store) -> tuple[object, ...]:
    return (
        store.list_matches(),
        store.settings(),
        store.players(),
        store.drafts(ONE_DEVICE),
    )


def test_the_rehearsal_draws_the_matches_screen_and_leaves_nothing_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    packed: list[bytes] = []
    pack = browser_start._pack
    monkeypatch.setattr(browser_start, "_pack", lambda body: packed.append(pack(body)))
    store = _store_in_norwegian()
    before = _stored(store)

    async def rehearse() -> set[asyncio.Task[object]]:
        browser_start.rehearse_first_view(store, ["en"])
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
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = _store_in_norwegian()

    def broken() -> None:
        raise RuntimeError("a screen's bug")

    monkeypatch.setattr(store, "settings", broken)

    async def rehearse() -> None:
        browser_start.rehearse_first_view(store, ["en"])

    run_apart(rehearse())


@pytest.mark.parametrize(
    ("restored", "client_up", "rehearses"),
    [(True, False, True), (False, False, False), (True, True, False)],
)
def test_the_first_view_is_rehearsed_only_after_a_restore_before_the_client(
    monkeypatch: pytest.MonkeyPatch, restored: bool, client_up: bool, rehearses: bool
) -> None:
    rehearsed: list[Store] = []
    store = _store_in_norwegian()

    async def yes() -> bool:
        return True

    async def mounted() -> object:
        return object()

    monkeypatch.setattr(browser_start.browser, "handed_languages", lambda: ["nb"])
    monkeypatch.setattr(browser_start.browser, "hold_tab_lock", yes)
    monkeypatch.setattr(browser_start.browser, "storage_is_persistent", yes)
    monkeypatch.setattr(browser_start.browser, "mark", lambda step: None)
    monkeypatch.setattr(browser_start.browser, "client_up", lambda: client_up)
    monkeypatch.setattr(browser_start.IndexedDBFiles, "mount", mounted)
    monkeypatch.setattr(browser_start.Store, "in_browser", lambda files: store)
    monkeypatch.setattr(
        browser_start,
        "rehearse_first_view",
        lambda store, languages: rehearsed.append(store),
    )

    opened = run_apart(browser_start._open(rehearse=restored))
    # After a boot, or once Flutter's client is up, its hello is near: the
    # store is opened for it, and nothing keeps it waiting.
    assert opened.store is store
    assert rehearsed == ([store] if rehearses else [])
