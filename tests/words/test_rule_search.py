"""Rule search over the real rule files: the answer a person needs comes first."""

import pytest

from companion.engine.games import EndCondition, EndKind, LimitRule
from companion.words.i18n import LANGUAGES, PSEUDO
from companion.words.pseudo import pseudo_text
from companion.words.rule_search import passages, search_rules
from companion.words.rule_words import fold
from companion.words.rules import reminders

# (what a person types, the app's language, the game picked, the card the best
# answer is on, words the best answer starts with)
FIRST_ANSWERS = [
    ("go out on eight", "en", "vandatta", "disputes", "**Going out on an eight"),
    ("go out on eight", "en", "crazy-eights", "disputes", "**Can you go out on an"),
    ("can I go out on an eight?", "en", "vandatta", "disputes", "**Going out on an"),
    ("eight on eight", "en", "crazy-eights", "disputes", "**Eight on an eight?**"),
    ("how many points is a king", "en", "crazy-eights", "scoring", "Jacks, queens"),
    ("forgot to say uno", "en", "uno", "disputes", "**Forgot to say “Uno”?**"),
    ("exactly 100", "en", "crazy-eights", "match-end", "Exactly 100 does not"),
    ("gå ut på åtter", "nb", "crazy-eights", "disputes", "**Kan man gå ut på en"),
    ("gå ut på åtter", "nb", "vandatta", "disputes", "**Gå ut på en åtter eller"),
    ("ess på ess", "nb", "vandatta", "disputes", "**Ess på ess?**"),
    ("hvor mange poeng er en konge", "nb", "crazy-eights", "scoring", "Knekter"),
    ("glemte å si uno", "nb", "uno", "disputes", "**Glemte å si «Uno»?**"),
    ("gå ut på åtta", "sv", "vandatta", "disputes", "**Gå ut på en åtta eller"),
    ("gå ut på åtta", "sv", "crazy-eights", "disputes", "**Får man gå ut på en"),
    ("lappen", "sv", "vandatta", "last-card", "Säg **”lappen”**"),
    ("hur många poäng är en kung", "sv", "crazy-eights", "scoring", "Knektar"),
    ("salir con un ocho", "es", "crazy-eights", "disputes", "**¿Se puede cerrar"),
    ("salir con un ocho", "es", "vandatta", "disputes", "**¿Cerrar con un ocho"),
    ("comodín negro", "es", "uno", "disputes", "**¿Comodín negro como"),
    ("cuántos puntos vale un rey", "es", "crazy-eights", "scoring", "Jotas, reinas"),
]


@pytest.mark.parametrize(
    ("query", "lang", "game_id", "section", "start"), FIRST_ANSWERS
)
def test_the_answer_to_a_question_comes_first(query, lang, game_id, section, start):
    found = search_rules(query, lang, game_id)
    assert found.game_id == game_id
    best = found.hits[0].passage
    assert (best.game_id, best.section) == (game_id, section), best.text
    assert best.text.startswith(start), best.text
    assert all(hit.passage.game_id == game_id for hit in found.hits)
    scores = [hit.score for hit in found.hits]
    assert scores == sorted(scores, reverse=True)


def test_a_disputes_question_comes_before_the_long_section_saying_the_same():
    found = search_rules("go out on eight", "en", "crazy-eights")
    kinds = [hit.passage.kind for hit in found.hits[:2]]
    assert kinds[0] == "question"
    # Every answer is one passage, never a whole card.
    cards = {r.id: r.body for r in reminders("crazy-eights", "en")}
    assert all(len(hit.passage.text) < len(cards["disputes"]) / 3 for hit in found.hits)


# (typed, language, game picked, the game it names, the card answering first)
NAMED_GAMES = [
    ("Olsen", "nb", "uno", "crazy-eights", "last-card"),
    ("Vriompeis svart joker", "nb", "crazy-eights", "uno", "disputes"),
    ("Vri åtter eight on eight", "en", "vandatta", "crazy-eights", "disputes"),
    ("Crazy Eights åtta på åtta", "sv", "vandatta", "crazy-eights", "disputes"),
    ("Vändåtta salir con un ocho", "es", "uno", "vandatta", "disputes"),
    ("vandatta ace on ace", "en", "crazy-eights", "vandatta", "disputes"),
    ("ocho loco ocho sobre ocho", "es", "uno", "crazy-eights", "disputes"),
    ("uno joker", "en", "vandatta", "uno", "disputes"),
]


@pytest.mark.parametrize(("query", "lang", "picked", "named", "section"), NAMED_GAMES)
def test_a_game_is_found_by_any_of_its_names(query, lang, picked, named, section):
    found = search_rules(query, lang, picked)
    assert (found.named_game, found.game_id) == (named, named)
    assert found.hits[0].passage.section == section
    assert all(hit.passage.game_id == named for hit in found.hits)


def test_a_word_only_another_language_has_finds_the_game_it_names():
    # "åtta" is not English: it is the part of Vändåtta a person remembers.
    found = search_rules("åtta", "en", "crazy-eights")
    assert (found.named_game, found.game_id) == ("vandatta", "vandatta")
    # In Swedish "åtta" is an eight, in the game picked.
    swedish = search_rules("åtta", "sv", "crazy-eights")
    assert (swedish.named_game, swedish.game_id) == (None, "crazy-eights")
    assert swedish.hits


def test_one_tap_widens_the_search_to_every_game():
    found = search_rules("go out on eight", "en", "crazy-eights", every_game=True)
    assert found.game_id is None
    assert {hit.passage.game_id for hit in found.hits[:2]} == {
        "crazy-eights",
        "vandatta",
    }
    assert {hit.passage.kind for hit in found.hits[:2]} == {"question"}


def test_the_matched_words_are_marked_and_the_bold_kept():
    hit = search_rules("go out on eight", "en", "vandatta").hits[0]
    marked = [piece.text for piece in hit.pieces if piece.marked]
    assert marked[:3] == ["Going", "out", "eight"]
    assert "on" not in marked and "an" not in marked
    assert "".join(p.text for p in hit.pieces) == hit.passage.text.replace("**", "")
    assert all(p.bold for p in hit.pieces if p.text.startswith("Going"))
    assert not any(p.bold for p in hit.pieces if p.text.startswith(" No."))
    norwegian = search_rules("gå ut på åttere", "nb", "crazy-eights").hits[0]
    assert [p.text for p in norwegian.pieces if p.marked][:3] == ["gå", "ut", "åtter"]


def test_scoring_answers_lead_to_new_match_and_disputes_do_not():
    scoring = search_rules("exactly 100", "en", "crazy-eights").hits[0]
    assert scoring.set_on_new_match
    dispute = search_rules("eight on eight", "en", "crazy-eights").hits[0]
    assert not dispute.set_on_new_match


def test_the_cards_shown_are_searched_with_a_matchs_house_rules():
    end = EndCondition(EndKind.LIMIT, 250, LimitRule.EXCEEDS)
    shown = reminders("crazy-eights", "en", end=end)
    found = search_rules("exactly 250", "en", "crazy-eights", shown=shown)
    assert found.hits[0].passage.text == "Exactly 250 does not end it"
    assert not search_rules("exactly 250", "en", "crazy-eights").hits[0].score > 1


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO])
def test_nonsense_and_blank_queries_find_nothing(lang):
    assert search_rules("xyzzy", lang, "uno").hits == ()
    assert search_rules("   ", lang, "uno").hits == ()
    assert search_rules("?!", lang, "uno").hits == ()


def test_the_pseudo_locale_searches_its_own_texts():
    query = pseudo_text("eight on eight")
    best = search_rules(query, PSEUDO, "crazy-eights").hits[0].passage
    assert best.text.startswith(pseudo_text("**Eight on an eight?**")[:12])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_passage_comes_from_its_card(lang):
    for game_id in ("crazy-eights", "vandatta", "uno"):
        cards = reminders(game_id, lang)
        cut = passages(game_id, cards)
        assert {p.section for p in cut} == {card.id for card in cards}
        bodies = {card.id: fold(card.body) for card in cards}
        for passage in cut:
            if passage.kind != "row":
                assert fold(passage.text) in " ".join(bodies[passage.section].split())
