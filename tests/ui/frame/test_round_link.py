"""The rules book opened from a round leads back to that round, and to nothing else."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest

from companion.ui.frame.round_link import round_to_return_to, rules_from_round
from companion.ui.frame.route_query import RouteQuery, query_of_route


def test_the_book_opened_from_a_round_leads_back_to_it() -> None:
    for index, back in ((None, "/match/m1/round"), (2, "/match/m1/round/3")):
        link = rules_from_round("uno", "m1", index)
        assert urlparse(link).path == "/rules/uno"
        assert round_to_return_to(query_of_route(link)) == back


@pytest.mark.parametrize(
    "search",
    [
        "",
        "q=joker",
        "round=https://example.com/match/m1/round",
        "round=//example.com/match/m1/round",
        "round=/match/m1/round%0A",
        "round=/match/../settings/round",
        "round=/match/m1/round/0",
        "round=/settings",
        "&".join(["q=x"] * 11),
    ],
)
def test_an_address_that_names_no_round_of_ours_gives_no_way_back(
    search: str,
) -> None:
    assert round_to_return_to(RouteQuery(search)) is None
