"""The words of a rule search: word forms meet, games are known by every name,
and each language's table talk is read as written."""

import pytest

from companion.engine.games import GAMES, get_card_set, get_game
from companion.words.i18n import LANGUAGES
from companion.words.rule_query import vocabulary_of
from companion.words.rule_words import (
    MARKS,
    fold,
    game_names,
    is_filler,
    language_words,
    named_game,
    stem,
    tokens,
    within_ranges,
)
from companion.words.rules import reminders


def test_every_game_is_known_by_its_names_in_all_four_languages():
    names = {game: {" ".join(n) for n in found} for game, found in game_names().items()}
    assert {"crazy eights", "vri atter", "olsen", "ocho loco"} <= names["crazy-eights"]
    assert {"norsk vandatta", "crazy 8"} <= names["crazy-eights"]
    assert "vandatta" in names["vandatta"]
    assert {"uno", "vriompeis"} <= names["uno"]


def test_word_forms_meet_their_stem():
    assert stem("eights", "en") == stem("eight", "en")
    assert stem("going", "en") == stem("went", "en") == "go"
    assert stem(fold("åttere"), "nb") == stem(fold("åtter"), "nb")
    assert stem(fold("legges"), "nb") == stem(fold("legge"), "nb")
    assert stem(fold("åttorna"), "sv") == stem(fold("åtta"), "sv")
    assert stem(fold("läggas"), "sv") == stem(fold("lägger"), "sv")
    assert stem(fold("jokrar"), "sv") == stem(fold("joker"), "sv")
    assert stem(fold("comodines"), "es") == stem(fold("comodín"), "es")
    assert stem(fold("cierra"), "es") == stem(fold("cerrar"), "es")
    assert stem(fold("quedarse"), "es") == stem(fold("queda"), "es")


def test_a_name_counts_whole_or_as_a_word_the_language_lacks():
    found = named_game("ocho loco ocho", "es", frozenset())
    assert (found.game_id, found.rest, found.name) == (
        "crazy-eights",
        ["ocho"],
        ["ocho", "loco"],
    )
    assert named_game("åtta", "en", frozenset()).game_id == "vandatta"
    assert named_game("åtta", "sv", frozenset({"atta"})).game_id is None
    assert named_game("eights", "en", frozenset()).game_id is None


def test_a_name_that_is_an_everyday_word_needs_its_capital():
    assert named_game("cada uno roba", "es", frozenset()).game_id is None
    assert named_game("Uno roba", "es", frozenset()).game_id == "uno"
    assert named_game("uno", "es", frozenset()).game_id == "uno"
    # In English "uno" is only the game.
    assert named_game("forgot uno", "en", frozenset()).game_id == "uno"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_languages_words_are_read_whole(lang):
    words = language_words(lang)
    assert len(words.filler) > 30
    assert words.endings == tuple(sorted(words.endings, key=len, reverse=True))
    assert len(words.talk) > 60
    # Figures and the words for them: "2" stands for "two" in the rules.
    assert words.talk[("2",)] and {"2", "10"} <= words.numbers
    # Table talk stands for words the rules use (in some game, with some
    # cards), so that it can find them.
    texts = [
        f"{card.title} {card.body}"
        for game in GAMES
        for cards in get_game(game).card_sets
        for card in reminders(game, lang, cards=get_card_set(cards))
    ]
    used = vocabulary_of(texts, lang).stems | MARKS
    # "Two nines" asks for the rules' word for several cards of one rank.
    assert words.several and set(words.several) <= used
    for said, meant in words.talk.items():
        for phrase in meant:
            # Figures are spelled out whether or not the rules use that number.
            assert said[0].isdigit() or set(phrase) <= used, (said, phrase)


def test_filler_words_say_nothing_of_the_rule():
    assert is_filler("the", "en") and is_filler("hvordan", "nb")
    assert not is_filler("ut", "nb") and is_filler("en", "es")
    # Words people ask with, not about: "allowed", "mean".
    assert is_filler("allowed", "en") and is_filler("betyr", "nb")
    # And the words a question is padded with at the table, in each language.
    padding = {
        "en": "um so like guys u r",
        "nb": "altså typ sånn ass",
        "sv": "asså typ sån ba",
        "es": "oye mira q tío",
    }
    for lang, said in padding.items():
        assert all(is_filler(fold(word), lang) for word in said.split()), lang


def test_a_word_keeps_its_apostrophe_and_is_no_other_word():
    # "won't" is "will not", never "won" (the past of "win").
    said = [t.word for t in tokens("Can't or won't play?", "en")]
    assert said == ["cant", "or", "wont", "play"]
    assert [is_filler(word, "en") for word in said] == [True, True, True, False]


def test_a_ranges_figures_are_each_in_it():
    assert within_ranges("3 to 10 players: 5 cards each", "en") == list(
        map(str, range(4, 10))
    )
    assert within_ranges("De 2 a 4 jugadores", "es") == ["3"]
    # A list of figures is no range.
    assert within_ranges("2–7, 9, 10: Number on the card", "en") == list("3456")


def test_a_short_cards_forms_are_one_word():
    # "tiorna" and "Tia" are the same ten, too short for an ending to come off.
    assert stem("tiorna", "sv") == stem("tior", "sv") == stem("tia", "sv")
    assert stem("tierne", "nb") == stem("tier", "nb")
    # A doubled letter before "-ing": "forgetting" is "forget".
    assert stem("forgetting", "en") == stem("forgot", "en") == "forget"
