"""The query and fragment of the route being drawn, as a screen reads them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

import flet as ft
from flet.components import router

from companion.upstream import versions

LONGEST_PART = 500
"""Longer than any query or fragment of ours: more is not one of our links."""


@dataclass(frozen=True)
class RouteQuery:
    """A route's query string (no "?") and fragment (no "#"), unparsed.

    Both come from the address the browser holds (forgeable): each is text of
    at most LONGEST_PART characters, or empty.
    """

    search: str = ""
    fragment: str = ""

    @classmethod
    def of(cls, search: Any, fragment: Any) -> RouteQuery:
        """The query from two parts of any type: what is not short text is empty."""

        def checked(part: Any) -> str:
            return part if isinstance(part, str) and len(part) <= LONGEST_PART else ""

        return cls(checked(search), checked(fragment))


def query_of_route(route: Any) -> RouteQuery:
    """The query and fragment of a whole route (``/new?game=uno#house-rules``);
    none of a route that is not text or is longer than any of ours."""
    if not isinstance(route, str) or len(route) > 3 * LONGEST_PART:
        return RouteQuery()
    parsed = urlparse(route)
    return RouteQuery.of(parsed.query, parsed.fragment)


def use_route_query(version: str | None = None) -> RouteQuery:
    """The query and fragment of the route the Router is drawing (a hook: call
    it while a screen renders, under the Router)."""
    if versions.flet_is_measured(version):
        # navigate_now tells the Router before the browser echoes the route, so
        # on a screen's first render page.route is still the screen left
        # behind: the Router's own parsed location (a private context of Flet
        # 1.0.5's router, tests/ui/frame/test_route_query.py) is the one drawn.
        location = ft.use_context(router._location_context)
        if isinstance(location, router.LocationInfo):
            return RouteQuery.of(location.search, location.hash)
    # Elsewhere navigate_now leaves the Router to the browser's echo: the route
    # drawn is the one the browser holds, page.route.
    return query_of_route(ft.context.page.route)
