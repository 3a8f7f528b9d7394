"""Card sets: the Uno deck is Uno's faces under its own names; extra wilds."""

import json

import pytest

from companion.engine.games import CARD_SETS, GAMES, UNO_CARDS, get_card_set, get_game
from companion.engine.match import Match, MatchError

# A real Uno deck, card by card: per colour one 0, two of each 1-9 and two of
# each action card; four wilds and four wild draw fours.
UNO_DECK = (
    {"0": 4}
    | {str(n): 8 for n in range(1, 10)}
    | {"skip": 8, "reverse": 8, "draw-two": 8, "wild": 4, "wild-draw-four": 4}
)
UNO_VALUES = {str(n): n for n in range(10)} | {
    "skip": 20,
    "reverse": 20,
    "draw-two": 20,
    "wild": 50,
    "wild-draw-four": 50,
}


def test_uno_cards_are_the_uno_game_under_their_own_names():
    uno = get_game("uno")
    assert {UNO_CARDS.card(face): n for face, n in uno.copies.items()} == UNO_DECK
    assert {UNO_CARDS.card(face): v for face, v in uno.values.items()} == UNO_VALUES


def test_uno_cards_keypad_order_is_zero_to_nine_then_the_action_cards():
    order = UNO_CARDS.order(get_game("uno").faces)
    assert [UNO_CARDS.card(face) for face in order] == [
        *map(str, range(10)),
        *("skip", "reverse", "draw-two", "wild", "wild-draw-four"),
    ]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_card_set_of_a_game_names_each_of_its_faces_once(game_id):
    game = GAMES[game_id]
    for card_set_id in game.card_sets:
        cards = CARD_SETS[card_set_id]
        assert sorted(cards.order(game.faces)) == sorted(game.faces)
        named = [cards.card(face) for face in game.faces]
        assert len(set(named)) == len(named)


def test_a_match_with_uno_cards_keeps_them_through_its_stored_form():
    m = Match.new("uno", ["Ada", "Bo"], card_set="uno-cards", extra_wilds=4)
    m = m.record_round("Ada", {"Bo": {"RJ": 8, "10": 1}})
    stored = json.loads(json.dumps(m.to_dict()))
    assert stored["settings"]["card_set"] == "uno-cards"
    assert stored["settings"]["extra_wilds"] == 4
    restored = Match.from_dict(stored)
    assert restored == m
    assert restored.settings.card_set == "uno-cards"
    assert restored.totals() == {"Ada": 400, "Bo": 0}


def test_a_new_uno_match_is_played_with_an_uno_deck():
    assert Match.new("uno", ["Ada", "Bo"]).settings.card_set == "uno-cards"
    assert Match.new("crazy-eights", ["Ada", "Bo"]).settings.card_set == "regular"


def test_an_uno_match_stored_before_card_sets_plays_regular_decks():
    m = Match.new("uno", ["Ada", "Bo"], card_set="regular")
    m = m.record_round("Ada", {"Bo": {"K": 1}})
    stored = m.to_dict()
    # Regular decks are stored as no card set at all, as before card sets.
    assert "card_set" not in stored["settings"]
    assert "extra_wilds" not in stored["settings"]
    restored = Match.from_dict(stored)
    assert restored.settings.card_set == "regular"
    assert restored.settings.extra_wilds == 0


def test_extra_wild_cards_raise_the_deck_limit_of_wilds_only():
    plain = Match.new("uno", ["Ada", "Bo"], card_set="uno-cards")
    with pytest.raises(MatchError) as refused:
        plain.record_round("Ada", {"Bo": {"RJ": 5}})
    assert refused.value.params == {"face": "RJ", "count": 5, "limit": 4}
    newer = Match.new("uno", ["Ada", "Bo"], card_set="uno-cards", extra_wilds=4)
    assert newer.record_round("Ada", {"Bo": {"RJ": 8}}).totals()["Ada"] == 400
    with pytest.raises(MatchError) as still:
        newer.record_round("Ada", {"Bo": {"RJ": 9}})
    assert still.value.params["limit"] == 8
    with pytest.raises(MatchError):
        newer.record_round("Ada", {"Bo": {"BJ": 5}})


def test_an_unknown_card_set_is_refused_with_its_code():
    with pytest.raises(MatchError) as unknown:
        get_card_set("tarot")
    assert (unknown.value.code, unknown.value.params) == (
        "unknown-card-set",
        {"value": "tarot"},
    )
