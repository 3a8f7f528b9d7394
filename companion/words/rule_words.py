"""The words of a rule search: each language's word forms and table talk, read
from locales/<lang>/rules/words.toml, and the games' names in every language."""

from __future__ import annotations

import functools
import re
import tomllib
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from companion.engine.games import GAMES
from companion.words.game_texts import GAME_NAMES
from companion.words.i18n import LANGUAGES, PSEUDO, get_translator, locales_dir

WORD = re.compile(r"\w+(?:['’]\w+)*")
"""A word, with the apostrophes inside it ("can't", "won't")."""
APOSTROPHES = str.maketrans("", "", "'’")
SHORTEST_STEM = 3
"""An ending comes off only if this many letters stay ("aces" keeps "ace")."""

# Names the games go by that no translation uses: Olsen is Crazy Eights in much
# of Norway, Vriompeis the Norwegian Uno with regular cards, Vri åtter its own.
OTHER_NAMES: dict[str, tuple[str, ...]] = {
    "crazy-eights": ("Vri åtter", "Olsen", "Crazy Eights", "Crazy 8", "Ocho loco"),
    "vandatta": ("Vändåtta",),
    "uno": ("Uno", "Vriompeis"),
}

Phrase = tuple[str, ...]
"""The stems of one or more words, in order."""


FIGURE = "#"
"""The stem a passage holds for each figure in it, and that "how many" asks for."""
EFFECT = "!"
"""The stem "what does it do" asks for: what a card does, not what it is worth."""
MARKS = frozenset({FIGURE, EFFECT})
"""The rule words of words.toml that are no words but what a question asks for."""


@dataclass(frozen=True)
class LanguageWords:
    """What a language's words.toml says, folded and ready to match."""

    filler: frozenset[str]
    endings: tuple[str, ...]
    forms: dict[str, str]
    talk: dict[Phrase, tuple[Phrase, ...]]
    """What people say (stems, filler words too) → the rule's words it stands
    for (their stems without filler); nothing, for filler phrases."""
    loose_talk: dict[Phrase, tuple[Phrase, ...]]
    """The same, by the stems of its words that are not filler, where at least
    two are: "get rid of my last card" is said with other filler words too."""
    exact_talk: dict[str, tuple[Phrase, ...]]
    """Words of table talk that stand for the rule's words only as written
    ("=salir": "sale", the card that comes up, is no going out)."""
    talk_words: dict[str, str]
    """Each word of table talk said alone, as written (folded) → its stem."""
    numbers: frozenset[str]
    """The words for numbers (folded), which hold a figure as digits do."""
    range_words: frozenset[str]
    """The words between a range's ends ("3 to 10"), folded."""
    counts: frozenset[str]
    """The numbers of more than one (folded), in digits and words."""
    several: Phrase
    """The rules' word for several cards of one rank, which "two nines" asks of."""
    common_names: frozenset[str]
    """Games' names that are everyday words too ("uno" is "one" in Spanish)."""


def fold(text: str) -> str:
    """Lower case without accents or apostrophes, so "åtter" meets "Åtteren"
    and "vandatta", and "won't" is "wont", never "won"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(APOSTROPHES))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def search_lang(lang: str) -> str:
    """The language whose words a search uses (the pseudo-locale reads English)."""
    return "en" if lang == PSEUDO or lang not in LANGUAGES else lang


def words_path(lang: str) -> Path:
    """Where a language's words for the rule search are kept."""
    return locales_dir() / search_lang(lang) / "rules" / "words.toml"


def _folded(text: str) -> list[str]:
    return WORD.findall(fold(text))


def _stem(word: str, endings: tuple[str, ...], forms: dict[str, str]) -> str:
    word = forms.get(word, word)
    for ending in endings:
        if word.endswith(ending) and len(word) - len(ending) >= SHORTEST_STEM:
            word = word[: -len(ending)]
            # A final "s" (Swedish "läggas", Norwegian "kortets") ends another
            # ending.
            return _stem(word, endings, {}) if ending == "s" else word
    return word


@functools.cache
def language_words(lang: str) -> LanguageWords:
    """A language's filler words, endings, word forms and table talk."""
    with open(words_path(lang), "rb") as file:
        data = tomllib.load(file)
    filler = frozenset(_folded(data["filler"]))
    endings = tuple(sorted({fold(e) for e in data["endings"]}, key=len, reverse=True))
    forms = {fold(k): fold(v) for k, v in data.get("forms", {}).items()}

    def phrase(text: str) -> Phrase:
        return tuple(_stem(w, endings, forms) for w in _folded(text))

    def content(text: str) -> Phrase:
        kept = [w for w in _folded(text) if w not in filler]
        return tuple(_stem(w, endings, forms) for w in kept)

    talk: dict[Phrase, list[Phrase]] = {}
    loose: dict[Phrase, list[Phrase]] = {}
    exact: dict[str, list[Phrase]] = {}
    alone: dict[str, str] = {}
    numbers = {fold(digits): fold(word) for digits, word in data["numbers"].items()}
    said_for = [*data.get("talk", {}).items(), *((w, [d]) for d, w in numbers.items())]
    for rule_words, said in said_for:
        meant = (rule_words,) if rule_words in MARKS else content(rule_words)
        for words in said:
            if words.startswith("="):
                exact.setdefault(fold(words[1:]), []).append(meant)
                continue
            talk.setdefault(phrase(words), []).append(meant)
            if len(_folded(words)) == 1:
                alone[fold(words)] = phrase(words)[0]
            if len(content(words)) >= 2:
                loose.setdefault(content(words), []).append(meant)
    for words in data.get("filler_phrases", ()):
        talk[phrase(words)] = []
    common = frozenset(fold(n) for n in data.get("common_names", ()))
    return LanguageWords(
        filler,
        endings,
        forms,
        {said: tuple(dict.fromkeys(terms)) for said, terms in talk.items()},
        {said: tuple(dict.fromkeys(terms)) for said, terms in loose.items()},
        {said: tuple(dict.fromkeys(terms)) for said, terms in exact.items()},
        alone,
        frozenset(numbers.values()) | frozenset(numbers),
        frozenset(fold(w) for w in data.get("range_words", ())),
        frozenset(w for d, w in numbers.items() if d != "1") | (set(numbers) - {"1"}),
        content(data.get("several", "")),
        common,
    )


@functools.lru_cache(maxsize=1 << 16)
def stem(word: str, lang: str) -> str:
    """A folded word without its ending, as the same word in other forms has it."""
    words = language_words(lang)
    return _stem(word, words.endings, words.forms)


def is_filler(word: str, lang: str) -> bool:
    """Whether a folded word is one that says nothing about the rule asked for."""
    words = language_words(lang)
    return words.forms.get(word, word) in words.filler or word in words.filler


@dataclass(frozen=True)
class Token:
    """One word of a text: where it stands, and its stem."""

    start: int
    end: int
    word: str
    """The word folded, before its ending comes off."""
    stem: str


def tokens(text: str, lang: str) -> list[Token]:
    """Every word of `text` with its place and stem, filler words included."""
    found = []
    for match in WORD.finditer(text):
        word = fold(match.group())
        found.append(Token(match.start(), match.end(), word, stem(word, lang)))
    return found


RANGE_DASHES = frozenset("-–—")
FIGURES_APART = re.compile(r"\d\W+(?:\w+\W+)?\d")
"""Two figures with a dash or a word between: a range, maybe."""
LONGEST_RANGE = 20
"""A range of figures no longer than this names each figure in it."""


def within_ranges(text: str, lang: str) -> list[str]:
    """The figures a text's ranges hold between their ends, in digits: "3 to
    10 players" holds 4 ("how many cards with 4 of us")."""
    if not FIGURES_APART.search(text):
        return []
    words = language_words(lang)
    found = tokens(text, lang)
    held: list[str] = []
    for at, first in enumerate(found[:-1]):
        second = found[at + 1]
        if second.word in words.range_words and at + 2 < len(found):
            between = (
                text[first.end : second.start] + text[second.end : found[at + 2].start]
            )
            second = found[at + 2]
        else:
            between = text[first.end : second.start]
        if not (first.word.isdigit() and second.word.isdigit()):
            continue
        if between.strip() not in RANGE_DASHES and between.strip():
            continue
        if between.strip() == "" and second is found[at + 1]:
            continue
        low, high = int(first.word), int(second.word)
        if 0 < high - low <= LONGEST_RANGE:
            held += map(str, range(low + 1, high))
    return held


@functools.cache
def game_names() -> dict[str, tuple[Phrase, ...]]:
    """Each game's names as folded word sequences, in all four languages."""
    found: dict[str, tuple[Phrase, ...]] = {}
    for game_id in GAMES:
        names = {
            get_translator(lang).gettext(GAME_NAMES[game_id]) for lang in LANGUAGES
        }
        names.update(OTHER_NAMES.get(game_id, ()))
        found[game_id] = tuple(
            sorted({tuple(_folded(name)) for name in names}, key=len)
        )
    return found


def _runs(words: list[str], name: Phrase) -> Iterator[int]:
    for start in range(len(words) - len(name) + 1):
        if tuple(words[start : start + len(name)]) == name:
            yield start


@dataclass(frozen=True)
class Naming:
    """The game a query names by one of its names, and the query's other words."""

    game_id: str | None
    rest: list[str]
    """The query's other words, folded."""
    name: list[str]
    """The words of the name as typed, folded."""
    unnamed: str
    """The query as typed without the name ("Vri åtter eight on eight": "eight
    on eight"), to search another game for."""


def _names_longest_first() -> list[tuple[Phrase, str]]:
    found = [(name, game) for game, names in game_names().items() for name in names]
    return sorted(found, key=lambda pair: -len(pair[0]))


def named_game(query: str, lang: str, known: frozenset[str]) -> Naming:
    """The game a query names, and its other words (folded, filler included).

    A name counts whole ("ocho loco", "olsen"), the longest first ("norsk
    vändåtta" is Crazy Eights); a word the rules in the reader's language do
    not have (`known` folded words) also counts as part of a one-word name, so
    "åtta" finds Vändåtta in English, while in Swedish it stays an eight. A name
    that is an everyday word of the language ("uno" in Spanish) names its game
    only written with a capital, or alone.
    """
    typed = list(WORD.finditer(query))
    words = [fold(match.group()) for match in typed]
    common = language_words(lang).common_names

    def naming(game_id: str, start: int, end: int) -> Naming:
        cut = query[: typed[start].start()] + query[typed[end - 1].end() :]
        unnamed = " ".join(cut.split())
        return Naming(game_id, words[:start] + words[end:], words[start:end], unnamed)

    for name, game_id in _names_longest_first():
        for start in _runs(words, name):
            everyday = name[0] in common and len(words) > 1
            if everyday and not typed[start].group()[:1].isupper():
                continue
            return naming(game_id, start, start + len(name))
    for index, word in enumerate(words):
        if len(word) < 4 or word in known or is_filler(word, lang):
            continue
        for name, game_id in _names_longest_first():
            if len(name) == 1 and word in name[0]:
                return naming(game_id, index, index + 1)
    return Naming(None, words, [], query.strip())
