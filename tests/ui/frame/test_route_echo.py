"""A route is drawn as the app navigates, without waiting for the browser's echo."""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

import flet as ft
from event_loops import run_apart
from flet.components import router

from companion.ui.frame.route_echo import navigate_now
from companion.upstream import versions


class FakePage:
    """What navigate_now uses of a page: navigate() and on_route_change.

    navigate() sends its request in a task, as Flet's does (push_route's first
    step sends the message, then waits for the browser's answer)."""

    def __init__(self) -> None:
        self.log: list[tuple[str, Any]] = []
        self.on_route_change = lambda event: self.log.append(("told", event))

    def navigate(self, route: str) -> None:
        async def push() -> None:
            self.log.append(("asked", route))
            await asyncio.sleep(0.01)

        asyncio.create_task(push())


def _navigate(version: str, route: str) -> tuple[bool, list[tuple[str, Any]]]:
    async def go() -> tuple[bool, list[tuple[str, Any]]]:
        page = FakePage()
        told = navigate_now(page, route, version)  # type: ignore[arg-type]
        await asyncio.sleep(0.05)
        return told, page.log

    return run_apart(go())


def test_on_the_measured_flet_the_router_is_told_right_after_the_browser():
    told, log = _navigate(versions.FLET, "/match/m1")
    assert told
    # The browser is asked first: its address changes before the screen does.
    assert [what for what, _ in log] == ["asked", "told"]
    event = log[1][1]
    assert isinstance(event, ft.RouteChangeEvent) and event.route == "/match/m1"


def test_on_another_flet_only_the_browser_is_asked():
    told, log = _navigate("1.1.0", "/players")
    assert not told
    assert log == [("asked", "/players")]


def test_flets_router_takes_its_location_from_the_events_route_alone():
    # What makes the early event safe: the Router sets its location from it,
    # and the browser's echo of the same route sets the same location again.
    source = inspect.getsource(router.Router)
    assert "page.on_route_change = on_route_change" in source
    assert "set_location(e.route)" in source
