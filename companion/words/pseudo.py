"""The en_XA pseudo-locale: accented, longer English that exposes untranslated text."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "áƀçđéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ"
_TABLE = str.maketrans(_PLAIN, _ACCENTED)
_VOWELS = frozenset("áéíóúýÁÉÍÓÚÝ")

# Placeholders and rule-file markers must survive untouched, or formatting breaks.
_PROTECTED = re.compile(r"%\([a-z_]+\)[sd]|%%|\{\{[^{}]+\}\}|\{[a-z_]+\}")

OPEN, CLOSE = "⟦", "⟧"


def _accent(text: str) -> str:
    # Doubling the vowels makes text about a third longer, like real translations.
    return "".join(c * 2 if c in _VOWELS else c for c in text.translate(_TABLE))


def pseudo_text(text: str) -> str:
    """`text` with every letter accented and vowels doubled, placeholders kept."""
    parts: list[str] = []
    position = 0
    for match in _PROTECTED.finditer(text):
        parts.append(_accent(text[position : match.start()]))
        parts.append(match.group())
        position = match.end()
    parts.append(_accent(text[position:]))
    return "".join(parts)


def pseudo_message(text: str) -> str:
    """A catalog entry in the pseudo-locale: transformed and bracketed, so that a
    cut-off or concatenated string shows on screen."""
    return f"{OPEN}{pseudo_text(text)}{CLOSE}"


def pseudo_catalog(template: Path) -> Catalog:
    """A catalog translating every message of the template into the pseudo-locale."""
    # Here, not at the top: the app in the browser reads compiled catalogs only
    # and never loads Babel's catalog reader (bench/README.md).
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    with template.open("rb") as source:
        pot = read_po(source)
    catalog = Catalog(locale="en", domain=pot.domain)
    for message in pot:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            string: str | tuple[str, ...] = tuple(
                pseudo_message(form) for form in message.id
            )
        else:
            string = pseudo_message(message.id)
        catalog.add(message.id, string, context=message.context)
    return catalog
