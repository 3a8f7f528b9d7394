"""Creating a match: players, decks, scoring, end and card values are checked."""

import pytest

from companion.engine.games import EndKind, LimitRule, Scoring
from companion.engine.match import Match, MatchError

NAMES = ["Ada", "Bo", "Cy"]


@pytest.mark.parametrize(
    ("game", "players", "settings", "code"),
    [
        ("crazy-eights", ["Ada"], {}, "player-count"),
        ("uno", [f"P{i}" for i in range(11)], {}, "player-count"),
        ("crazy-eights", ["Ada", ""], {}, "empty-name"),
        ("crazy-eights", ["Ada", "   "], {}, "empty-name"),
        ("crazy-eights", ["Ada", None], {}, "empty-name"),
        ("crazy-eights", ["Ada", "x" * 25], {}, "name-too-long"),
        ("crazy-eights", ["Ada", "ada"], {}, "duplicate-name"),
        ("crazy-eights", ["Ada Lovelace", " ada  lovelace "], {}, "duplicate-name"),
        ("poker", NAMES, {}, "unknown-game"),
        ("crazy-eights", [f"P{i}" for i in range(7)], {"decks": 1},
         "too-many-for-decks"),
        ("crazy-eights", NAMES, {"decks": 3}, "bad-decks"),
        ("uno", NAMES, {"decks": 2}, "bad-decks"),
        ("crazy-eights", NAMES, {"scoring": "most"}, "bad-scoring"),
        ("crazy-eights", NAMES, {"limit": 0}, "bad-limit"),
        ("crazy-eights", NAMES, {"limit": "100"}, "bad-limit"),
        ("crazy-eights", NAMES, {"limit_rule": "touches"}, "bad-limit-rule"),
        ("vandatta", NAMES, {"rounds": 0}, "bad-rounds"),
        ("vandatta", NAMES, {"rounds": 3, "limit": 50}, "conflicting-end"),
        ("vandatta", NAMES, {"limit_rule": "reaches"}, "conflicting-end"),
        ("crazy-eights", NAMES, {"values": {"8": -1}}, "bad-card-value"),
        ("crazy-eights", NAMES, {"values": {"8": "25"}}, "bad-card-value"),
        ("crazy-eights", NAMES, {"values": {"RJ": 50}}, "unknown-face"),
        ("crazy-eights", NAMES, {"first_dealer": "Zed"}, "unknown-dealer"),
        ("crazy-eights", NAMES, {"card_set": "uno-cards"}, "unknown-card-set"),
        ("uno", NAMES, {"card_set": "tarot"}, "unknown-card-set"),
        ("uno", NAMES, {"extra_wilds": -1}, "bad-extra-wilds"),
        ("uno", NAMES, {"extra_wilds": 21}, "bad-extra-wilds"),
        ("uno", NAMES, {"extra_wilds": True}, "bad-extra-wilds"),
        ("crazy-eights", NAMES, {"extra_wilds": 1}, "bad-extra-wilds"),
    ],
)  # fmt: skip
def test_a_bad_setup_is_refused_with_its_code(game, players, settings, code):
    with pytest.raises(MatchError) as error:
        Match.new(game, players, **settings)
    assert error.value.code == code


def test_names_are_trimmed_and_seats_kept_in_order():
    m = Match.new("crazy-eights", ["  Ada ", "Bo", "Cy"])
    assert m.players == ("Ada", "Bo", "Cy")
    assert m.first_dealer == "Ada"


def test_game_defaults_fill_every_setting_not_chosen():
    m = Match.new("uno", NAMES)
    assert m.settings.scoring is Scoring.WINNER_COLLECTS
    assert (m.settings.end.kind, m.settings.end.value) == (EndKind.LIMIT, 500)
    assert m.settings.end.rule is LimitRule.REACHES
    assert dict(m.settings.values) == dict(m.game.values)
    assert m.settings.decks == 1


def test_seven_players_at_crazy_eights_get_two_decks_by_default():
    m = Match.new("crazy-eights", [f"P{i}" for i in range(7)])
    assert m.settings.decks == 2


def test_a_chosen_limit_keeps_the_game_rule():
    m = Match.new("crazy-eights", ["Ada", "Bo"], limit=150, decks=2)
    assert (m.settings.end.value, m.settings.end.rule) == (150, LimitRule.EXCEEDS)
    assert m.settings.decks == 2


def test_a_limit_can_replace_the_fixed_rounds_of_vandatta():
    m = Match.new("vandatta", NAMES, limit=30)
    assert m.settings.end.kind is EndKind.LIMIT
    assert m.settings.end.rule is LimitRule.EXCEEDS


def test_house_values_override_only_the_faces_named():
    m = Match.new("vandatta", NAMES, values={"8": 25, "A": 15})
    assert m.settings.values["8"] == 25 and m.settings.values["A"] == 15
    assert m.settings.values["K"] == 1


def test_new_names_meet_the_name_rules_at_the_table() -> None:
    match = Match.new("crazy-eights", ["  Ada ", "Re\u0301ne"])
    assert match.players == ("Ada", "R\u00e9ne")
    for players, code in (
        (["Ada", "Bo\u200b"], "hidden-character"),
        (["Ada", "Ａｄａ"], "duplicate-name"),
    ):
        with pytest.raises(MatchError) as caught:
            Match.new("crazy-eights", players)
        assert caught.value.code == code
    renamed = match.rename_player("Ada", "Ida")
    for new, code in (("Ida\u202e", "hidden-character"), ("RÉNE", "duplicate-name")):
        with pytest.raises(MatchError) as caught:
            renamed.rename_player("Ida", new)
        assert caught.value.code == code


def test_a_stored_match_with_names_of_the_old_rules_stays_readable() -> None:
    stored = Match.new("crazy-eights", ["Ada", "Bo"]).to_dict()
    # Saved before the name rules: "Ada" twice, once with a zero-width space.
    stored["players"] = ["Ada", "Ada\u200b"]
    stored["first_dealer"] = "Ada"
    match = Match.from_dict(stored)
    assert match.players == ("Ada", "Ada\u200b")
    match = match.record_round("Ada", {"Ada\u200b": {"K": 1}})
    assert match.totals() == {"Ada": 0, "Ada\u200b": 10}
    assert Match.from_dict(match.to_dict()) == match
