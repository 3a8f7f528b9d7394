"""A route drawn as soon as the browser is asked for it, not once it echoes it."""

from __future__ import annotations

import asyncio

import flet as ft

from companion.upstream import versions

# Flet 1.0.5's Router learns a new route only from the browser's route_change
# event: a round trip before the screen is drawn (20-40 ms of a Save in the
# static app, bench/README.md).


def navigate_now(page: ft.Page, route: str, version: str | None = None) -> bool:
    """Ask the browser for `route` and, on the measured Flet (the installed one,
    or `version`), tell the Router at once.

    The Router is told right after the request to the browser has been sent, so
    the browser changes its address before it draws the new screen. The
    Router's handler sets its location; the browser's echo then sets the same
    one, which changes nothing. Whether the Router was told at once.
    """
    page.navigate(route)
    handler = page.on_route_change
    if not versions.flet_is_measured(version) or handler is None:
        return False
    event = ft.RouteChangeEvent(name="route_change", control=page, route=route)
    # After the step of page.navigate's task that sends the request (FIFO).
    asyncio.get_running_loop().call_soon(handler, event)  # type: ignore[arg-type]  # the Router's handler takes the event
    return True
