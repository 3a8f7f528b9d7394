"""Rule search: the passage that answers a question, best first, its words marked.

A reminder card is cut into passages: a dispute's question with its answer, a
list item, a paragraph, a row of a table. A passage scores for each meaningful
word of the query it holds (rarer words count more), three times as much in
its lead (the question, the bold words an item starts with) as in its text, a
little more where the card's title holds it too; words next to each other as in
the query add a phrase bonus, and a long passage is worth less than a short one
that says the same. A passage holding every word beats one holding some; the
questions of the disputes win a tie with other passages.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from companion.engine.games import GAMES
from companion.words.i18n import get_translator
from companion.words.rule_words import (
    Token,
    fold,
    is_filler,
    named_game,
    query_words,
    stem,
    tokens,
)
from companion.words.rules import Reminder, reminders

SET_ON_NEW_MATCH: frozenset[str] = frozenset({"scoring", "match-end"})
"""Reminder cards about what New match's house rules set: scoring, values, end."""

LEAD = re.compile(r"^\*\*(.+?)\*\*")
BOLD = re.compile(r"\*\*(.+?)\*\*")
QUESTION_WEIGHT, LEAD_WEIGHT, TEXT_WEIGHT, TITLE_WEIGHT = 1.15, 3.0, 1.0, 0.5
PREFIX_MATCH = 0.6
FOCUSED_WORDS = 25


@dataclass(frozen=True)
class Passage:
    """One answer inside a reminder card: its text (``**bold**`` kept), its lead."""

    game_id: str
    section: str
    section_title: str
    kind: str
    """"question" (a dispute), "item" (of a list), "paragraph" or "row" (of a table)."""
    text: str
    lead: str
    heading: str = ""
    """A table row's column headings ("Cards", "Points"), searched as its title is."""


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


def _row_text(line: str) -> str:
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    return ": ".join(cell for cell in cells if cell)


def _blocks(body: str) -> list[tuple[str, str, str]]:
    """A card's body as (kind, text, heading) passages, in the order written."""
    found: list[tuple[str, str, str]] = []
    for block in re.split(r"\n\s*\n", body.strip()):
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        if all(line.startswith("|") for line in lines):
            # Row 0 is the heading, row 1 the |---| line under it.
            heading = _row_text(lines[0])
            found.extend(("row", _row_text(line), heading) for line in lines[2:])
        elif all(line.startswith(("- ", "* ")) for line in lines):
            found.extend(("item", line[2:].strip(), "") for line in lines)
        else:
            text = " ".join(lines)
            lead = LEAD.match(text)
            is_question = lead is not None and lead.group(1).rstrip().endswith("?")
            found.append(("question" if is_question else "paragraph", text, ""))
    return found


def passages(game_id: str, cards: Sequence[Reminder]) -> list[Passage]:
    """Every passage of a game's reminder cards, in reading order."""
    shown: list[Passage] = []
    for card in cards:
        for kind, text, heading in _blocks(card.body):
            lead = LEAD.match(text)
            if kind == "row":
                lead_text = text.split(": ", 1)[0]
            else:
                lead_text = lead.group(1) if lead else ""
            shown.append(
                Passage(game_id, card.id, card.title, kind, text, lead_text, heading)
            )
    return shown


@dataclass(frozen=True)
class _Indexed:
    passage: Passage
    lead: frozenset[str]
    words: tuple[str, ...]
    title: frozenset[str]


def _indexed(game_id: str, cards: Sequence[Reminder], lang: str) -> list[_Indexed]:
    indexed = []
    section = None
    for passage in passages(game_id, cards):
        words = tuple(t.stem for t in tokens(BOLD.sub(r"\1", passage.text), lang))
        lead = frozenset(t.stem for t in tokens(passage.lead, lang))
        titles = f"{passage.section_title} {passage.heading}"
        title = frozenset(t.stem for t in tokens(titles, lang))
        if passage.section != section:
            # A card's first passage says what its title names ("Lappen": say it).
            lead |= title
            section = passage.section
        indexed.append(_Indexed(passage, lead, words, title))
    return indexed


@functools.cache
def _index(lang: str) -> tuple[_Indexed, ...]:
    """The passages of every game's reminders as written, read once a language."""
    return tuple(
        item
        for game_id in GAMES
        for item in _indexed(game_id, reminders(game_id, lang), lang)
    )


@functools.cache
def _rarity(lang: str) -> tuple[dict[str, float], frozenset[str]]:
    """How rare each stem is among the passages (rarer weighs more), and the
    folded words and stems the rules in this language have."""
    index = _index(lang)
    counts: dict[str, int] = {}
    for item in index:
        for word in set(item.words):
            counts[word] = counts.get(word, 0) + 1
    rarity = {w: math.log(1 + len(index) / n) for w, n in counts.items()}
    folded = {
        fold(word)
        for item in index
        for word in re.findall(r"\w+", item.passage.text + item.passage.section_title)
    }
    return rarity, frozenset(folded | set(counts))


def _match(term: str, stems: Sequence[str] | frozenset[str]) -> float:
    """How well a query stem meets a set of stems: the same, or its start."""
    best = 0.0
    for word in stems:
        if word == term:
            return 1.0
        if len(term) >= 3 and word.startswith(term):
            best = PREFIX_MATCH
    return best


def _phrases(terms: list[str], words: tuple[str, ...]) -> int:
    """How many neighbouring query words stand next to each other in the text."""
    pairs = set(zip(words, words[1:], strict=False))
    return sum(1 for pair in zip(terms, terms[1:], strict=False) if pair in pairs)


def _score(
    item: _Indexed, asked: list[str], weights: dict[str, float], lang: str
) -> float:
    """How well a passage answers the query's stems `asked`, in the order typed."""
    total = covered = 0.0
    for term, weight in weights.items():
        in_lead = LEAD_WEIGHT * _match(term, item.lead)
        found = max(in_lead, TEXT_WEIGHT * _match(term, item.words))
        found += TITLE_WEIGHT * _match(term, item.title)
        total += weight * found
        covered += weight if found else 0.0
    if total == 0:
        return 0.0
    # Filler words ("on", "an") between the query's words do not break a phrase.
    kept = tuple(w for w in item.words if not is_filler(w, lang))
    whole = sum(weights.values())
    total += 0.5 * _phrases(asked, kept) * whole / len(weights)
    # A passage holding every word of the query beats one holding some of them.
    score = total / whole * covered / whole
    score /= 1 + max(0, len(item.words) - FOCUSED_WORDS) / (2 * FOCUSED_WORDS)
    return score * (QUESTION_WEIGHT if item.passage.kind == "question" else 1.0)


def _marked(text: str, terms: list[str], lang: str) -> tuple[Piece, ...]:
    """The passage as pieces: bold where written, marked where a query word is."""
    pieces: list[Piece] = []
    for index, part in enumerate(BOLD.split(text)):
        bold = index % 2 == 1
        at = 0
        for token in tokens(part, lang):
            if not _is_hit(token, terms):
                continue
            if token.start > at:
                pieces.append(Piece(part[at : token.start], bold))
            pieces.append(Piece(part[token.start : token.end], bold, True))
            at = token.end
        if at < len(part):
            pieces.append(Piece(part[at:], bold))
    return tuple(pieces)


def _is_hit(token: Token, terms: list[str]) -> bool:
    return any(_match(term, (token.stem,)) > 0 for term in terms)


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
    is then not searched for unless the query holds nothing else.
    """
    lang = get_translator(lang).lang
    words = query_words(query, lang)
    scope = None if every_game else game_id
    if not words:
        return RuleSearch((), scope, None)
    rarity, known = _rarity(lang)
    named, rest = named_game(words, known)
    if named is not None and not every_game:
        scope = named
    index = list(_index(lang))
    if shown is not None:
        index = [item for item in index if item.passage.game_id != game_id]
        index.extend(_indexed(game_id, shown, lang))
    asked = [stem(word, lang) for word in (rest or words)]
    terms = list(dict.fromkeys(asked))
    rarest = max(rarity.values(), default=1.0)
    weights = {term: rarity.get(term, rarest) for term in terms}
    scored = []
    for item in index:
        if scope is not None and item.passage.game_id != scope:
            continue
        score = _score(item, asked, weights, lang)
        if score > 0:
            scored.append((round(score, 3), item.passage))
    scored.sort(key=lambda pair: -pair[0])
    hits = tuple(
        RuleHit(passage, score, _marked(passage.text, terms, lang))
        for score, passage in scored[:limit]
    )
    return RuleSearch(hits, scope, named)
