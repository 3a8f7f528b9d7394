"""Rule search: the passages that answer a question, best first, words marked.

A question is read as people ask it (rule_query: word forms, table talk,
typos), the game it names by any of its names is the one searched, and the
passages of the game's reminder cards (rule_passages) are ranked by BM25
(rule_ranking). Filler words ("att", "the") are no word of a passage: they
never match, never count, and are never marked. When the game's rules do not
answer all that was asked and another game's do, that game answers.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from companion.engine.games import GAMES
from companion.words.i18n import get_translator
from companion.words.rule_intents import asked_about, passage_about
from companion.words.rule_passages import BOLD, Passage, passages
from companion.words.rule_query import Slot, Vocabulary, slots, vocabulary_of
from companion.words.rule_ranking import Document, Ranked, Statistics, rank
from companion.words.rule_words import (
    FIGURE,
    Naming,
    Token,
    is_filler,
    language_words,
    named_game,
    stem,
    tokens,
    within_ranges,
)
from companion.words.rules import Reminder, reminders

NAME_WEIGHT = 0.3
"""How much a game's name counts as a word searched for, typed on that game's
own rules ("forgot to say uno" on Uno): it may be a word of them, or just the
name."""

FALLBACK_COVERAGE = 0.5
"""The share of a question the game's own best answer must hold to be its answer."""
FALLBACK_MARGIN = 2.0
"""How many times more another game's full answer must score to answer instead."""

SET_ON_NEW_MATCH: frozenset[str] = frozenset({"scoring", "match-end"})
"""Reminder cards about what New match's house rules set: scoring, values, end."""


@dataclass(frozen=True)
class Piece:
    """A run of a passage's text as shown: bold as written, marked if it matched."""

    text: str
    bold: bool = False
    marked: bool = False


@dataclass(frozen=True)
class RuleHit:
    """A passage that answers a search, with its score and its text in pieces."""

    passage: Passage
    score: float
    pieces: tuple[Piece, ...]

    @property
    def set_on_new_match(self) -> bool:
        """Whether New match's house rules change what this passage says."""
        return self.passage.section in SET_ON_NEW_MATCH


@dataclass(frozen=True)
class RuleSearch:
    """The answers to a query: within `game_id` (None: every game), best first."""

    hits: tuple[RuleHit, ...]
    game_id: str | None
    named_game: str | None
    """The game the query named by one of its names, if it named one."""
    names_only: bool = False
    """Whether the query was a game's name and nothing more: show that game."""
    answered_by: str | None = None
    """The other game whose rules answer, when those of `game_id` do not."""


@dataclass(frozen=True)
class _Indexed:
    passage: Passage
    document: Document


def _indexed(game_id: str, cards: Sequence[Reminder], lang: str) -> list[_Indexed]:
    indexed = []
    before: Counter[str] = Counter()
    section = previous = None
    numbers = language_words(lang).numbers
    for passage in passages(game_id, cards):
        found = _words(BOLD.sub(r"\1", passage.text), lang)
        words = Counter(t.stem for t in found)
        # Each figure ("7 cards", "up to three") answers "how many", of what
        # follows it most of all.
        figures = [t.word.isdigit() or t.word in numbers for t in found]
        words[FIGURE] += sum(figures)
        counted = frozenset(
            found[at + 1].stem for at in range(len(found) - 1) if figures[at]
        )
        lead_tokens = _words(passage.lead, lang)
        titles = _words(f"{passage.section_title} {passage.heading}", lang)
        title = frozenset(t.stem for t in titles)
        title_order = tuple(t.stem for t in titles)
        lead = frozenset(t.stem for t in lead_tokens)
        stated = bool(lead_tokens) and passage.kind != "row"
        if passage.section != section:
            # A card's first passage says what its title names, if it says it
            # too ("Lappen": say "lappen"), and is about it when it names
            # nothing else first.
            named = _words(passage.section_title, lang)
            lead |= {t.stem for t in named if words[t.stem]}
            if not lead_tokens:
                lead_tokens = named
            section, before = passage.section, Counter()
        order = tuple(t.stem for t in found)
        key = frozenset(t.stem for t in lead_tokens)
        # An item builds on the item before it ("Forgot, and..."); a dispute, a
        # table's row and a list's first item stand alone.
        context = before if passage.kind == previous == "item" else Counter[str]()
        previous = passage.kind
        variant = passage.section == "house-rules"
        question = passage.kind == "question"
        document = Document(
            lead,
            words,
            title,
            context,
            order,
            title_order,
            key,
            question,
            variant,
            stated,
            counted,
            # A table's row is about its first cell, but does not state it.
            passage.kind == "row",
            # A range holds every figure in it ("3 to 10 players": 4 players).
            frozenset(within_ranges(passage.text, lang)),
            passage.section == "scoring",
            passage_about(passage.section, passage.lead, lang),
        )
        indexed.append(_Indexed(passage, document))
        before = words
    return indexed


@functools.cache
def _index(lang: str) -> tuple[_Indexed, ...]:
    """The passages of every game's reminders as written, read once a language."""
    return tuple(
        item
        for game_id in GAMES
        for item in _indexed(game_id, reminders(game_id, lang), lang)
    )


def _words(text: str, lang: str) -> list[Token]:
    """A text's words that say something: its filler words left out."""
    return [t for t in tokens(text, lang) if not is_filler(t.word, lang)]


def _texts(items: Sequence[_Indexed]) -> list[str]:
    return [f"{i.passage.section_title} {i.passage.text}" for i in items]


@functools.cache
def _collection(lang: str) -> tuple[Statistics, Vocabulary]:
    """The passages' statistics and words, read once a language."""
    index = _index(lang)
    stats = Statistics.of([item.document for item in index])
    return stats, vocabulary_of(_texts(index), lang)


def _marked(text: str, matched: frozenset[str], lang: str) -> tuple[Piece, ...]:
    """The passage as pieces: bold where written, marked where a query word is."""
    pieces: list[Piece] = []
    for index, part in enumerate(BOLD.split(text)):
        bold = index % 2 == 1
        at = 0
        for token in _words(part, lang):
            if token.stem not in matched:
                continue
            if token.start > at:
                pieces.append(Piece(part[at : token.start], bold))
            pieces.append(Piece(part[token.start : token.end], bold, True))
            at = token.end
        if at < len(part):
            pieces.append(Piece(part[at:], bold))
    return tuple(pieces)


def named_in(query: str, lang: str) -> Naming:
    """The game a query names by one of its names, if any, and the rest of it."""
    lang = get_translator(lang).lang
    _, vocabulary = _collection(lang)
    return named_game(query, lang, frozenset(vocabulary.words))


def search_rules(
    query: str,
    lang: str,
    game_id: str,
    *,
    every_game: bool = False,
    shown: Sequence[Reminder] | None = None,
    limit: int = 12,
) -> RuleSearch:
    """The passages answering `query` in the game picked (`game_id`), or in
    every game, best first.

    `shown` are the picked game's cards as the reader sees them (a match's house
    rules, the cards played with, a user's own game), searched instead of the
    game's texts as written. A game the query names by any of its names, in
    any of the four languages, is searched instead of the picked one; its name
    is searched for too only where the picked game is the one named.
    """
    lang = get_translator(lang).lang
    stats, vocabulary = _collection(lang)
    index = list(_index(lang))
    if shown is not None:
        index = [item for item in index if item.passage.game_id != game_id]
        mine = _indexed(game_id, shown, lang)
        index.extend(mine)
        seen = vocabulary_of(_texts(mine), lang)
        vocabulary = Vocabulary(
            vocabulary.stems | seen.stems, {**vocabulary.words, **seen.words}
        )
    naming = named_game(query, lang, frozenset(vocabulary.words))
    scope = None if every_game else (naming.game_id or game_id)
    if naming.game_id is not None and all(is_filler(w, lang) for w in naming.rest):
        return RuleSearch((), scope, naming.game_id, names_only=True)
    asked = slots(naming.rest, lang, vocabulary)
    if naming.game_id == game_id:
        # "Forgot to say uno" on Uno: the name may be a word of the game's rules.
        asked += [
            Slot((((stem(word, lang),), NAME_WEIGHT),))
            for word in naming.name
            if stem(word, lang) in vocabulary.stems
        ]
    if not asked:
        return RuleSearch((), scope, naming.game_id)
    intents = asked_about(query, lang)
    scored = []
    for order, item in enumerate(index):
        ranked = rank(item.document, asked, stats, intents)
        if ranked.score > 0:
            scored.append((-round(ranked.score, 3), order, item.passage, ranked))
    scored.sort(key=lambda found: found[:2])
    answering = scope if scope is None else _answering(scope, scored)
    hits = tuple(
        RuleHit(passage, -score, _marked(passage.text, ranked.matched, lang))
        for score, _, passage, ranked in scored
        if answering is None or passage.game_id == answering
    )[:limit]
    answered_by = None if answering == scope else answering
    return RuleSearch(hits, scope, naming.game_id, answered_by=answered_by)


def _answering(scope: str, scored: Sequence[tuple[float, int, Passage, Ranked]]) -> str:
    """The game whose rules answer: the one searched, unless its best passage
    answers less than half of the question and another game's best answers
    all of it, with a score well above."""
    own = next((found for found in scored if found[2].game_id == scope), None)
    other = next((found for found in scored if found[2].game_id != scope), None)
    if other is None:
        return scope
    if own is None:
        return other[2].game_id
    (own_score, _, _, own_rank), (other_score, _, game, other_rank) = own, other
    if (
        own_rank.coverage < FALLBACK_COVERAGE
        and other_rank.coverage == 1.0
        and -other_score > FALLBACK_MARGIN * -own_score
    ):
        return game.game_id
    return scope
