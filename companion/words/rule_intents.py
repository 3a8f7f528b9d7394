"""What a question is about (dealing, scoring, what a card does...): the rule
cards it asks of, told from how it is asked, not from the rules' words.

Each language's words.toml lists under [intents], for each reminder card
("deal", "scoring"), the ways people ask about it ("how much", "who starts",
"pick up"), filler words included. A question is about the cards whose cues it
says most; a passage is about its own card, and a dispute or house rule also
about those its bold lead asks of ("How many cards do you draw?": dealing and
drawing). Intents only weigh passages a question's words already found: a cue
alone, such as a filler word, never makes a passage an answer.
"""

from __future__ import annotations

import functools
import tomllib

from companion.words.rule_words import WORD, fold, is_filler, stem, words_path

Cue = tuple[tuple[str, bool], ...]
"""A cue's words: each one's stem, and whether it is a filler word."""

ASIDE = frozenset({"disputes", "house-rules"})
"""Cards that are about what their passages' leads ask, not one topic."""


def _read(text: str, lang: str) -> Cue:
    # A filler word meets only a filler word: Spanish "pasa" (what happens)
    # is not "pasar" (to pass), though both have one stem.
    return tuple((stem(w, lang), is_filler(w, lang)) for w in WORD.findall(fold(text)))


@functools.cache
def _cues(lang: str) -> dict[str, tuple[Cue, ...]]:
    """Each card's cues in a language."""
    with open(words_path(lang), "rb") as file:
        listed: dict[str, list[str]] = tomllib.load(file).get("intents", {})
    return {
        card: tuple(_read(cue, lang) for cue in cues) for card, cues in listed.items()
    }


def _said(cue: Cue, said: Cue) -> int:
    size = len(cue)
    return sum(said[at : at + size] == cue for at in range(len(said) - size + 1))


def _counted(text: str, lang: str) -> dict[str, int]:
    said = _read(text, lang)
    counts = {
        card: sum(_said(cue, said) for cue in cues)
        for card, cues in _cues(lang).items()
    }
    return {card: count for card, count in counts.items() if count}


def asked_about(query: str, lang: str) -> frozenset[str]:
    """The cards a question asks of: those whose cues it says most."""
    counts = _counted(query, lang)
    most = max(counts.values(), default=0)
    return frozenset(card for card, count in counts.items() if count == most)


def passage_about(section: str, lead: str, lang: str) -> frozenset[str]:
    """The cards a passage is about: its own, and for a dispute or a house
    rule every card its lead asks of."""
    if section in ASIDE:
        return frozenset(_counted(lead, lang))
    return frozenset({section})
