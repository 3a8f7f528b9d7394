"""Log in BG Stats: the link BG Stats documents, holding the finished match.

BG Stats' page "Push plays to BG Stats from other apps or websites",
https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/,
says the link is `https://app.bgstatsapp.com/createPlay.html?data=<data>`,
`<data>` "an url-encoded json-string" whose example is, in full as far as
its fields go:

    {"board": "", "durationMin": 36, "comments": "Such a close play!",
     "game": {"bggId": 132531, "highestWins": true, "name": "Roll for the Galaxy",
              "noPoints": false, "sourceGameId": "21df231"},
     "location": "Home", "playDate": "2020-10-23 19:16:58",
     "players": [{"startPlayer": true, "name": "Eerko", "rank": 1, "role": "",
                  "score": 47.3, "sourcePlayerId": "23432", "winner": true}, ...],
     "sourceName": ..., "sourcePlayId": ...}

(sourceName and sourcePlayId name the app and the play, so that a play
pushed twice is known again.) The tests below hold the link to that page.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from urllib.parse import parse_qs, urlsplit

import flet as ft
from rendered_app import drawn_views, walk

from companion.engine.match import Match
from companion.storage import Store
from companion.storage.records import StoredMatch
from companion.ui.scoreboard.bg_stats import play_link
from companion.ui.settings import features
from companion.words.i18n import get_translator

DOCUMENTED = {
    "board": str,
    "durationMin": int,
    "comments": str,
    "game": dict,
    "location": str,
    "playDate": str,
    "players": list,
    "sourceName": str,
    "sourcePlayId": str,
}
"""The play's fields on BG Stats' page, and what each holds."""

GAME = {
    "bggId": int,
    "highestWins": bool,
    "name": str,
    "noPoints": bool,
    "sourceGameId": str,
}
PLAYER = {
    "startPlayer": bool,
    "name": str,
    "rank": int,
    "role": str,
    "score": (int, float),
    "sourcePlayerId": str,
    "winner": bool,
}


def _read(link: str) -> dict[str, object]:
    """The play a link holds, read as BG Stats reads it: `data`, url-decoded JSON."""
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == (
        "https",
        "app.bgstatsapp.com",
        "/createPlay.html",
    )
    (data,) = parse_qs(parts.query, strict_parsing=True)["data"]
    play = json.loads(data)
    assert isinstance(play, dict)
    return play


def _fields_as_documented(value: dict[str, object], fields: dict[str, object]) -> None:
    assert set(value) <= set(fields), set(value) - set(fields)
    for key, item in value.items():
        kind = fields[key]
        assert isinstance(item, kind), (key, item)  # type: ignore[arg-type]
        assert not isinstance(item, bool) or kind is bool, (key, item)


def _uno_match() -> StoredMatch:
    match = Match.new("uno", ["Ada", "Bo & Co", "Åse 🎉"]).record_round(
        "Åse 🎉", {"Ada": 320, "Bo & Co": 210}
    )
    assert match.is_over
    return StoredMatch(
        "0a1b2c3d4e5f",
        datetime(2026, 12, 5, 19, 2, 10, tzinfo=UTC),
        datetime(2026, 12, 5, 20, 40, 59, tzinfo=UTC),
        match,
    )


def test_the_link_holds_the_game_players_scores_winner_and_date_as_documented():
    play = _read(play_link(get_translator("en"), _uno_match()))
    _fields_as_documented(play, DOCUMENTED)
    assert isinstance(play["game"], dict) and isinstance(play["players"], list)
    _fields_as_documented(play["game"], GAME)
    for player in play["players"]:
        _fields_as_documented(player, PLAYER)
    assert play["sourceName"] == "Card Table Companion"
    assert play["sourcePlayId"] == "0a1b2c3d4e5f"
    # The date as the page writes it: "2020-10-23 19:16:58".
    assert play["playDate"] == "2026-12-05 20:40:59"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", str(play["playDate"]))
    assert play["durationMin"] == 98
    assert play["game"] == {
        "name": "Uno (Uno cards)",
        "sourceGameId": "uno",
        "highestWins": True,
        "noPoints": False,
    }
    # Uno: the one who went out collects the others' cards, and won.
    assert play["players"] == [
        {"name": "Åse 🎉", "sourcePlayerId": "Åse 🎉", "score": 530, "rank": 1,
         "winner": True},
        {"name": "Ada", "sourcePlayerId": "Ada", "score": 0, "rank": 2,
         "winner": False},
        {"name": "Bo & Co", "sourcePlayerId": "Bo & Co", "score": 0, "rank": 2,
         "winner": False},
    ]  # fmt: skip


def test_the_game_is_named_in_the_tables_language_and_lowest_wins_says_so():
    eights = Match.new("crazy-eights", ["Ada", "Bo"], limit=50).record_round(
        "Ada", {"Bo": {"8": 2}}
    )
    stored = StoredMatch("00000000000a", datetime(2026, 1, 2, tzinfo=UTC), None, eights)
    play = _read(play_link(get_translator("nb"), stored))
    assert play["game"]["name"] == "Vri åtter"  # type: ignore[index]
    assert play["game"]["highestWins"] is False  # type: ignore[index]
    assert "durationMin" not in play
    assert play["playDate"] == "2026-01-02 00:00:00"


def test_a_finished_match_offers_the_link_a_running_one_does_not():
    store = Store.in_memory()
    running = Match.new("uno", ["Ada", "Bo"])
    over = store.add_match(running.record_round("Ada", {"Bo": 510}))
    going = store.add_match(running)
    (view,) = drawn_views(store, f"/match/{over}", features.served())
    (button,) = [
        c
        for c in walk(view)
        if isinstance(c, ft.OutlinedButton) and c.content == "Log in BG Stats"
    ]
    assert isinstance(button.url, ft.Url)
    play = _read(button.url.url)
    assert play["sourcePlayId"] == over
    assert button.url.target == ft.UrlTarget.BLANK
    (view,) = drawn_views(store, f"/match/{going}", features.served())
    labels = [c.content for c in walk(view) if isinstance(c, ft.OutlinedButton)]
    assert "Log in BG Stats" not in labels
