"""The ranking of rule passages: BM25 over a passage's fields, by question slot.

Each word the rules use for a slot scores by BM25 (rarer words count more, a
word said again counts less each time, a long passage less than a short one),
its count weighed by field: the lead (a dispute's question, the bold words an
item starts with) above the text, the card's title and the passage before it
in the card (which it may build on: "Forgot, and...") below it. A slot scores
its best phrase, whose words must stand together. The sum is scaled by the
share of the question's slots the passage answers; words next to each other as
in the question add a little; a passage whose lead is what was asked comes
first, a dispute's question most of all, and a house rule after the rule.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from companion.words.rule_query import Slot
from companion.words.rule_words import EFFECT, FIGURE, Phrase

K1, B = 1.2, 0.75
"""BM25's usual saturation and length weight."""
LEAD_WEIGHT, TEXT_WEIGHT, TITLE_WEIGHT, CONTEXT_WEIGHT = 2.0, 1.0, 0.5, 0.3
"""How much a word counts in each field: the lead counts once however often
it says the word ("Ace on an ace?"), the title and the passage before less."""
RANGE_WEIGHT = 0.5
"""A figure inside a range of the text, not written there."""
SHORTEST_PASSAGE = 5
"""A passage counts as at least this many words long: a table's row ("Eights:
50") reads as a sentence with its heading."""
QUESTION_BONUS, LEAD_BONUS, ROW_BONUS = 1.0, 0.5, 0.25
"""How much more a passage is worth when its lead is all of what was asked: a
dispute's question, a bold lead or the card's title, a table row's first cell."""
UNASKED_LEAD = 0.7
"""For each word of a passage's own lead that was not asked: its lead says
what it is about, and that is something else too."""
VARIANT_WEIGHT = 0.6
"""A house rule, what some tables play instead, against the rule itself."""
NEIGHBOUR_BONUS = 0.2
"""Two words next to each other as in the question: a little more."""
COUNTED_BONUS = 0.5
"""A figure before the word asked "how many" of ("how many rounds": 5 rounds)."""
COVERAGE = 0.75
"""How much a passage loses for each part of the question it does not answer."""
VALUES_FOR_EFFECT = 0.5
"""A passage of what cards are worth, when asked what a card does."""
INTENT_BONUS = 0.3
"""How much more a passage is worth when it is about what the question asks
of, told from how it is asked (rule_intents): scoring for "how much"."""


@dataclass(frozen=True)
class Document:
    """A passage as the ranking reads it: the stems of each field."""

    lead: frozenset[str]
    text: Counter[str]
    title: frozenset[str]
    context: Counter[str]
    """The stems of the passage before it in the card, if it builds on it."""
    order: tuple[str, ...]
    """The text's stems without filler, in reading order."""
    title_order: tuple[str, ...]
    """The title's stems without filler, in reading order."""
    key: frozenset[str]
    """The lead's stems without filler: what the passage is about."""
    question: bool
    variant: bool = False
    """Whether the passage tells what some tables play instead (a house rule)."""
    stated: bool = False
    """Whether the key is the passage's own lead, not its card's title."""
    counted: frozenset[str] = frozenset()
    """The stems that follow a figure in the text ("7 cards": card)."""
    row: bool = False
    """Whether the passage is a table's row, about its first cell."""
    ranged: frozenset[str] = frozenset()
    """The figures inside the text's ranges, not written ("3 to 10": 4 to 9)."""
    values: bool = False
    """Whether the passage says what cards are worth (the scoring card)."""
    about: frozenset[str] = frozenset()
    """The reminder cards the passage is about (rule_intents)."""

    @property
    def length(self) -> int:
        """How many words the passage has, as BM25 weighs it."""
        return max(sum(self.text.values()), SHORTEST_PASSAGE)


@dataclass(frozen=True)
class Statistics:
    """How many passages hold each stem, and how long a passage is on average."""

    count: int
    holding: dict[str, int]
    average_length: float

    @classmethod
    def of(cls, documents: Sequence[Document]) -> Statistics:
        """The statistics of a collection of passages."""
        holding: Counter[str] = Counter()
        for document in documents:
            holding.update(set(document.text) | document.title)
        lengths = [document.length for document in documents] or [1]
        return cls(len(documents), dict(holding), sum(lengths) / len(lengths))

    def rarity(self, word: str) -> float:
        """BM25's inverse document frequency (a word no passage holds: rarest)."""
        held = self.holding.get(word, 0)
        return math.log(1 + (self.count - held + 0.5) / (held + 0.5))


@dataclass(frozen=True)
class Ranked:
    """A passage's score for a question, and the stems that earned it."""

    score: float
    matched: frozenset[str]
    coverage: float = 0.0
    """The share of the question the passage answers, each part by its worth."""


def _word_score(word: str, document: Document, stats: Statistics) -> float:
    count = (
        LEAD_WEIGHT * (word in document.lead)
        + TEXT_WEIGHT * document.text[word]
        + TITLE_WEIGHT * (word in document.title)
        + CONTEXT_WEIGHT * document.context[word]
        + RANGE_WEIGHT * (word in document.ranged)
    )
    if count == 0:
        return 0.0
    norm = K1 * (1 - B + B * document.length / stats.average_length)
    return stats.rarity(word) * count * (K1 + 1) / (count + norm)


def _stands_together(phrase: Phrase, order: tuple[str, ...]) -> bool:
    size = len(phrase)
    return any(order[at : at + size] == phrase for at in range(len(order) - size + 1))


def _phrase_score(phrase: Phrase, document: Document, stats: Statistics) -> float:
    """A phrase scores as its best word, if its words stand together there."""
    if len(phrase) > 1 and not (
        _stands_together(phrase, document.order)
        or _stands_together(phrase, document.title_order)
    ):
        return 0.0
    scores = [_word_score(word, document, stats) for word in phrase]
    return max(scores) if all(scores) else 0.0


def _follows(first: Phrase, second: Phrase, document: Document) -> bool:
    """Whether two phrases stand next to each other in the text, a figure
    ("how many") before the words it counts too ("7 cards")."""
    if first == (FIGURE,):
        return second[0] in document.counted
    return _stands_together((first[-1], second[0]), document.order)


def _lead_bonus(document: Document) -> float:
    if document.question:
        return QUESTION_BONUS
    return ROW_BONUS if document.row else LEAD_BONUS


def rank(
    document: Document,
    slots: Sequence[Slot],
    stats: Statistics,
    intents: frozenset[str] = frozenset(),
) -> Ranked:
    """How well a passage answers a question's slots (0: not at all), about
    the reminder cards `intents` or not."""
    total = covered = reach = asked_in_lead = 0.0
    best: list[Phrase | None] = []
    values: list[float] = []
    for slot in slots:
        value, chosen = 0.0, None
        for phrase, weight in slot.options:
            found = weight * _phrase_score(phrase, document, stats)
            if found > value:
                value, chosen = found, phrase
        worth = max(w * max(stats.rarity(s) for s in p) for p, w in slot.options)
        if slot.hint:
            worth = 0.0
        reach += worth
        covered += worth if chosen else 0.0
        if chosen and document.key.intersection(chosen):
            asked_in_lead += worth
        total += value
        best.append(chosen)
        values.append(value)
    if total == 0 or reach == 0:
        return Ranked(0.0, frozenset())
    for index in range(len(slots) - 1):
        first, second = best[index], best[index + 1]
        if first and second and _follows(first, second, document):
            bonus = COUNTED_BONUS if first == (FIGURE,) else NEIGHBOUR_BONUS
            total += bonus * (values[index] + values[index + 1])
    score = total * (covered / reach) ** COVERAGE
    coverage = covered / reach
    matched = frozenset(word for phrase in best if phrase for word in phrase)
    if document.key:
        # A passage about what was asked: its question, its bold lead, as much
        # of it as the question asks, as much of the question as it holds.
        held = len(document.key & matched) / len(document.key)
        about = held * asked_in_lead / reach
        score *= 1 + _lead_bonus(document) * about
        if document.stated:
            # A passage that says it is about something else as well, less;
            # each unasked word of its lead by its rarity ("cards" says little).
            unasked = sum(map(stats.rarity, document.key - matched))
            score *= UNASKED_LEAD ** (unasked / sum(map(stats.rarity, document.key)))
    if document.variant:
        score *= VARIANT_WEIGHT
    if document.values and any((EFFECT,) in dict(slot.options) for slot in slots):
        score *= VALUES_FOR_EFFECT
    if document.about & intents:
        score *= 1 + INTENT_BONUS
    return Ranked(score, matched, coverage)
