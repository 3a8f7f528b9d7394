"""A user's own game: checked from its definition, scored like the built-ins."""

import copy
import json

import pytest

from companion.engine.game_definitions import define_game, game_definition
from companion.engine.match import Match, MatchError

MAU_MAU = {
    "id": "mau-mau",
    "name": "Mau-Mau",
    "card_set": "regular",
    "faces": {
        face: {"value": value, "copies": 4}
        for face, value in {
            "A": 11, "7": 7, "8": 8, "9": 9, "10": 10, "J": 20, "Q": 3, "K": 4,
        }.items()
    },
    "decks": 1,
    "scoring": "penalty",
    "end": {"kind": "limit", "value": 100, "rule": "exceeds"},
    "lowest_wins": True,
    "nobody_out": False,
    "min_players": 2,
    "max_players": 5,
}  # fmt: skip


def changed(**changes) -> dict:
    data = copy.deepcopy(MAU_MAU)
    data.update(changes)
    return data


def test_a_users_game_scores_its_own_values_and_ends_at_its_own_limit():
    game = define_game(MAU_MAU)
    assert game.faces == ("A", "7", "8", "9", "10", "J", "Q", "K")
    m = Match.new(game, ["Ada", "Bo", "Cy"])
    m = m.record_round("Ada", {"Bo": {"J": 2, "A": 1}, "Cy": {"7": 1}})
    assert m.totals() == {"Ada": 0, "Bo": 51, "Cy": 7}
    m = m.record_round("Cy", {"Ada": {"Q": 1}, "Bo": {"J": 2, "10": 1}})
    assert m.is_over and m.winners == ["Ada"]


def test_the_engines_checks_apply_to_a_users_game_as_to_the_built_ins():
    m = Match.new(define_game(MAU_MAU), ["Ada", "Bo"])
    for went_out, hands, code in [
        ("Ada", {"Bo": {"2": 1}}, "unknown-card"),
        ("Ada", {"Bo": {"J": 5}}, "deck-limit"),
        (None, {"Ada": {"J": 1}, "Bo": {"K": 1}}, "nobody-out-not-allowed"),
        ("Ada", {"Bo": {}}, "empty-hand"),
    ]:
        with pytest.raises(MatchError) as refused:
            m.record_round(went_out, hands)
        assert refused.value.code == code
    with pytest.raises(MatchError) as crowded:
        Match.new(define_game(MAU_MAU), [f"P{n}" for n in range(6)])
    assert crowded.value.code == "player-count"


def test_a_match_keeps_the_definition_it_was_played_by():
    m = Match.new(define_game(MAU_MAU), ["Ada", "Bo"]).record_round(
        "Ada", {"Bo": {"J": 1}}
    )
    stored = json.loads(json.dumps(m.to_dict()))
    assert stored["definition"] == MAU_MAU
    # The game is edited afterwards: the match read back still scores as played.
    edited = define_game(changed(faces={"J": {"value": 2, "copies": 4}}))
    assert edited.values["J"] == 2
    restored = Match.from_dict(stored)
    assert restored == m and restored.totals() == {"Ada": 0, "Bo": 20}
    assert game_definition(restored.game) == MAU_MAU


def test_highest_can_win_and_uno_faces_can_be_used():
    data = changed(
        id="house-uno",
        name="House Uno",
        card_set="uno-cards",
        faces={"10": {"value": 5, "copies": 4}, "RJ": {"value": 40, "copies": 4}},
        lowest_wins=False,
        nobody_out=True,
        end={"kind": "rounds", "value": 2},
    )
    m = Match.new(define_game(data), ["Ada", "Bo"])
    m = m.record_round("Ada", {"Bo": {"RJ": 1}}).record_round(
        None, {"Ada": {"10": 1}, "Bo": {"10": 2}}
    )
    assert m.is_over and m.winners == ["Bo"]
    assert m.settings.card_set == "uno-cards"


@pytest.mark.parametrize(
    ("data", "taken", "code"),
    [
        (changed(faces={}), (), "game-no-faces"),
        (changed(faces={"J": {"value": -1, "copies": 4}}), (), "bad-card-value"),
        (changed(faces={"J": {"value": 1001, "copies": 4}}), (), "bad-card-value"),
        (changed(faces={"J": {"value": 10, "copies": 0}}), (), "bad-copies"),
        (changed(faces={"RJ": {"value": 10, "copies": 1}}, card_set="tarot"), (),
         "unknown-card-set"),
        (changed(faces={"Z": {"value": 10, "copies": 1}}), (), "unknown-face"),
        (changed(end={"kind": "limit", "value": 0, "rule": "exceeds"}), (),
         "bad-limit"),
        (changed(end={"kind": "rounds", "value": 0}), (), "bad-rounds"),
        (changed(min_players=4, max_players=3), (), "bad-player-range"),
        (changed(max_players=11), (), "player-count"),
        (changed(name="  "), (), "game-name-empty"),
        (changed(name="x" * 31), (), "game-name-too-long"),
        (changed(name="crazy  eights"), (), "game-name-taken"),
        (changed(name="UNO"), (), "game-name-taken"),
        (changed(), ("mau-mau",), "game-name-taken"),
        (changed(id="uno"), (), "bad-game-definition"),
        (changed(id="Not an id"), (), "bad-game-definition"),
        (changed(decks=0), (), "bad-decks"),
        (changed(scoring="most"), (), "bad-scoring"),
        (changed(lowest_wins="yes"), (), "bad-game-definition"),
    ],
)  # fmt: skip
def test_a_bad_definition_is_refused_with_its_code(data, taken, code):
    with pytest.raises(MatchError) as refused:
        define_game(data, taken)
    assert refused.value.code == code
