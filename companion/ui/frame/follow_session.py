"""The session's links to other phones (sync.following), as every screen gets them."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.sync.following import Following

FollowingContext: ft.ContextProvider[Any] = ft.create_context(None)
"""Gives every screen the session's Following, or None in a build whose page
has no direct links (the served app)."""


def use_following() -> Following | None:
    """The session's Following; None where the page has no direct links."""
    following: Following | None = ft.use_context(FollowingContext)
    return following
