"""The rules book opened from a round, and the way back to it: both in the address."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlencode

from companion.ui.frame.route_query import RouteQuery

ROUND_ROUTE = re.compile(r"/match/[A-Za-z0-9_-]{1,64}/round(/[1-9][0-9]{0,4})?")
"""A record screen's route (router/root.py: ``match/:id``, then ``round/:number?``)."""


def round_route(match_id: str, index: int | None) -> str:
    """The record screen of a match's next round (`index` None) or of round `index`."""
    return f"/match/{match_id}/round" + ("" if index is None else f"/{index + 1}")


def rules_from_round(game_id: str, match_id: str, index: int | None) -> str:
    """The rules book of `game_id`, opened from a round it leads back to."""
    return f"/rules/{game_id}?" + urlencode({"round": round_route(match_id, index)})


def round_to_return_to(query: RouteQuery) -> str | None:
    """The round the rules book was opened from, if its address names one.

    The address is the client's to set (forgeable): only a record screen's
    route of our own is taken, never another place to go.
    """
    try:
        asked = parse_qs(query.search, max_num_fields=10).get("round", [""])[0]
    except ValueError:  # more fields than any link of ours has
        return None
    return asked if ROUND_ROUTE.fullmatch(asked) else None
