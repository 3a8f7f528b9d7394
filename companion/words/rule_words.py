"""The words of a rule search: folding, light stemming, filler words, game names."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from companion.engine.games import GAMES
from companion.words.game_texts import GAME_NAMES
from companion.words.i18n import LANGUAGES, PSEUDO, get_translator

WORD = re.compile(r"\w+")


def _word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


# Words a question is made of that say nothing about the rule asked for, folded
# (no accents). Kept per language: Spanish "en" is filler, Norwegian "ut" is not.
FILLER: dict[str, frozenset[str]] = {
    "en": _word_set(
        "a an the on in of to at by for with and or is are be can could may "
        "you your i we my it its do does if what when who how which that this "
        "there many much"
    ),
    "nb": _word_set(
        "en ei et den det de pa i av til med og eller er kan man du jeg vi "
        "hva nar hvem hvordan hvis som har seg sin om for a hvor mange mye"
    ),
    "sv": _word_set(
        "en ett den det de pa i av till med och eller ar kan man du jag vi "
        "vad nar vem hur om som har sig sin for att manga mycket"
    ),
    "es": _word_set(
        "un una unos unas el la los las lo de del al en con y o que se puede "
        "puedo es son yo tu te me mi su por para como cuando quien si a cuanto "
        "cuantos cuantas"
    ),
}

# Endings stripped so that "eights", "åttere", "åttorna" and "ochos" meet their
# word; the longest that leaves a stem of three letters goes.
ENDINGS: dict[str, tuple[str, ...]] = {
    "en": ("ing", "s", "ed"),
    "nb": ("eren", "erne", "ene", "ere", "en", "er", "et", "e", "a"),
    "sv": ("orna", "arna", "erna", "or", "ar", "er", "en", "na", "an", "et", "a", "e"),
    "es": ("es", "s"),
}

# Words a person types for what the rules call otherwise, by stem: Spanish
# tables "salen" where our text "cierra"; "went" out is going out.
SAME_WORD: dict[str, dict[str, str]] = {
    "en": {"went": "go", "goe": "go", "finish": "go"},
    "nb": {},
    "sv": {},
    "es": {
        "salir": "cerrar",
        "sale": "cerrar",
        "salgo": "cerrar",
        "cierra": "cerrar",
        "cierro": "cerrar",
        "terminar": "cerrar",
        "acabar": "cerrar",
    },
}

# Names the games go by that no translation uses: Olsen is Crazy Eights in much
# of Norway, Vriompeis the Norwegian Uno with regular cards, Vri åtter its own.
OTHER_NAMES: dict[str, tuple[str, ...]] = {
    "crazy-eights": ("Vri åtter", "Olsen", "Crazy Eights", "Ocho loco"),
    "vandatta": ("Vändåtta",),
    "uno": ("Uno", "Vriompeis"),
}


def fold(text: str) -> str:
    """Lower case without accents, so "åtter" meets "Åtteren" and "vandatta"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def search_lang(lang: str) -> str:
    """The language whose words a search uses (the pseudo-locale reads English)."""
    return "en" if lang == PSEUDO or lang not in FILLER else lang


def stem(word: str, lang: str) -> str:
    """A folded word without its ending, as the same word in other forms has it."""
    lang = search_lang(lang)
    for ending in sorted(ENDINGS[lang], key=len, reverse=True):
        # "going" keeps "go": the only English stem of two letters that matters.
        shortest = 2 if ending == "ing" else 3
        if word.endswith(ending) and len(word) - len(ending) >= shortest:
            word = word[: -len(ending)]
            break
    return SAME_WORD[lang].get(word, word)


@dataclass(frozen=True)
class Token:
    """One word of a text: where it stands, and its stem."""

    start: int
    end: int
    stem: str


def tokens(text: str, lang: str) -> list[Token]:
    """Every word of `text` with its place and stem, filler words included."""
    return [
        Token(m.start(), m.end(), stem(fold(m.group()), lang))
        for m in WORD.finditer(text)
    ]


def is_filler(word: str, lang: str) -> bool:
    """Whether a folded word is one that says nothing about the rule asked for."""
    return word in FILLER[search_lang(lang)]


def query_words(query: str, lang: str) -> list[str]:
    """The folded words of a query that carry meaning (all, if only filler)."""
    words = [fold(w) for w in WORD.findall(query)]
    meaning = [w for w in words if not is_filler(w, lang)]
    return meaning or words


@functools.cache
def game_names() -> dict[str, tuple[tuple[str, ...], ...]]:
    """Each game's names as folded word sequences, in all four languages."""
    found: dict[str, tuple[tuple[str, ...], ...]] = {}
    for game_id in GAMES:
        names = {
            get_translator(lang).gettext(GAME_NAMES[game_id]) for lang in LANGUAGES
        }
        names.update(OTHER_NAMES.get(game_id, ()))
        found[game_id] = tuple(
            sorted({tuple(WORD.findall(fold(name))) for name in names}, key=len)
        )
    return found


def _runs(words: list[str], name: tuple[str, ...]) -> Iterator[int]:
    for start in range(len(words) - len(name) + 1):
        if tuple(words[start : start + len(name)]) == name:
            yield start


def named_game(words: list[str], known: frozenset[str]) -> tuple[str | None, list[str]]:
    """The game a query names, and the query's other words.

    A name counts whole ("ocho loco", "olsen"); a word the rules in the reader's
    language do not have (`known` stems) also counts as part of a one-word name,
    so "åtta" finds Vändåtta in English, while in Swedish it stays an eight.
    """
    for game_id, names in game_names().items():
        for name in sorted(names, key=len, reverse=True):
            for start in _runs(words, name):
                return game_id, words[:start] + words[start + len(name) :]
    for index, word in enumerate(words):
        if len(word) < 4 or word in known:
            continue
        for game_id, names in game_names().items():
            if any(len(name) == 1 and word in name[0] for name in names):
                return game_id, words[:index] + words[index + 1 :]
    return None, words
