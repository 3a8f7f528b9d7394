"""The new-match draft: typed numbers checked, the Uno deck and its wilds
remembered, a table still being filled hinted at, not wrong, seats kept in order."""

from __future__ import annotations

import pytest

from companion.engine.games import EndKind
from companion.engine.match import Match, MatchError
from companion.ui.new_match.match_draft import MatchDraft


def _draft() -> MatchDraft:
    return MatchDraft.for_game("crazy-eights", ("Ada", "Bo"))


@pytest.mark.parametrize(
    "typed", ["9" * 4301, "²", "-5", ""], ids=["4301-digits", "²", "-5", "empty"]
)
@pytest.mark.parametrize(
    ("end_kind", "code"), [(EndKind.LIMIT, "bad-limit"), (EndKind.ROUNDS, "bad-rounds")]
)
def test_a_typed_end_that_is_no_number_says_so(
    typed: str, end_kind: EndKind, code: str
) -> None:
    problem = _draft().set(end_kind=end_kind, end_text=typed).check()
    assert problem is not None and problem.code == code
    assert len(str(problem.params["value"])) <= 12


@pytest.mark.parametrize("typed", ["9" * 4301, "²"], ids=["4301-digits", "²"])
def test_a_typed_card_value_that_is_no_number_says_so(typed: str) -> None:
    problem = _draft().set_value("8", typed).check()
    assert problem is not None and problem.code == "bad-card-value"
    assert problem.params["face"] == "8"


def test_typed_numbers_build_the_match() -> None:
    match = _draft().set(end_text=" 150 ").set_value("8", "25").build()
    assert match.settings.end.value == 150 and match.settings.values["8"] == 25


def test_the_cards_a_table_played_uno_with_come_back_with_its_house_rules():
    played = Match.new("uno", ["Ada", "Bo"], card_set="uno-cards", extra_wilds=3)
    house = played.settings.to_dict()
    draft = MatchDraft.for_game("uno", house=house)
    assert (draft.card_set, draft.extra_wilds) == ("uno-cards", "3")
    built = draft.add_player("Ada").add_player("Bo").build()
    assert built.settings == played.settings
    # Another game starts from its own cards, whatever Uno was played with.
    other = draft.choose_game("crazy-eights")
    assert other.card_set is None
    assert other.add_player("Ada").add_player("Bo").build().settings.card_set == (
        "regular"
    )


def test_uno_starts_on_the_uno_deck():
    draft = MatchDraft.for_game("uno").add_player("Ada").add_player("Bo")
    assert draft.build().settings.card_set == "uno-cards"
    chosen = MatchDraft().choose_game("uno").add_player("Ada").add_player("Bo")
    assert chosen.build().settings.card_set == "uno-cards"


def test_house_rules_stored_before_card_sets_give_regular_decks():
    house = Match.new("uno", ["Ada", "Bo"], card_set="regular").settings.to_dict()
    assert "card_set" not in house
    draft = MatchDraft.for_game("uno", house=house)
    built = draft.add_player("Ada").add_player("Bo").build()
    assert (built.settings.card_set, built.settings.extra_wilds) == ("regular", 0)


def test_extra_wilds_that_are_not_a_number_are_refused():
    draft = MatchDraft.for_game("uno").add_player("Ada").add_player("Bo")
    problem = draft.set(extra_wilds="lots").check()
    assert isinstance(problem, MatchError) and problem.code == "bad-extra-wilds"
    assert draft.set(extra_wilds="21").check().code == "bad-extra-wilds"
    assert draft.set(extra_wilds="").check() is None


def test_a_rematch_of_a_users_game_is_played_by_the_same_definition():
    from companion.engine.game_definitions import define_game

    definition = {
        "id": "family", "name": "Family rules", "card_set": "regular",
        "faces": {"8": {"value": 25, "copies": 4}, "2": {"value": 2, "copies": 4}},
        "decks": 1, "scoring": "penalty",
        "end": {"kind": "limit", "value": 50, "rule": "exceeds"},
        "lowest_wins": True, "nobody_out": True,
        "min_players": 2, "max_players": 4,
    }  # fmt: skip
    played = Match.new(define_game(definition), ["Ada", "Bo"])
    played = played.record_round("Ada", {"Bo": {"8": 3}})
    assert played.is_over
    again = MatchDraft.rematch(played).build()
    assert again.game == played.game and again.definition is not None
    assert again.players == ("Ada", "Bo") and again.rounds == ()


def test_a_table_still_filling_gets_a_hint_not_an_error() -> None:
    draft = MatchDraft.for_game("crazy-eights")
    problem = draft.check()
    assert problem is not None and problem.code == "player-count"
    assert draft.still_adding(problem) and draft.players_short == 2

    seated = draft.add_player("Ada")
    assert seated.still_adding(seated.check()) and seated.players_short == 1
    # Taken off again, or another game chosen: still a table being filled.
    emptied = seated.toggle_player("Ada")
    assert emptied.still_adding(emptied.check())
    uno = emptied.choose_game("uno")
    assert uno.still_adding(uno.check())
    full = seated.add_player("Bo")
    assert full.check() is None and full.players_short == 0


def test_a_real_mistake_is_an_error_even_while_players_are_missing() -> None:
    short = MatchDraft.for_game("crazy-eights").add_player("Ada")
    typo = short.set(end_text="lots")
    assert not typo.still_adding(typo.check())
    crowded = MatchDraft.for_game("crazy-eights", tuple(f"P{n}" for n in range(11)))
    problem = crowded.check()
    assert problem is not None and problem.code == "player-count"
    assert not crowded.still_adding(problem)


def test_a_rematch_keeps_the_seat_order_and_lists_only_the_others() -> None:
    played = Match.new("crazy-eights", ["Cy", "Ada", "Bo"])
    draft = MatchDraft.rematch(Match.from_dict(played.to_dict()))
    assert draft.seats == ("Cy", "Ada", "Bo")
    assert draft.check() is None and not draft.still_adding(None)
    # Players of earlier matches not at the table, however their name is cased.
    assert draft.not_seated(["ADA", "Bo", "Cy", "Di"]) == ["Di"]


@pytest.mark.parametrize(
    "typed", ["", "   ", "\u3000"], ids=["empty", "spaces", "wide-space"]
)
def test_an_empty_name_and_a_blank_one_get_the_same_message(typed: str) -> None:
    from companion.words.i18n import get_translator
    from companion.words.messages import error_message

    with pytest.raises(MatchError) as caught:
        MatchDraft.for_game("crazy-eights").add_player(typed)
    assert error_message(get_translator("en"), caught.value) == "Enter a name."


def test_a_seat_takes_the_name_rules() -> None:
    draft = MatchDraft.for_game("crazy-eights").add_player("  Ada  Lovelace ")
    assert draft.seats == ("Ada Lovelace",)
    for typed, code in (
        ("ＡＤＡ ＬＯＶＥＬＡＣＥ", "duplicate-name"),
        ("Bo\u200b", "hidden-character"),
    ):
        with pytest.raises(MatchError) as caught:
            draft.add_player(typed)
        assert caught.value.code == code


def test_a_typed_name_meets_the_players_already_known() -> None:
    draft = MatchDraft.for_game("crazy-eights")
    # Another case of a known player's name seats that player.
    assert draft.add_player("ada", roster=["Ada", "Bo"]).seats == ("Ada",)
    # A Cyrillic А: it looks like Ada, so it is refused, naming both.
    with pytest.raises(MatchError) as caught:
        draft.add_player("\u0410da", roster=["Ada", "Bo"])
    assert caught.value.code == "look-alike-name"
    assert caught.value.params == {"name": "\u0410da", "known": "Ada"}
