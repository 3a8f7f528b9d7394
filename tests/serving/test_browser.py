"""The static site's worker: what the page handed it in its name, the tab lock."""

from __future__ import annotations

import json
import sys
from types import SimpleNamespace

import pytest
from event_loops import run_apart

from companion.serving import browser


def worker_named(monkeypatch: pytest.MonkeyPatch, name: str) -> list[str]:
    """Pyodide's `js` module, for a worker the page named `name`, in a tab
    whose store's Web Lock another tab holds; the locks it asks for."""
    asked: list[str] = []

    def request(lock: str, _options: object, granted: object) -> None:
        asked.append(lock)
        granted(None)  # type: ignore[operator]

    locks = SimpleNamespace(request=request)
    js = SimpleNamespace(
        name=name,
        navigator=SimpleNamespace(locks=locks),
        Object=SimpleNamespace(fromEntries=dict),
    )
    ffi = SimpleNamespace(
        create_once_callable=lambda function: function,
        to_js=lambda value, dict_converter=None: value,
        jsnull=None,
    )
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide", SimpleNamespace(ffi=ffi))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    return asked


def test_a_page_that_holds_the_lock_for_its_worker_is_the_holder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    handed = {"languages": ["nb-NO", "C"], "pageHoldsLock": True}
    asked = worker_named(monkeypatch, json.dumps(handed))
    assert browser.handed_languages() == ["nb-NO", "C"]
    # Taken by the page: the worker asks no lock of its own.
    assert run_apart(browser.hold_tab_lock()) is True
    assert asked == []


@pytest.mark.parametrize(
    "name", ['{"languages": ["en"], "pageHoldsLock": "yes"}', "[true]", "not json"]
)
def test_a_worker_whose_page_holds_nothing_for_it_asks_itself(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    asked = worker_named(monkeypatch, name)
    assert run_apart(browser.hold_tab_lock()) is False
    assert asked == [browser.TAB_LOCK]
