"""Game, card, scoring and end wording in each language."""

import pytest

from companion.engine.games import GAMES, EndCondition, EndKind, LimitRule, Scoring
from companion.engine.match import Match
from companion.words.game_texts import (
    CARD_NAMES,
    card_label,
    card_name,
    end_description,
    game_description,
    game_name,
    one_card_name,
    round_hands_text,
    scoring_name,
    winner_description,
)
from companion.words.i18n import LANGUAGES, get_translator


def test_game_names_are_what_each_table_calls_the_game():
    names = {
        lang: [game_name(get_translator(lang), game_id) for game_id in GAMES]
        for lang in LANGUAGES
    }
    assert names["en"] == ["Crazy Eights", "Vändåtta", "Uno"]
    assert names["nb"] == ["Vri åtter", "Vändåtta", "Uno"]
    assert names["es"][0] == "Ocho loco"
    # A Swedish table knows the family as vändåtta: this one is the Norwegian.
    assert names["sv"] == ["Norsk vändåtta", "Vändåtta", "Uno"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_has_its_own_description(lang):
    t = get_translator(lang)
    descriptions = {game_description(t, game) for game in GAMES.values()}
    assert len(descriptions) == len(GAMES)


def test_card_names_agree_with_the_count():
    t = get_translator("sv")
    assert card_name(t, "8", 1) == "åtta"
    assert card_name(t, "8", 3) == "åttor"
    assert card_name(get_translator("es"), "BJ", 2) == "comodines negros"
    assert card_name(t, "Z", 2) == "Z"


def test_one_card_has_the_numeral_that_agrees_with_it():
    nb, sv, es = (get_translator(lang) for lang in ("nb", "sv", "es"))
    assert [one_card_name(nb, face) for face in ("A", "K", "Q", "J", "8")] == [
        "ett ess",
        "én konge",
        "én dame",
        "én knekt",
        "én åtter",
    ]
    assert [one_card_name(sv, face) for face in ("A", "K", "Q", "8")] == [
        "ett ess",
        "en kung",
        "en dam",
        "en åtta",
    ]
    assert [one_card_name(es, face) for face in ("A", "K", "Q", "J")] == [
        "un as",
        "un rey",
        "una reina",
        "una jota",
    ]
    assert one_card_name(get_translator("en"), "skip") == "one skip"
    assert one_card_name(nb, "Z") == "Z"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_name_for_one_of_it(lang):
    t = get_translator(lang)
    for face in CARD_NAMES:
        one = one_card_name(t, face)
        assert one != face and card_name(t, face, 1) in one, (face, one)


def test_card_labels_are_short_and_numbers_stay_numbers():
    assert card_label(get_translator("es"), "BJ") == "N★"
    assert card_label(get_translator("nb"), "10") == "10"
    assert card_label(get_translator("en"), "Q") == "Q"


def test_match_ends_are_described_with_local_numbers():
    t = get_translator("nb")
    big = EndCondition(EndKind.LIMIT, 1500, LimitRule.REACHES)
    assert end_description(t, big) == "Slutter når noens sum når 1\u00a0500"
    passes = EndCondition(EndKind.LIMIT, 100, LimitRule.EXCEEDS)
    assert end_description(t, passes) == "Slutter når noens sum går over 100"
    one = EndCondition(EndKind.ROUNDS, 1)
    assert end_description(get_translator("en"), one) == "Ends after 1 round"


def test_scoring_modes_have_names_and_winners():
    t = get_translator("es")
    assert scoring_name(t, Scoring.PENALTY) == "Puntos en contra"
    assert winner_description(t, Scoring.WINNER_COLLECTS) == "Gana el total más alto"


def test_a_spreadsheet_row_names_the_places_then_the_last_hand():
    match = Match.new("crazy-eights", ["Ada", "Bo", "Cy", "Di"]).record_round(
        "Bo", {"Cy": {"8": 1, "K": 2}}, places=["Bo", "Ada", "Di"]
    )
    assert round_hands_text(get_translator("en"), match, 0) == (
        "1st Bo · 2nd Ada · 3rd Di · 4th Cy; Cy: 8, K ×2"
    )
    assert round_hands_text(get_translator("sv"), match, 0).startswith(
        "1:a Bo · 2:a Ada · 3:e Di · 4:e Cy; Cy:"
    )


def test_unos_draw_cards_are_written_as_cards_not_as_points():
    # Uno played with an Uno deck: K is Draw Two, BJ Wild Draw Four.
    match = Match.new("uno", ["Ada", "Bo", "Cy"]).record_round(
        "Ada", {"Bo": {"K": 2, "J": 1}, "Cy": {"BJ": 1, "5": 1}}
    )
    line = round_hands_text(get_translator("en"), match, 0)
    # Beside a round's "+84", a "+2" or "+4" would read as points.
    assert "+" not in line
    assert "Draw Two ×2" in line
    assert "Wild Draw Four" in line
    # The keypad keeps the labels printed on the cards.
    assert card_label(get_translator("en"), "draw-two") == "+2"
