"""The View of one match: its scoreboard or the round being recorded, kept awake."""

from __future__ import annotations

import contextlib

import flet as ft

from companion.engine.match import Match
from companion.ui.frame.state import AppState, use_app


def _keep_awake(state: AppState, match: Match | None) -> None:
    awake = bool(state.keep_awake and match is not None and not match.is_over)

    async def enable() -> None:
        # A browser may refuse the wake lock (no permission, hidden tab): the
        # screen then sleeps as usual, which is no reason to bother anyone.
        if awake:
            with contextlib.suppress(RuntimeError):
                await ft.Wakelock().enable()

    async def disable() -> None:
        if awake:
            with contextlib.suppress(RuntimeError):
                await ft.Wakelock().disable()

    ft.use_effect(enable, dependencies=[awake], cleanup=disable)


@ft.component
def MatchOutlet() -> ft.Control:
    """The match's screen at hand; the phone stays awake while the match is on.

    Here, not in a screen: the scoreboard and the record screen take turns in
    this one View, and the wake lock must hold through both.
    """
    state, _ = use_app()
    # A route parameter: the client's to set (forgeable). An unknown id loads no match,
    # and keeps nothing awake.
    _keep_awake(state, state.load_match(ft.use_route_params().get("id", "")))
    return ft.use_route_outlet()
