"""The Leaderboard's games keep their order, whichever was played last."""

from __future__ import annotations

from companion.engine.game_definitions import define_game
from companion.storage.stats import GameKey
from companion.ui.players.leaderboard import in_chip_order

EIGHTS = GameKey("crazy-eights", True)
EIGHTS_COLLECTED = GameKey("crazy-eights", False)
VANDATTA = GameKey("vandatta", True)
UNO = GameKey("uno", False)


def test_the_games_keep_the_rules_chips_order_whichever_was_played_last():
    # Played last first, as the store lists them: Uno, then Crazy Eights.
    assert in_chip_order([UNO, EIGHTS], {}) == [EIGHTS, UNO]
    assert in_chip_order([VANDATTA, UNO, EIGHTS], {}) == [EIGHTS, VANDATTA, UNO]
    # A game under its usual scoring before the same game under the other.
    assert in_chip_order([EIGHTS_COLLECTED, EIGHTS], {}) == [EIGHTS, EIGHTS_COLLECTED]


def test_the_users_games_follow_ours_by_name():
    def own(game_id: str, name: str):
        return define_game(
            {
                "id": game_id, "name": name, "card_set": "regular",
                "faces": {"A": {"value": 1, "copies": 4}}, "decks": 1,
                "scoring": "penalty",
                "end": {"kind": "limit", "value": 100, "rule": "exceeds"},
                "lowest_wins": True, "nobody_out": False,
                "min_players": 2, "max_players": 5,
            }
        )  # fmt: skip

    games = {"g-2": own("g-2", "Mau-Mau"), "g-1": own("g-1", "Kille")}
    mau, kille = GameKey("g-2", True), GameKey("g-1", True)
    assert in_chip_order([mau, UNO, kille], games) == [UNO, kille, mau]
