"""Unicode's confusable skeletons (UTS #39): what a text looks like, letter for letter.

Cyrillic "А" and Greek "Α" draw as Latin "A"; "rn" can pass for "m". Unicode's
confusables data maps every such character to the one it imitates (its
prototype); a text's skeleton is the text with each character so mapped, and
two texts with the same skeleton look alike. The data comes with the pure-Python
package confusable-homoglyphs (shipped in the static site too), which keeps it
as pairs both ways: `prototypes` turns those back into the one-way map.
"""

from __future__ import annotations

import unicodedata
from functools import cache


def _bare(text: str) -> str:
    """`text` without the direction marks the data wraps right-to-left letters in."""
    return text.replace("\u200e", "").replace("\u200f", "")


@cache
def prototypes() -> dict[str, str]:
    """Each confusable character with the text it imitates (its prototype).

    The package lists, for a character that imitates, its one prototype, and
    for a prototype every character that imitates it. A pair that list only
    each other is one character imitating another: either can stand for both,
    so the smaller does.
    """
    # Loaded on the first name compared: the data is ~1 MB of JSON.
    from confusable_homoglyphs.confusables import confusables_data

    listed = {
        _bare(char): [_bare(entry["c"]) for entry in entries]
        for char, entries in confusables_data.items()
    }
    found: dict[str, str] = {}
    for char, homoglyphs in listed.items():
        if len(char) != 1 or len(homoglyphs) != 1:
            continue
        (target,) = homoglyphs
        if listed.get(target) == [char]:
            target = min(char, target)
        if target != char:
            found[char] = target
    return found


def skeleton(text: str) -> str:
    """What `text` looks like (UTS #39): decomposed, each character replaced
    by its prototype, decomposed again. Equal skeletons: texts that look alike."""
    table = prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in decomposed))
