"""The held-out rule questions (rule_questions/<lang>.toml): where the search
puts each one's answer, and the figures per language."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from companion.engine.games import get_card_set, get_game
from companion.words.i18n import LANGUAGES
from companion.words.rule_passages import Passage
from companion.words.rule_search import search_rules
from companion.words.rule_words import fold
from companion.words.rules import reminders

QUESTIONS = Path(__file__).resolve().parent / "rule_questions"
"""The held-out questions, one file a language, held to the thresholds."""
LATER = QUESTIONS / "later"
"""Questions written after the ranking was first built: printed only."""
FIRST, TOP_THREE = 0.9, 1.0
"""The share of held-out questions whose answer comes first, within three."""
MISSED = 99
"""The place of an answer the search does not give."""


@dataclass(frozen=True)
class Question:
    """One question as typed, where, and what answers it."""

    ask: str
    game: str
    cards: str | None
    answers: tuple[str, ...]
    """Each "section: start of the text", bold marks left out."""
    named: str | None


def questions(lang: str, folder: Path = QUESTIONS) -> list[Question]:
    """The questions of one language in `folder`."""
    with open(folder / f"{lang}.toml", "rb") as file:
        found = tomllib.load(file)["question"]
    return [
        Question(
            q["ask"],
            q["game"],
            q.get("cards"),
            tuple(q.get("answer", ())),
            q.get("named"),
        )
        for q in found
    ]


def _plain(text: str) -> str:
    return " ".join(fold(text.replace("**", "")).split())


def answers(passage: Passage, answer: str) -> bool:
    """Whether a passage is the one an answer ("section: start") names."""
    section, start = answer.split(": ", 1)
    return passage.section == section and _plain(passage.text).startswith(_plain(start))


def place(question: Question, lang: str) -> int:
    """Where the search puts the question's answer: 1 first, MISSED if nowhere.

    A question that names a game must name that one (a question on a game may
    name it or not); one that is a game's name alone is answered when the
    search shows that game.
    """
    shown_game = question.named or question.game
    game = get_game(shown_game)
    cards = get_card_set(question.cards or game.card_sets[0])
    found = search_rules(
        question.ask,
        lang,
        question.game,
        shown=reminders(question.game, lang, cards=cards)
        if question.game == shown_game
        else None,
    )
    if found.game_id != shown_game:
        return MISSED
    if question.named is not None and found.named_game != question.named:
        return MISSED
    if not question.answers:
        return 1 if found.names_only else MISSED
    for number, hit in enumerate(found.hits, start=1):
        if any(answers(hit.passage, answer) for answer in question.answers):
            return number
    return MISSED


@dataclass(frozen=True)
class Figures:
    """How a language's questions fare: answered first, within the top three."""

    lang: str
    asked: int
    first: int
    top_three: int
    missed: tuple[tuple[str, int], ...]
    """The questions not answered first, with the place of their answer."""

    def line(self) -> str:
        """The figures as one printed line."""
        return (
            f"{self.lang}: {self.asked} questions, answer first "
            f"{self.first}/{self.asked} ({100 * self.first / self.asked:.1f} %), "
            f"top 3 {self.top_three}/{self.asked} "
            f"({100 * self.top_three / self.asked:.1f} %)"
        )


def figures(lang: str, folder: Path = QUESTIONS) -> Figures:
    """The figures of one language's questions in `folder`."""
    places = [(q.ask, place(q, lang)) for q in questions(lang, folder)]
    return Figures(
        lang,
        len(places),
        sum(1 for _, at in places if at == 1),
        sum(1 for _, at in places if at <= 3),
        tuple((ask, at) for ask, at in places if at != 1),
    )


def all_figures(folder: Path = QUESTIONS) -> list[Figures]:
    """The figures of every language's questions in `folder`."""
    return [figures(lang, folder) for lang in LANGUAGES]
