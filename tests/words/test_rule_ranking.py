"""The ranking of rule passages: BM25 by question slot, as the reader expects."""

from collections import Counter

from companion.words.rule_query import Slot
from companion.words.rule_ranking import Document, Statistics, rank


def _document(
    text: str,
    *,
    lead: str = "",
    title: str = "",
    context: str = "",
    question: bool = False,
    variant: bool = False,
) -> Document:
    words = text.split()
    return Document(
        frozenset(lead.split()),
        Counter(words),
        frozenset(title.split()),
        Counter(context.split()),
        tuple(words),
        tuple(title.split()),
        frozenset(lead.split()),
        question,
        variant,
    )


def _slots(*words: str) -> list[Slot]:
    return [Slot(((tuple(word.split()), 1.0),)) for word in words]


FILLING = [_document(f"filler{n} card play") for n in range(20)]


def _stats(*documents: Document) -> Statistics:
    return Statistics.of([*documents, *FILLING])


def test_a_rarer_word_counts_more_than_a_common_one():
    rare, common = _document("joker here"), _document("card here")
    stats = _stats(rare, common)
    asked = _slots("joker", "card")
    assert rank(rare, asked, stats).score > rank(common, asked, stats).score


def test_a_passage_answering_more_of_the_question_comes_first():
    both, one = _document("go out on eight"), _document("eight eight eight")
    stats = _stats(both, one)
    asked = _slots("go out", "eight")
    assert rank(both, asked, stats).score > rank(one, asked, stats).score
    assert rank(both, asked, stats).matched == {"go", "out", "eight"}


def test_a_phrases_words_must_stand_together():
    apart, together = _document("go left and out"), _document("go out now")
    stats = _stats(apart, together)
    asked = _slots("go out")
    assert rank(apart, asked, stats).score == 0
    assert rank(together, asked, stats).score > 0


def test_a_dispute_about_what_was_asked_comes_before_the_fact():
    fact = _document("forget knock draw two", lead="forget knock")
    dispute = _document("forget knock draw two", lead="forget knock", question=True)
    stats = _stats(fact, dispute)
    asked = _slots("forget", "knock")
    assert rank(dispute, asked, stats).score > rank(fact, asked, stats).score


def test_a_house_rule_comes_after_the_rule_it_changes():
    rule, house = _document("eight on eight"), _document("eight on eight", variant=True)
    stats = _stats(rule, house)
    asked = _slots("eight")
    assert rank(rule, asked, stats).score > rank(house, asked, stats).score


def test_an_item_is_read_with_the_one_before_it():
    alone = _document("forgot knocks draw three")
    built_on = _document("forgot knocks draw three", context="say one card left")
    stats = _stats(alone, built_on)
    asked = _slots("forgot", "say")
    assert rank(built_on, asked, stats).score > rank(alone, asked, stats).score


def test_a_hint_adds_but_never_takes_away():
    figure, plain = _document("draw 3 # cards"), _document("draw cards")
    stats = _stats(figure, plain)
    asked = [*_slots("draw"), Slot(((("#",), 1.0),), hint=True)]
    without = _slots("draw")
    assert rank(figure, asked, stats).score > rank(figure, without, stats).score
    assert rank(plain, asked, stats).score == rank(plain, without, stats).score
