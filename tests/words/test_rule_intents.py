"""What a question is about, told from how it is asked, in all four languages."""

import pytest

from companion.engine.games import GAMES, get_card_set, get_game
from companion.words.i18n import LANGUAGES
from companion.words.rule_intents import _cues, asked_about, passage_about
from companion.words.rule_search import search_rules
from companion.words.rules import reminders

# (a question, its language, the card it asks of)
ASKED = [
    ("how much is a king worth", "en", "scoring"),
    ("who starts", "en", "deal"),
    ("hvor mye er en konge verdt", "nb", "scoring"),
    ("hvem begynner", "nb", "deal"),
    ("hur mycket är en kung värd", "sv", "scoring"),
    ("vem börjar", "sv", "deal"),
    ("cuánto vale un rey", "es", "scoring"),
    ("quién empieza", "es", "deal"),
]


@pytest.mark.parametrize(("query", "lang", "card"), ASKED)
def test_a_question_is_about_the_card_its_way_of_asking_names(query, lang, card):
    assert asked_about(query, lang) == {card}


def test_a_filler_word_is_no_cue_though_it_shares_a_stem_with_one():
    # Spanish "pasa" (what happens) and "pasar" (to pass) have one stem.
    assert asked_about("pasar", "es") == {"drawing"}
    assert asked_about("qué pasa", "es") == frozenset()


def test_a_dispute_is_about_what_its_question_asks_and_a_rule_about_its_card():
    assert passage_about("disputes", "How many cards do you draw?", "en") == {
        "deal",
        "drawing",
    }
    assert passage_about("scoring", "", "en") == {"scoring"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_with_cues_is_a_reminder_card_of_a_game(lang):
    cards = {
        card.id
        for game_id in GAMES
        for played_with in get_game(game_id).card_sets
        for card in reminders(game_id, lang, cards=get_card_set(played_with))
    }
    assert _cues(lang)
    assert set(_cues(lang)) <= cards


# (a question, its language, the game picked, the start of its answer)
ANSWERED = [
    ("how much is an ace at the end", "en", "vandatta", "Aces: 5"),
    ("no tengo nada que tirar", "es", "crazy-eights", "¿No puedes o no quieres"),
]


@pytest.mark.parametrize(("query", "lang", "game_id", "start"), ANSWERED)
def test_a_passage_of_the_card_asked_of_comes_first(query, lang, game_id, start):
    # Without intents a dispute that shares a word ("ace") came first.
    best = search_rules(query, lang, game_id).hits[0].passage
    assert best.text.replace("**", "").startswith(start), best.text
