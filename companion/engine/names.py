"""Player names: how they are cleaned, which are refused, and when two are the same."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable

from companion.engine.errors import MatchError
from companion.engine.look_alikes import skeleton
from companion.engine.unicode_text import (
    ZWJ,
    grapheme_clusters,
    is_hidden,
    is_pictograph,
)

MAX_NAME_LENGTH = 24
"""In grapheme clusters, what a person counts as characters: 👨‍👩‍👧 is one."""
MAX_NAME_BYTES = 1024
"""In UTF-8, checked before any Unicode work: MAX_NAME_LENGTH clusters of the
longest emoji (a family of four with skin tones, 41 bytes) fit. One cluster
can hold any number of marks ("a" and 40,000 acute accents), and each of them
costs time wherever the name is measured or drawn."""


# What an emoji sequence is made of besides its pictographs: the joiner of a
# family or a profession, variation selectors (text or emoji style) and the
# tag characters of subdivision flags. Only inside an emoji are they allowed.
def _emoji_glue(char: str) -> bool:
    code = ord(char)
    return char == ZWJ or 0xFE00 <= code <= 0xFE0F or 0xE0020 <= code <= 0xE007F


def _has_pictograph(cluster: str) -> bool:
    return any(is_pictograph(char) for char in cluster)


def _outside_emoji(cluster: str) -> str:
    """What of a grapheme cluster must be visible: all of it, but an emoji's glue."""
    if not _has_pictograph(cluster):
        return cluster
    return "".join(char for char in cluster if not _emoji_glue(char))


def _hidden_character(name: str) -> str | None:
    """The first refused character of `name` (unicode_text.is_hidden), or None."""
    for cluster in grapheme_clusters(name):
        for char in _outside_emoji(cluster):
            if is_hidden(char):
                return char
    return None


def name_length(name: str) -> int:
    """The length of `name` as a person counts it: in grapheme clusters."""
    return len(grapheme_clusters(name))


def check_name(name: object) -> str:
    """A new player's name, cleaned, or MatchError saying what is wrong with it.

    Cleaning: Unicode NFC, whitespace trimmed and every inner run of it made one
    space. Refused: no name, a control, format or other invisible character
    ("hidden-character", the first one as U+XXXX), more than MAX_NAME_LENGTH
    grapheme clusters or MAX_NAME_BYTES bytes.
    """
    if not isinstance(name, str):
        raise MatchError("empty-name")
    if len(name.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES:
        # Shown by its first clusters: the whole of it is what was too long.
        shown = name[:MAX_NAME_LENGTH] + "…"
        raise MatchError("name-too-long", name=shown, max=MAX_NAME_LENGTH)
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


def phone_name(name: object) -> str | None:
    """Whose phone it is, as a phone says (Settings, a following phone's
    message), cleaned as check_name cleans a player's name; "" for nobody's,
    None if it is no name (never trusted for who the phone is: a label)."""
    if isinstance(name, str) and len(name) > MAX_NAME_BYTES:
        return None
    if isinstance(name, str) and not name.strip():
        return ""
    try:
        return check_name(name)
    except MatchError:
        return None


def refuse_duplicates(
    names: tuple[str, ...], key: Callable[[str], str]
) -> tuple[str, ...]:
    """`names` as they are; MatchError ("duplicate-name", the second one) if two
    have the same `key`."""
    seen: set[str] = set()
    for name in names:
        folded = key(name)
        if folded in seen:
            raise MatchError("duplicate-name", name=name)
        seen.add(folded)
    return names


def check_names(names: Iterable[object]) -> tuple[str, ...]:
    """Several new names (a table's seats), each checked; MatchError if two read
    the same ("duplicate-name" or "look-alike-name", the second one)."""
    checked = tuple(check_name(name) for name in names)
    book = NameBook()
    for name in checked:
        book.refuse(name)
        book.add(name)
    return checked


def spelt_out(name: str) -> str:
    """`name` with every refused character written as <U+XXXX>, to show it safely."""
    return "".join(
        cluster
        if _has_pictograph(cluster)
        else "".join(f"<U+{ord(c):04X}>" if is_hidden(c) else c for c in cluster)
        for cluster in grapheme_clusters(name)
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
    extra whitespace ignored. Equal keys: the same player; names that only look
    alike (Cyrillic "Аda", Latin "Ada") have different keys: NameBook finds
    those. Lists of names sort by it."""
    folded = unicodedata.normalize("NFKC", name)
    return _visible(unicodedata.normalize("NFKC", folded.casefold()))


def _visible(name: str) -> str:
    """`name` without its invisible characters (an emoji's glue kept) and with
    its whitespace made single spaces."""
    visible = "".join(
        cluster
        if _has_pictograph(cluster)
        else "".join(c for c in cluster if not is_hidden(c))
        for cluster in grapheme_clusters(name)
    )
    return " ".join(visible.split())


def look_keys(name: str) -> tuple[str, str]:
    """Two forms of what `name` looks like (UTS #39 skeletons): as written, and
    case-folded. Names that share either look alike: "Аda" with a Cyrillic А
    and "Ada", Greek "Αda" and "ADA", "Нans" (Cyrillic Н) and "Hans".

    Both, because the data is case-sensitive: a capital that imitates one
    (Cyrillic Н, Latin H) may not once folded (н, h), and "Ida" looks like
    "lda" only with its capital I.
    """
    written = unicodedata.normalize("NFKC", name)
    return (skeleton(_visible(written)), skeleton(name_key(name)))


class NameBook:
    """Names already taken, and which of them a new name would read as.

    A name reads as another if they are the same in any case or compatibility
    form (name_key), or if they look alike (look_keys): a mixed-script name
    such as "Аda" counts as the name it imitates.
    """

    def __init__(self, names: Iterable[str] = ()) -> None:
        self._written: dict[str, str] = {}
        self._folded: dict[str, str] = {}
        for name in names:
            self.add(name)

    def add(self, name: str) -> None:
        """Take `name` (the first of names that read the same is kept)."""
        written, folded = look_keys(name)
        self._written.setdefault(written, name)
        self._folded.setdefault(folded, name)

    def find(self, name: str) -> str | None:
        """The taken name `name` reads as, or None."""
        written, folded = look_keys(name)
        return self._folded.get(folded) or self._written.get(written)

    def refuse(self, name: str) -> None:
        """MatchError if `name` reads as a taken one: "duplicate-name" if they
        are the same but for case or width, else "look-alike-name" naming both."""
        known = self.find(name)
        if known is None:
            return
        if name_key(known) == name_key(name):
            raise MatchError("duplicate-name", name=name)
        raise MatchError("look-alike-name", name=name, known=known)
