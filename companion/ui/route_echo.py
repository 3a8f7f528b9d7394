"""A route drawn as soon as the app navigates, not once the browser echoes it."""

from __future__ import annotations

import flet as ft
from flet.version import flet_version

MEASURED_ON = "1.0.5"
"""Flet 1.0.5's Router learns a new route only from the browser's route_change
event: a round trip before the screen is drawn (20-40 ms of a Save in the
static app, bench/README.md)."""


def navigate_now(page: ft.Page, route: str, version: str = flet_version) -> bool:
    """Ask the browser for `route` and, on `MEASURED_ON`, tell the Router at once.

    The Router's handler sets its location; the browser's echo then sets the
    same one, which changes nothing. Whether the Router was told at once.
    """
    page.navigate(route)
    handler = page.on_route_change
    if version != MEASURED_ON or handler is None:
        return False
    handler(ft.RouteChangeEvent(name="route_change", control=page, route=route))
    return True
