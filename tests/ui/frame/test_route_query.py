"""A screen reads the query of the route being drawn, short text only."""

from __future__ import annotations

import dataclasses
import inspect

import pytest
from flet.components import router

from companion.ui.frame.route_query import (
    LONGEST_PART,
    RouteQuery,
    query_of_route,
)


def test_a_route_gives_its_query_and_fragment() -> None:
    assert query_of_route("/new?game=vandatta#house-rules") == RouteQuery(
        "game=vandatta", "house-rules"
    )
    assert query_of_route("/new") == RouteQuery()


@pytest.mark.parametrize(
    "route", [None, 42, ["/new?game=uno"], "/new?game=" + "x" * 3 * LONGEST_PART]
)
def test_a_route_that_is_not_short_text_has_no_query(route: object) -> None:
    assert query_of_route(route) == RouteQuery()


def test_a_part_that_is_not_short_text_is_empty() -> None:
    long = "game=uno&" * LONGEST_PART
    assert RouteQuery.of(long, "house-rules") == RouteQuery("", "house-rules")
    assert RouteQuery.of({"game": "uno"}, 7) == RouteQuery()


def test_flets_router_hands_each_screen_its_parsed_location() -> None:
    # What use_route_query reads on Flet 1.0.5: the Router parses the location
    # it was told (navigate_now tells it before page.route follows) and
    # provides it, query and fragment too, around each View it renders.
    fields = {field.name for field in dataclasses.fields(router.LocationInfo)}
    assert {"pathname", "search", "hash"} <= fields
    source = inspect.getsource(router.Router)
    assert "location, set_location = use_state(page.route" in source
    assert "parsed = urlparse(location)" in source
    assert "LocationInfo(pathname=pathname, search=search, hash=hash_val)" in source
    assert "lambda: _location_context(" in source
    assert router._location_context.default_value is not None
