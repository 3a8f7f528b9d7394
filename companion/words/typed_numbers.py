"""The one parser for every whole number a person types: bounded before it is read."""

from __future__ import annotations

MAX_TYPED_DIGITS = 9
"""More digits than any number the app takes (the largest, a limit, has six);
longer text is refused before Python is asked to convert it, which for a few
thousand digits it refuses with a ValueError and for more is slow."""

SHOWN_CHARACTERS = 12
"""How much of refused text a message repeats back."""


def parse_whole_number(text: str) -> int | None:
    """The whole number `text` spells in ASCII digits (spaces around it allowed),
    or None for anything else: empty, too long, signs, "²", other scripts."""
    if len(text) > MAX_TYPED_DIGITS * 4:
        return None
    cleaned = text.strip()
    if not cleaned or len(cleaned) > MAX_TYPED_DIGITS:
        return None
    if not (cleaned.isascii() and cleaned.isdigit()):
        return None
    return int(cleaned)


def shown_as_typed(text: str) -> str:
    """`text` as a message repeats it back: stripped, and cut short if long."""
    cleaned = text[: SHOWN_CHARACTERS * 4].strip()
    if len(cleaned) <= SHOWN_CHARACTERS:
        return cleaned
    return cleaned[: SHOWN_CHARACTERS - 1] + "…"
