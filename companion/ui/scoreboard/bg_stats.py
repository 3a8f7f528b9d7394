"""A finished match as a link that logs it in BG Stats, where board gamers keep plays.

BG Stats documents the link at
https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/:
`https://app.bgstatsapp.com/createPlay.html?data=<data>`, `<data>` a URL-encoded
JSON object of the play. The person taps it and BG Stats opens (the app if
installed, else its page), asks which of its games and players these are, and
saves the play: the link is opened by the person, never fetched by this app.
"""

from __future__ import annotations

import json
from urllib.parse import quote

from companion.storage.records import StoredMatch
from companion.ui.frame import format as fmt
from companion.words.app_name import APP_NAME
from companion.words.i18n import Translator

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
"""BG Stats' page that opens a new play from the link's data."""

PLAY_DATE = "%Y-%m-%d %H:%M:%S"
"""How BG Stats writes a play's date and time ("2020-10-23 19:16:58"), in UTC."""


def play_data(t: Translator, stored: StoredMatch) -> dict[str, object]:
    """The play as BG Stats reads it: the game, when, and each player's total,
    place and whether they won (names as typed: BG Stats matches them)."""
    match = stored.match
    played = stored.finished or stored.created
    winners = set(match.winners)
    data: dict[str, object] = {
        "sourceName": APP_NAME,
        "sourcePlayId": stored.id,
        "playDate": played.strftime(PLAY_DATE),
        "game": {
            "name": fmt.match_title(t, match),
            "sourceGameId": match.game.id,
            "highestWins": not match.lowest_wins,
            "noPoints": False,
        },
        "players": [
            {
                "name": standing.player,
                "sourcePlayerId": standing.player,
                "score": standing.total,
                "rank": standing.rank,
                "winner": standing.player in winners,
            }
            for standing in match.ranking()
        ],
    }
    if stored.finished is not None and stored.finished > stored.created:
        minutes = (stored.finished - stored.created).total_seconds() // 60
        data["durationMin"] = int(minutes)
    return data


def play_link(t: Translator, stored: StoredMatch) -> str:
    """The link that opens BG Stats on this finished match, as a new play."""
    text = json.dumps(play_data(t, stored), ensure_ascii=False, separators=(",", ":"))
    return f"{CREATE_PLAY}?data={quote(text, safe='')}"
