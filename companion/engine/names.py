"""Player names: how they are cleaned, which are refused, and when two are the same."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

import regex

from companion.engine.errors import MatchError

MAX_NAME_LENGTH = 24
"""In grapheme clusters, what a person counts as characters: 👨‍👩‍👧 is one."""

_GRAPHEME = regex.compile(r"\X")
# Characters nobody can see or that steer the text around them: controls (NUL,
# line breaks), format characters (zero-width space, bidirectional overrides,
# soft hyphen), private-use, surrogates, unassigned code points, line and
# paragraph separators, and the letters and symbols drawn as nothing at all
# (Hangul fillers, the combining grapheme joiner, the blank Braille cell).
_HIDDEN = regex.compile(
    r"[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}"
    r"\p{Default_Ignorable_Code_Point}\u2800]"
)
# What an emoji sequence is made of besides its pictographs: the joiner of a
# family or a profession, variation selectors (text or emoji style) and the
# tag characters of subdivision flags. Only inside an emoji are they allowed.
_EMOJI_GLUE = regex.compile(r"[\u200d\ufe00-\ufe0f\U000e0020-\U000e007f]")
_PICTOGRAPH = regex.compile(r"[\p{Extended_Pictographic}\u20e3]")


def _outside_emoji(cluster: str) -> str:
    """What of a grapheme cluster must be visible: all of it, but an emoji's glue."""
    return _EMOJI_GLUE.sub("", cluster) if _PICTOGRAPH.search(cluster) else cluster


def _hidden_character(name: str) -> str | None:
    """The first refused character of `name`, or None."""
    for cluster in _GRAPHEME.findall(name):
        found = _HIDDEN.search(_outside_emoji(cluster))
        if found:
            return found.group()
    return None


def name_length(name: str) -> int:
    """The length of `name` as a person counts it: in grapheme clusters."""
    return len(_GRAPHEME.findall(name))


def check_name(name: object) -> str:
    """A new player's name, cleaned, or MatchError saying what is wrong with it.

    Cleaning: Unicode NFC, whitespace trimmed and every inner run of it made one
    space. Refused: no name, a control, format or other invisible character
    ("hidden-character", the first one as U+XXXX), more than MAX_NAME_LENGTH
    grapheme clusters.
    """
    if not isinstance(name, str):
        raise MatchError("empty-name")
    name = unicodedata.normalize("NFC", name)
    hidden = _hidden_character(name)
    if hidden is not None:
        raise MatchError("hidden-character", char=f"U+{ord(hidden):04X}")
    name = " ".join(name.split())
    if not name:
        raise MatchError("empty-name")
    if name_length(name) > MAX_NAME_LENGTH:
        raise MatchError("name-too-long", name=name, max=MAX_NAME_LENGTH)
    return name


def check_names(names: Iterable[object]) -> tuple[str, ...]:
    """Several new names (a table's seats), each checked; MatchError if two read
    the same ("duplicate-name", the second one)."""
    checked = tuple(check_name(name) for name in names)
    seen: set[str] = set()
    for name in checked:
        if name_key(name) in seen:
            raise MatchError("duplicate-name", name=name)
        seen.add(name_key(name))
    return checked


def spelt_out(name: str) -> str:
    """`name` with every refused character written as <U+XXXX>, to show it safely."""
    return "".join(
        _HIDDEN.sub(lambda found: f"<U+{ord(found.group()):04X}>", cluster)
        if not _PICTOGRAPH.search(cluster)
        else cluster
        for cluster in _GRAPHEME.findall(name)
    )


def check_stored_name(name: object) -> str:
    """A name as stored by an earlier version, kept as it is if it is any text.

    Names stored before the rules of check_name stay readable and are shown;
    they meet the new rules only when someone renames the player.
    """
    if not isinstance(name, str) or not name.strip():
        raise MatchError("empty-name")
    return name.strip()


def name_key(name: str) -> str:
    """The form two names are compared in, as a person reads them: compatibility-
    folded (full-width Ａ is A, ﬁ is fi), case-folded, invisible characters and
    extra whitespace ignored. Equal keys: the same player."""
    folded = unicodedata.normalize("NFKC", name)
    folded = unicodedata.normalize("NFKC", folded.casefold())
    visible = "".join(
        cluster if _PICTOGRAPH.search(cluster) else _HIDDEN.sub("", cluster)
        for cluster in _GRAPHEME.findall(folded)
    )
    return " ".join(visible.split())
