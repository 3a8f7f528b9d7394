"""The answer cards of a rule search: marked words drawn and named, New match linked."""

import flet as ft

from companion.ui.rules.rule_answers import NEW_MATCH_HOUSE_RULES, Scope, answers
from companion.words.i18n import get_translator
from companion.words.rule_search import search_rules


def _scope(every_game: bool = False) -> Scope:
    return Scope("vandatta", every_game, lambda _: None, lambda game: game.upper())


def _walk(control: object) -> list[object]:
    found = [control]
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        for item in child if isinstance(child, list) else [child]:
            if isinstance(item, ft.Control):
                found.extend(_walk(item))
    return found


def test_the_best_answer_is_drawn_first_its_matched_words_marked_and_named():
    t = get_translator("en")
    found = search_rules("go out on eight", "en", "vandatta")
    shown = answers(t, found, _scope())
    first = [c for c in _walk(shown[1]) if isinstance(c, ft.Text) and c.spans][0]
    marked = [s.text for s in first.spans if s.style and s.style.bgcolor]
    assert marked[:3] == ["Going", "out", "eight"]
    labels = [c.label for c in _walk(shown[1]) if isinstance(c, ft.Semantics)]
    assert labels[0].startswith("Common disputes: Going out on an eight or an ace?")
    assert labels[0].endswith("Matched words: Going, out, and eight")


def test_every_game_names_the_game_and_scoring_links_to_new_match():
    t = get_translator("en")
    found = search_rules("exactly 100", "en", "crazy-eights", every_game=True)
    shown = answers(t, found, _scope(every_game=True))
    labels = [
        c.label for part in shown for c in _walk(part) if isinstance(c, ft.Semantics)
    ]
    assert labels[0].startswith("CRAZY-EIGHTS · End of the match: Exactly 100")
    assert "Set the house rules of CRAZY-EIGHTS on New match" in labels
    assert NEW_MATCH_HOUSE_RULES.format(game="uno") == "/new?game=uno#house-rules"


def test_another_games_answer_says_the_game_searched_does_not_say():
    t = get_translator("en")
    found = search_rules("what is lappen", "en", "crazy-eights")
    scope = Scope("crazy-eights", False, lambda _: None, lambda game: game.upper())
    shown = answers(t, found, scope)
    bar = [c.value for c in _walk(shown[0]) if isinstance(c, ft.Text)]
    assert bar[0] == ("The rules of CRAZY-EIGHTS do not say. Answers from VANDATTA")
    labels = [c.label for c in _walk(shown[1]) if isinstance(c, ft.Semantics)]
    assert labels[0].startswith("VANDATTA · Lappen: Say “lappen”")
