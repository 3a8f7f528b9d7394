"""A route is drawn as the app navigates, without waiting for the browser's echo."""

from __future__ import annotations

import inspect
from typing import Any

import flet as ft
from flet.components import router

from companion.ui.route_echo import MEASURED_ON, navigate_now


class FakePage:
    """What navigate_now uses of a page: navigate() and on_route_change."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self.told: list[Any] = []
        self.on_route_change = self.told.append

    def navigate(self, route: str) -> None:
        self.asked.append(route)


def test_on_the_measured_flet_the_router_is_told_at_once() -> None:
    page = FakePage()
    assert navigate_now(page, "/match/m1", MEASURED_ON)  # type: ignore[arg-type]
    assert page.asked == ["/match/m1"]
    (event,) = page.told
    assert isinstance(event, ft.RouteChangeEvent) and event.route == "/match/m1"


def test_on_another_flet_only_the_browser_is_asked() -> None:
    page = FakePage()
    assert not navigate_now(page, "/players", "1.1.0")  # type: ignore[arg-type]
    assert page.asked == ["/players"] and page.told == []


def test_flets_router_takes_its_location_from_the_events_route_alone() -> None:
    # What makes the early event safe: the Router sets its location from it,
    # and the browser's echo of the same route sets the same location again.
    source = inspect.getsource(router.Router)
    assert "page.on_route_change = on_route_change" in source
    assert "set_location(e.route)" in source
