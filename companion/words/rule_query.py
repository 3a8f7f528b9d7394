"""A question as the rule search asks it: each meaningful word a slot of words
the rules may use for it (its own, the table talk's, a typo's correction)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.words.rule_words import (
    WORD,
    Phrase,
    fold,
    is_filler,
    language_words,
    stem,
)

PREFIX_WEIGHT = 0.6
"""A word the rules have that starts with a word typed ("eig"): still typing."""
TYPO_WEIGHT = 0.8
"""A word the rules have one letter away from a word they lack ("eigth")."""
COMPOUND_WEIGHT = 0.7
"""A compound the rules have that ends in the word typed ("bunken": trekkbunken),
or a word they have that a compound typed ends in ("tjuvtips": tips)."""
COMPOUND_LANGUAGES = frozenset({"nb", "sv"})
"""Languages that write compounds as one word."""
SHORTEST_TYPO = 5
"""Shorter words have too many neighbours to guess which one was meant."""
SAID_TOO_WEIGHT = 0.7
"""Table talk's own words, where the rules say them too, against what it
stands for."""
MAX_TALK = 6
"""The most words a piece of table talk has."""


@dataclass(frozen=True)
class Slot:
    """One thing the question asks about: the phrases that say it, each weighted."""

    options: tuple[tuple[Phrase, float], ...]
    hint: bool = False
    """Said only in filler words ("how many", "who"): a passage that answers
    it gains, one that does not loses nothing."""


@dataclass(frozen=True)
class Vocabulary:
    """The words of the rules searched: folded as written, and their stems."""

    stems: frozenset[str]
    words: dict[str, str]
    """Each folded word as written → its stem."""


def _distance_at_most_one(a: str, b: str) -> bool:
    """Whether one edit (a letter added, dropped, changed or two swapped) makes
    `a` into `b`."""
    if a == b or abs(len(a) - len(b)) > 1:
        return a == b
    if len(a) > len(b):
        a, b = b, a
    start = 0
    while start < len(a) and a[start] == b[start]:
        start += 1
    if len(a) == len(b):
        rest = a[start + 1 :] == b[start + 1 :]
        swapped = a[start : start + 2] == b[start : start + 2][::-1]
        return rest or (swapped and a[start + 2 :] == b[start + 2 :])
    return a[start:] == b[start + 1 :]


def _compounded(word: str, part: str) -> bool:
    """Whether `word` is a compound that ends in `part` ("trekkbunke": bunke)."""
    return len(part) >= 4 and word.endswith(part) and len(word) >= len(part) + 3


def _near(
    word: str, said: str, vocabulary: Vocabulary, lang: str, typing: bool
) -> dict[str, float]:
    """The stems a word the rules lack may stand for: the rules' words it
    starts (while it is being typed), the rules' words and table talk it is
    one typo away from, the rules' compounds it ends and the rules' words it
    ends in (in a compounding language)."""
    found: dict[str, float] = {}
    if typing and len(word) >= 3:
        for known in vocabulary.stems:
            if known.startswith(said) and known != said:
                found[known] = PREFIX_WEIGHT
    if len(word) >= SHORTEST_TYPO:
        written = {**language_words(lang).talk_words, **vocabulary.words}
        for spelled, known in written.items():
            if _distance_at_most_one(word, spelled):
                found[known] = max(found.get(known, 0.0), TYPO_WEIGHT)
    if lang in COMPOUND_LANGUAGES and len(said) >= 4:
        for known in vocabulary.stems:
            if _compounded(said, known) or _compounded(known, said):
                found.setdefault(known, COMPOUND_WEIGHT)
    return found


def _talk_at(
    words_typed: list[str], stems: list[str], filler: list[bool], at: int, lang: str
) -> tuple[int, tuple[Phrase, ...]]:
    """The longest table talk starting at `at`: how many words it spans (0:
    none), and the rule's words it stands for (none, for a filler phrase)."""
    words = language_words(lang)
    for length in range(min(MAX_TALK, len(stems) - at), 1, -1):
        said = tuple(stems[at : at + length])
        if said in words.talk:
            return length, words.talk[said]
    if not filler[at]:
        # Said with other filler words between ("get rid of the last card").
        content = [i for i in range(at, len(stems)) if not filler[i]][:MAX_TALK]
        for count in range(len(content), 1, -1):
            said = tuple(stems[i] for i in content[:count])
            if said in words.loose_talk:
                return content[count - 1] + 1 - at, words.loose_talk[said]
    if words_typed[at] in words.exact_talk:
        return 1, words.exact_talk[words_typed[at]]
    if (stems[at],) in words.talk:
        return 1, words.talk[(stems[at],)]
    return 0, ()


def _word_options(
    word: str, lang: str, vocabulary: Vocabulary, typing: bool
) -> dict[Phrase, float]:
    """A single word's own stem, and what the rules have for it if they lack it."""
    said = stem(word, lang)
    options: dict[Phrase, float] = {(said,): 1.0}
    if said in vocabulary.stems:
        return options
    talk = language_words(lang).talk
    for near, weight in _near(word, said, vocabulary, lang, typing).items():
        if near in vocabulary.stems:
            options[(near,)] = weight
        # A typo of table talk ("finsh") stands for the rule's words.
        for term in talk.get((near,), ()):
            options.setdefault(term, weight)
    return options


def _figure(word: str) -> str:
    """A figure with an ending ("8s", "8er", "8a") as its figure."""
    digits = word.rstrip("abcdefghijklmnopqrstuvwxyz")
    return digits if digits.isdigit() else word


def _counts_a_rank(words: list[str], at: int, lang: str) -> bool:
    """Whether the word at `at` is a count of more than one, before a rank."""
    said = language_words(lang)
    if at + 1 >= len(words) or words[at] not in said.counts:
        return False
    rank = words[at + 1]
    return rank in said.numbers or stem(rank, lang) in said.numbers


def slots(words: list[str], lang: str, vocabulary: Vocabulary) -> list[Slot]:
    """The slots of a question's folded words (filler too), in the order typed.

    A word makes a slot of its own stem and of the rule's words its table
    talk stands for ("end": itself, or "go out"); table talk of several words
    makes a slot of the rule's words ("pick up": "draw"), and of its own if
    the rules have them all ("välj färg": joker, or choose a suit); a filler
    phrase or word makes none, unless it is table talk too, which makes a
    hint ("how many": a figure): a question of filler words alone asks
    nothing. The last word may be half typed.
    """
    words = [_figure(word) for word in words]
    stems = [stem(word, lang) for word in words]
    filler = [is_filler(word, lang) for word in words]
    found: list[Slot] = []
    at = 0
    while at < len(words):
        length, terms = _talk_at(words, stems, filler, at, lang)
        options: dict[Phrase, float] = {}
        if length <= 1 and not filler[at]:
            typing = at == len(words) - 1
            options.update(_word_options(words[at], lang, vocabulary, typing))
        for term in terms:
            # Table talk is meant as said, whatever a typo's guess made of it.
            options[term] = 1.0
        if _counts_a_rank(words, at, lang):
            # "Two nines", "3 sixes": several cards of one rank.
            options.setdefault(language_words(lang).several, 1.0)
        said = tuple(stems[i] for i in range(at, at + length) if not filler[i])
        if length > 1 and len(said) > 1 and vocabulary.stems.issuperset(said):
            # Words the rules say too ("välj färg" is Uno's wild and a choice).
            options.setdefault(said, SAID_TOO_WEIGHT)
        if options:
            hint = all(filler[at : at + max(length, 1)])
            found.append(Slot(tuple(options.items()), hint))
        at += max(length, 1)
    return found


def vocabulary_of(texts: Iterable[str], lang: str) -> Vocabulary:
    """The words of some rule texts, and their stems."""
    words: dict[str, str] = {}
    for text in texts:
        for word in WORD.findall(fold(text)):
            if word not in words:
                words[word] = stem(word, lang)
    return Vocabulary(frozenset(words.values()), words)
