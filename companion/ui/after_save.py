"""A part of a screen drawn in a message of its own, once the last save is kept."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

import flet as ft

from companion.storage import StoreError


@ft.component
def DrawnAfterTheSave(
    durable: Callable[[], Awaitable[None]], build: Callable[[], ft.Control]
) -> ft.Control:
    """`build()`, drawn a moment after the rest of a screen just opened.

    The scoreboard opened by Save sends its standings first and its history
    and chart next: in the static app the standings wait for the save to reach
    IndexedDB, whose sync runs on the one thread that would otherwise be
    building the history (bench/README.md). `durable` is Store.durable, at
    once in the served app. Drawn again later, the part changes in place.
    """
    drawn, set_drawn = ft.use_state(False)

    async def draw_after_the_rest() -> None:
        with contextlib.suppress(StoreError):
            await durable()
        # One turn of the event loop: the rest of the screen goes out first.
        await asyncio.sleep(0)
        set_drawn(True)

    ft.use_effect(draw_after_the_rest, dependencies=[])
    return build() if drawn else ft.Container()
