"""The static site's start before the client's hello: the first view rehearsed
where nobody sees it, with nothing stored, sent or left running."""

from __future__ import annotations

import pytest
from event_loops import run_apart

from companion.engine.match import Match
from companion.serving import browser_start
from companion.storage import Store
from companion.storage.drafts import ONE_DEVICE


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
        lambda store, languages: rehearsed.append(store) or True,
    )

    opened = run_apart(browser_start._open(rehearse=restored))
    # After a boot, or once Flutter's client is up, its hello is near: the
    # store is opened for it, and nothing keeps it waiting.
    assert opened.store is store
    assert rehearsed == ([store] if rehearses else [])


def test_the_rehearsal_is_left_out_on_a_flet_it_was_not_read_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # It uses Flet's private session machinery: on another release, the
    # start goes on without it.
    from companion.serving import view_rehearsal

    drawn: list[Store] = []
    monkeypatch.setattr(
        view_rehearsal, "rehearse_first_view", lambda store, _: drawn.append(store)
    )
    store = _store_in_norwegian()
    monkeypatch.setattr(browser_start.versions, "flet_is_measured", lambda: False)
    assert not browser_start.rehearse_first_view(store, ["nb"])
    assert drawn == []
    monkeypatch.setattr(browser_start.versions, "flet_is_measured", lambda: True)
    assert browser_start.rehearse_first_view(store, ["nb"])
    assert drawn == [store]
