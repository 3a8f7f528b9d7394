"""Rule search over the real rule files: the answer a person needs comes first."""

from pathlib import Path

import pytest
from question_set import (
    FIRST,
    HELD_OUT,
    HELD_OUT_FLOOR,
    PARTS,
    TOP_THREE,
    TUNED,
    TUNED_FLOOR,
    all_figures,
    answers,
    questions,
)

from companion.engine.games import (
    EndCondition,
    EndKind,
    LimitRule,
    get_card_set,
    get_game,
)
from companion.words.i18n import LANGUAGES, PSEUDO
from companion.words.pseudo import pseudo_text
from companion.words.rule_passages import passages
from companion.words.rule_search import search_rules
from companion.words.rule_words import fold, is_filler, language_words, words_path
from companion.words.rules import Reminder, reminders, rules_path

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
    ("can I end on an eight", "en", "crazy-eights", "disputes", "**Can you go out"),
    ("get rid of my last card on an 8", "en", "crazy-eights", "disputes", "**Can"),
    ("pick up how many", "en", "crazy-eights", "disputes", "**How many cards do"),
    ("avslutte på åtter", "nb", "crazy-eights", "disputes", "**Kan man gå ut på"),
    ("avsluta på en åtta", "sv", "crazy-eights", "disputes", "**Får man gå ut på"),
    ("terminar con un ocho", "es", "crazy-eights", "disputes", "**¿Se puede cerrar"),
    # A card's name alone: what the card is, its table row (on regular cards).
    ("comodín negro", "es", "uno", "uno-cards", "Comodín negro: Comodín roba"),
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
    ("Olsen si", "nb", "uno", "crazy-eights", "last-card"),
    ("Vriompeis svart joker", "nb", "crazy-eights", "uno", "disputes"),
    ("Vri åtter eight on eight", "en", "vandatta", "crazy-eights", "disputes"),
    ("Crazy Eights åtta på åtta", "sv", "vandatta", "crazy-eights", "disputes"),
    ("Vändåtta salir con un ocho", "es", "uno", "vandatta", "disputes"),
    ("vandatta ace on ace", "en", "crazy-eights", "vandatta", "disputes"),
    ("ocho loco ocho sobre ocho", "es", "uno", "crazy-eights", "disputes"),
    # Jokers are Uno's wilds, with regular cards.
    ("uno joker", "en", "vandatta", "uno", "special-cards"),
]


@pytest.mark.parametrize(("query", "lang", "picked", "named", "section"), NAMED_GAMES)
def test_a_game_is_found_by_any_of_its_names(query, lang, picked, named, section):
    found = search_rules(query, lang, picked)
    assert (found.named_game, found.game_id) == (named, named)
    assert found.hits[0].passage.section == section
    assert all(hit.passage.game_id == named for hit in found.hits)


# (typed, language, game picked, the game named): a name and nothing more.
NAMES_ALONE = [
    ("Vri åtter", "en", "crazy-eights", "crazy-eights"),
    ("Vri åtter", "en", "uno", "crazy-eights"),
    ("Crazy Eights", "sv", "crazy-eights", "crazy-eights"),
    ("Crazy Eights", "es", "crazy-eights", "crazy-eights"),
    ("Crazy Eights", "sv", "vandatta", "crazy-eights"),
    ("norsk vändåtta", "sv", "vandatta", "crazy-eights"),
    ("Olsen", "nb", "uno", "crazy-eights"),
    ("vändåtta", "es", "uno", "vandatta"),
    ("Vriompeis", "en", "vandatta", "uno"),
    ("Uno", "en", "crazy-eights", "uno"),
]


@pytest.mark.parametrize(("query", "lang", "picked", "named"), NAMES_ALONE)
def test_a_games_name_alone_shows_that_game(query, lang, picked, named):
    found = search_rules(query, lang, picked)
    assert (found.named_game, found.game_id, found.names_only) == (named, named, True)
    assert found.hits == ()


def test_uno_in_spanish_is_a_word_unless_it_names_the_game():
    # "cada uno" is "each": on Vändåtta it stays there.
    each = search_rules("cuántas cartas roba cada uno con un as", "es", "vandatta")
    assert (each.named_game, each.game_id) == (None, "vandatta")
    assert each.hits[0].passage.section == "disputes"
    # Written with its capital, or alone, it is the game.
    assert search_rules("Uno comodín negro", "es", "vandatta").game_id == "uno"
    assert search_rules("uno", "es", "vandatta").names_only


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


# (typed, language, game picked, the game whose rules answer, its card)
OTHER_GAMES_ANSWER = [
    ("what is lappen", "en", "crazy-eights", "vandatta", "last-card"),
    ("hva gjør hopp over", "nb", "vandatta", "uno", "special-cards"),
    ("vad är lappen", "sv", "uno", "vandatta", "last-card"),
    ("qué es un cambio de sentido", "es", "vandatta", "uno", "special-cards"),
]


@pytest.mark.parametrize(
    ("query", "lang", "picked", "other", "section"), OTHER_GAMES_ANSWER
)
def test_another_game_answers_what_the_games_rules_do_not_say(
    query, lang, picked, other, section
):
    found = search_rules(query, lang, picked)
    assert (found.game_id, found.answered_by) == (picked, other)
    assert found.hits[0].passage.section == section
    assert all(hit.passage.game_id == other for hit in found.hits)


def test_a_game_whose_rules_answer_is_not_passed_over_for_another():
    # Vändåtta says what goes on an ace; Crazy Eights' ace is a house rule.
    found = search_rules("what goes on an ace", "en", "vandatta")
    assert found.answered_by is None
    assert found.hits[0].passage.game_id == "vandatta"


# Questions as people ask them, with filler words that are also the stem of
# a rule's word ("att" of "åtta") or said in every rule ("the", "de", "og").
FILLED = [
    ("vad händer när högen tar slut", "sv", "vandatta"),
    ("kan man lägga en åtta på en åtta", "sv", "vandatta"),
    ("what do you do when the pile is used up", "en", "crazy-eights"),
    ("hva gjør man når det er tomt for kort", "nb", "uno"),
    ("qué se hace cuando se acaba el mazo", "es", "vandatta"),
]


@pytest.mark.parametrize(("query", "lang", "game_id"), FILLED)
def test_filler_words_are_never_marked_nor_make_a_passage_win(query, lang, game_id):
    found = search_rules(query, lang, game_id)
    assert found.hits
    for hit in found.hits:
        marked = [fold(p.text) for p in hit.pieces if p.marked]
        assert not [word for word in marked if is_filler(word, lang)], hit.passage.text
    # Filler words alone ask nothing.
    only_filler = [w for w in query.split() if is_filler(fold(w), lang)]
    assert search_rules(" ".join(only_filler), lang, game_id).hits == ()


@pytest.mark.parametrize(
    ("query", "lang"), [("what do aces do", "en"), ("qué hacen los ases", "es")]
)
def test_what_a_card_does_is_answered_before_what_it_is_worth(query, lang):
    found = search_rules(query, lang, "crazy-eights")
    assert [hit.passage.section for hit in found.hits[:2]].count("scoring") == 0


@pytest.mark.parametrize(
    ("query", "lang"),
    [
        ("face cards worth", "en"),
        ("kledde kort poeng", "nb"),
        ("bildkort poäng", "sv"),
        ("las figuras puntos", "es"),
    ],
)
def test_picture_cards_are_the_jacks_queens_and_kings(query, lang):
    hit = search_rules(query, lang, "crazy-eights").hits[0]
    assert hit.passage.section == "scoring"
    assert len([piece for piece in hit.pieces if piece.marked]) == 3


@pytest.mark.parametrize(
    ("query", "lang", "start"),
    [
        # "salta" is what the queen's house rule calls losing the turn.
        ("la reina salta", "es", "**Reina:** el siguiente jugador pierde"),
        # "Til man kan legge" is "til det passer".
        ("trekk til man kan legge", "nb", "**Trekk til det passer:**"),
    ],
)
def test_table_talk_finds_the_house_rule_it_means(query, lang, start):
    hit = search_rules(query, lang, "crazy-eights").hits[0]
    assert (hit.passage.section, hit.passage.text[: len(start)]) == (
        "house-rules",
        start,
    )


@pytest.mark.parametrize(
    ("query", "lang", "start"),
    [
        ("cards for 4 players", "en", "3 to 10 players: 5 cards each"),
        ("hvor mange kort med 4 spillere", "nb", "3 til 10 spillere: 5 kort hver"),
    ],
)
def test_a_figure_inside_a_range_finds_the_range(query, lang, start):
    # Four players are "3 to 10 players", though no rule writes a 4.
    assert search_rules(query, lang, "crazy-eights").hits[0].passage.text == start


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
    written = search_rules("exactly 250", "en", "crazy-eights")
    assert not any("250" in hit.passage.text for hit in written.hits)


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO])
def test_nonsense_and_blank_queries_find_nothing(lang):
    assert search_rules("xyzzy", lang, "uno").hits == ()
    assert search_rules("   ", lang, "uno").hits == ()
    assert search_rules("?!", lang, "uno").hits == ()


def test_the_pseudo_locale_searches_its_own_texts():
    query = pseudo_text("eight on eight")
    best = search_rules(query, PSEUDO, "crazy-eights").hits[0].passage
    assert best.text.startswith(pseudo_text("**Eight on an eight?**")[:12])


def _cards(fact: str, dispute: str) -> list[Reminder]:
    return [
        Reminder("last-card", "Last card", f"- {fact}"),
        Reminder("disputes", "Common disputes", dispute),
    ]


def test_a_dispute_whose_question_matches_comes_before_a_plain_fact():
    # The same words, as a fact's bold lead and as a dispute's question: the
    # dispute first, though the fact is read first.
    cards = _cards(
        "**Forget to knock with one card:** you draw two.",
        "**Forget to knock with one card?** You draw two.",
    )
    found = search_rules("forget to knock", "en", "crazy-eights", shown=cards)
    assert [hit.passage.kind for hit in found.hits] == ["question", "item"]
    # A dispute whose question is about something else does not jump ahead.
    cards = _cards(
        "Forget to knock when you hold one card, and you draw two.",
        "**Eight on an eight?** Yes. Forget to knock, and you draw two.",
    )
    found = search_rules("forget to knock", "en", "crazy-eights", shown=cards)
    assert [hit.passage.kind for hit in found.hits] == ["item", "question"]


def test_the_questions_of_both_parts_are_answered(capsys):
    """In each language and part, the questions do no worse than when they were
    last measured (figures and the target, 90 % first and all within three,
    printed)."""
    found = all_figures()
    with capsys.disabled():
        print("\nRule questions (tuned, held out):")
        for figures in found:
            met = figures.first >= FIRST * figures.asked
            met &= figures.top_three >= TOP_THREE * figures.asked
            print(f"  {figures.line()}{'' if met else ' (short of the target)'}")
    for figures in found:
        tuned = figures.part == "tuned"
        assert figures.asked >= (40 if tuned else 20)
        first, top_three = (TUNED_FLOOR if tuned else HELD_OUT_FLOOR)[figures.lang]
        assert figures.first >= first, figures.missed
        assert figures.top_three >= top_three, figures.missed


def test_the_held_out_questions_are_many_and_none_of_them_tuned_on():
    # A held-out question also in the tuned part would say nothing unseen.
    for lang in LANGUAGES:
        tuned = {(q.ask, q.game) for q in questions(lang, TUNED)}
        held_out = questions(lang, HELD_OUT)
        assert len(held_out) >= 25
        assert not [q.ask for q in held_out if (q.ask, q.game) in tuned]


@pytest.mark.parametrize("folder", PARTS.values())
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_questions_answer_is_one_passage_of_the_rules(lang, folder):
    for question in questions(lang, folder):
        game = question.answered_in or question.named or question.game
        # The cards the Rules screen shows: those asked for, else the game's own.
        played_with = question.cards or get_game(game).card_sets[0]
        cut = passages(game, reminders(game, lang, cards=get_card_set(played_with)))
        assert question.answers or question.named, question.ask
        for answer in question.answers:
            found = [p for p in cut if answers(p, answer)]
            assert len(found) == 1, (question.ask, answer)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_question_is_copied_into_the_rule_texts_or_the_table_talk(lang):
    # Else the figures would say nothing about questions as people ask them.
    written = [words_path(lang)] + [
        Path(rules_path(lang, game)) for game in ("crazy-eights", "vandatta", "uno")
    ]
    texts = " ".join(" ".join(fold(p.read_text()).split()) for p in written)
    asked = [q for folder in PARTS.values() for q in questions(lang, folder)]
    for question in asked:
        # Three words or fewer ("bunken er tom") are how the rules say it too.
        said = fold(question.ask).split()
        if (question.named is None or question.answers) and len(said) > 3:
            assert " ".join(said) not in texts, question.ask


def test_the_issues_examples_are_in_the_tuned_part():
    asked = {
        (lang, q.ask, q.game) for lang in LANGUAGES for q in questions(lang, TUNED)
    }
    assert ("en", "can I end on an eight", "crazy-eights") in asked
    assert ("en", "Vri åtter", "crazy-eights") in asked
    assert ("sv", "Crazy Eights", "crazy-eights") in asked
    assert ("es", "Crazy Eights", "crazy-eights") in asked
    assert ("sv", "kan man lägga en åtta på en åtta", "vandatta") in asked
    assert ("sv", "hur många kort delar man ut", "vandatta") in asked
    assert ("sv", "vad händer när högen tar slut", "vandatta") in asked
    assert ("en", "how many cards do we deal", "uno") in asked
    assert language_words("en").talk
