"""A user's game as typed on its screen: a definition out, bad numbers refused."""

from companion.engine.game_definitions import define_game
from companion.engine.games import EndKind, Scoring
from companion.ui.new_match.own_game_draft import OwnGameDraft


def test_what_is_typed_becomes_a_definition_and_comes_back_for_editing():
    draft = OwnGameDraft().set(name="Switch", decks="2", most="8")
    draft = draft.toggle_face("Q").set_value("8", "50").set(end_text="150")
    game = define_game({**draft.definition(), "id": "switch"})
    assert "Q" not in game.faces and game.values["8"] == 50
    assert game.copies["K"] == 4 and game.deck_options == (2,)
    again = OwnGameDraft.from_game(game)
    assert again.definition() == {**draft.definition(), "id": "switch"}


def test_uno_faces_can_be_chosen_and_the_end_counted_in_rounds():
    draft = OwnGameDraft().set(name="Ours").choose_card_set("uno-cards")
    draft = draft.set(
        end_kind=EndKind.ROUNDS, end_text="3", scoring=Scoring.WINNER_COLLECTS
    )
    data = draft.definition()
    assert "RJ" in data["faces"] and data["end"] == {"kind": "rounds", "value": 3}
    assert draft.check(()) is None


def test_bad_input_says_what_to_fix():
    assert OwnGameDraft().check(()).code == "game-name-empty"
    named = OwnGameDraft().set(name="Ours")
    assert named.check(["ours"]).code == "game-name-taken"
    assert named.set(values={}).check(()).code == "game-no-faces"
    assert named.set(copies="0").check(()).code == "bad-copies"
    assert named.set(copies="").check(()).code == "bad-copies"
    assert named.set_value("K", "1001").check(()).code == "bad-card-value"
    assert named.set(end_text="0").check(()).code == "bad-limit"
    assert named.set(fewest="5", most="3").check(()).code == "bad-player-range"


def test_numbers_no_parser_could_read_are_refused_not_crashed_on():
    named = OwnGameDraft().set(name="Ours")
    for typed in ("²", "9" * 4301):
        assert named.set_value("K", typed).check(()).code == "bad-card-value"
        assert named.set(copies=typed).check(()).code == "bad-copies"
        assert named.set(decks=typed).check(()).code == "bad-decks"
        assert named.set(end_text=typed).check(()).code == "bad-limit"
        problem = named.set(most=typed).check(())
        assert problem is not None and len(str(problem.params.get("value", ""))) <= 12
