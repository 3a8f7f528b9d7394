"""The built-in games match the facts in the shared game notes."""

import pytest

from companion.engine.errors import MatchError
from companion.engine.games import FACES, GAMES, EndKind, LimitRule, Scoring, get_game

# Card values as the game notes give them, face by face.
EXPECTED_VALUES = {
    "crazy-eights": {
        "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 50,
        "9": 9, "10": 10, "J": 10, "Q": 10, "K": 10,
    },
    "vandatta": {
        "A": 5, "2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 1, "8": 10,
        "9": 1, "10": 1, "J": 1, "Q": 1, "K": 1,
    },
    "uno": {
        "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8,
        "9": 9, "10": 0, "J": 20, "Q": 20, "K": 20, "RJ": 50, "BJ": 50,
    },
}  # fmt: skip

CASES = [
    (game_id, face, value)
    for game_id, table in EXPECTED_VALUES.items()
    for face, value in table.items()
]


@pytest.mark.parametrize(("game_id", "face", "value"), CASES)
def test_every_face_of_every_game_is_worth_its_table_value(game_id, face, value):
    assert get_game(game_id).points(face) == value


@pytest.mark.parametrize("game_id", sorted(EXPECTED_VALUES))
def test_keypad_shows_exactly_the_faces_of_the_deck(game_id):
    assert set(get_game(game_id).faces) == set(EXPECTED_VALUES[game_id])


def test_hand_points_adds_each_card():
    assert get_game("crazy-eights").hand_points({"8": 1, "K": 2}) == 70
    assert get_game("vandatta").hand_points({"8": 2, "A": 1, "K": 3}) == 28
    assert get_game("uno").hand_points({"RJ": 1, "10": 2, "Q": 1}) == 70


def test_standard_decks_hold_four_of_each_face():
    for game_id in ("crazy-eights", "vandatta"):
        game = get_game(game_id)
        assert dict(game.copies) == {face: 4 for face in FACES}
        assert game.deck_options == (1, 2)


def test_uno_deck_is_the_size_of_an_uno_deck():
    uno = get_game("uno")
    assert sum(uno.copies.values()) == 108
    assert uno.copies["10"] == 4 and uno.copies["RJ"] == 4 and uno.copies["BJ"] == 4
    assert all(uno.copies[face] == 8 for face in ("A", "5", "9", "J", "Q", "K"))
    assert uno.deck_options == (1,)


@pytest.mark.parametrize(
    ("game_id", "players", "cards"),
    [
        ("crazy-eights", 2, 7),
        ("crazy-eights", 3, 5),
        ("crazy-eights", 6, 5),
        ("vandatta", 4, 7),
        ("uno", 10, 7),
    ],
)
def test_cards_dealt_follow_the_table_size(game_id, players, cards):
    assert get_game(game_id).cards_dealt(players) == cards


def test_default_scoring_and_end_per_game():
    crazy, vandatta, uno = (GAMES[g] for g in ("crazy-eights", "vandatta", "uno"))
    assert crazy.scoring is Scoring.PENALTY
    assert (crazy.end.kind, crazy.end.value, crazy.end.rule) == (
        EndKind.LIMIT,
        100,
        LimitRule.EXCEEDS,
    )
    assert vandatta.scoring is Scoring.PENALTY
    assert (vandatta.end.kind, vandatta.end.value) == (EndKind.ROUNDS, 5)
    assert uno.scoring is Scoring.WINNER_COLLECTS
    assert (uno.end.kind, uno.end.value, uno.end.rule) == (
        EndKind.LIMIT,
        500,
        LimitRule.REACHES,
    )
    assert crazy.allows_nobody_out and not uno.allows_nobody_out


def test_one_deck_serves_up_to_six_at_crazy_eights_then_two():
    crazy = get_game("crazy-eights")
    assert crazy.decks_for(6) == 1
    assert crazy.decks_for(7) == 2
    assert get_game("vandatta").decks_for(6) == 2


def test_unknown_game_and_face_are_refused_with_codes():
    with pytest.raises(MatchError) as unknown_game:
        get_game("poker")
    assert unknown_game.value.code == "unknown-game"
    assert unknown_game.value.params == {"game": "poker"}
    with pytest.raises(MatchError) as joker:
        get_game("crazy-eights").points("RJ")
    assert joker.value.code == "unknown-face"
