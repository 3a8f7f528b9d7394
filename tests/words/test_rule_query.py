"""A question read as people ask it: table talk, figures, typos, half a word."""

import pytest

from companion.words.rule_query import (
    PREFIX_WEIGHT,
    SAID_TOO_WEIGHT,
    TYPO_WEIGHT,
    Slot,
    slots,
    vocabulary_of,
)
from companion.words.rule_search import _collection
from companion.words.rule_words import FIGURE, WORD, fold


def _asked(question: str, lang: str) -> list[Slot]:
    _, vocabulary = _collection(lang)
    return slots(WORD.findall(fold(question)), lang, vocabulary)


def _options(slot: Slot) -> dict[str, float]:
    return {" ".join(phrase): weight for phrase, weight in slot.options}


def test_a_word_of_table_talk_stands_for_the_rules_words_and_itself():
    end, eight = _asked("can I end on an eight", "en")
    assert _options(end) == {"end": 1.0, "go out": 1.0}
    assert _options(eight) == {"eight": 1.0}


def _meant(slot: Slot) -> set[str]:
    """What a slot stands for in full: the rule's words, not its own."""
    return {phrase for phrase, weight in _options(slot).items() if weight == 1.0}


def test_table_talk_of_several_words_stands_for_the_rules_words_alone():
    (draw,) = _asked("pick up", "en")
    assert _options(draw) == {"draw": 1.0}
    # Said with other filler words between, it is the same talk.
    (out,) = _asked("get rid of the last card", "en")
    assert _meant(out) == {"go out"}
    (nb_draw,) = _asked("ta opp", "nb")
    assert _meant(nb_draw) == {"trekk"}
    (sv_out,) = _asked("bli av med sista kortet", "sv")
    assert _meant(sv_out) == {"ga ut"}


def test_table_talk_the_rules_say_too_also_stands_for_itself():
    # "Välj färg" is Uno's wild, and in Vändåtta choosing a suit.
    (choose,) = _asked("väljer färg", "sv")
    assert _options(choose) == {"jok": 1.0, "valj farg": SAID_TOO_WEIGHT}
    # Words the rules do not all have stand for the rule's words alone.
    (skip,) = _asked("missa tur", "sv")
    assert _options(skip) == {"hopp over": 1.0}


def test_a_word_marked_as_written_is_table_talk_only_as_written():
    # "salir con un ocho" goes out; "la carta que sale", the card turned, does not.
    going, _ = _asked("salir con un ocho", "es")
    assert "cerr" in _options(going)
    (turned,) = _asked("que sale", "es")
    assert "cerr" not in _options(turned)


def test_filler_words_make_no_slot_unless_they_hint():
    (passing,) = _asked("is it ok to pass, what now", "en")
    assert _options(passing) == {"pas": 1.0}
    figure, cards = _asked("how many cards", "en")
    assert figure.hint and _options(figure) == {FIGURE: 1.0}
    assert not cards.hint
    (who,) = _asked("hvem", "nb")
    assert who.hint and "spill" in _options(who)


def test_figures_with_an_ending_are_figures():
    (eights,) = _asked("8s", "en")
    assert _options(eights) == {"8": 1.0, "eight": 1.0}
    (atter,) = _asked("8er", "nb")
    assert _options(atter) == {"8": 1.0, "att": 1.0}
    (atta,) = _asked("8a", "sv")
    assert _options(atta) == {"8": 1.0, "att": 1.0}


def test_a_typo_finds_the_word_one_letter_away():
    (eight,) = _asked("eigth", "en")
    assert _options(eight)["eight"] == TYPO_WEIGHT
    (lappen,) = _asked("lapen", "es")
    assert _options(lappen)["lapp"] == TYPO_WEIGHT
    # A typo of table talk stands for the rule's words.
    finish, _ = _asked("finsh eight", "en")
    assert "go out" in _options(finish)
    # Short words have too many neighbours: no guess.
    (short,) = _asked("aec", "en")
    assert _options(short) == {"aec": 1.0}


def test_only_the_last_word_may_be_half_typed():
    (typing,) = _asked("eig", "en")
    assert _options(typing)["eight"] == PREFIX_WEIGHT
    done, _ = _asked("eig card", "en")
    assert "eight" not in _options(done)


def test_a_word_the_rules_lack_finds_their_compounds_in_nb_and_sv():
    (bunken,) = _asked("bunken", "nb")
    assert "trekkbunk" in _options(bunken)
    vocabulary = vocabulary_of(["the draw pile"], "en")
    assert "drawpil" not in _options(slots(["pile"], "en", vocabulary)[0])


def test_table_talk_is_meant_as_said_though_it_is_a_typo_away_from_itself():
    # "shout" is table talk for "say": never weighed as a guessed typo of it.
    (shout,) = _asked("shout", "en")
    assert _options(shout)["say"] == 1.0


def test_a_count_before_a_rank_asks_for_several_cards():
    # "two 9s", "tre sexor": several cards of one rank at once.
    assert "several" in _options(_asked("two 9s", "en")[0])
    assert "fler" in _options(_asked("tre sexor", "sv")[0])
    # A count of one, or before a word that is no rank, does not.
    assert "several" not in _options(_asked("one 9", "en")[0])
    assert "several" not in _options(_asked("two players", "en")[0])


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("how many times", "en"),
        ("hvor mange ganger", "nb"),
        ("hur många gånger", "sv"),
        ("cuántas veces", "es"),
    ],
)
def test_how_many_times_asks_for_a_figure(question, lang):
    # One slot, a figure: "times" is no word of the rules to look for.
    assert [_options(slot) for slot in _asked(question, lang)] == [{FIGURE: 1.0}]
