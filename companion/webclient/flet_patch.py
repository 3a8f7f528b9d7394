"""Flet's own files changed in place: each change names the exact text it expects.

A change made to a file of Flet's client (index.html, python.js, the loader)
finds the text it was written against exactly once, or stops the build (or
the server's start) with FletFileChanged: a new Flet must be looked at, never
patched half or twice.
"""

from __future__ import annotations

import re
from collections.abc import Callable


class FletFileChanged(ValueError):
    """A file of Flet's no longer holds, once, the text a change expects."""

    def __init__(self, file: str, expected: str) -> None:
        super().__init__(f"{file} no longer holds, once: {expected!r}")
        self.file = file
        self.expected = expected


def replace_once(text: str, expected: str, replacement: str, file: str) -> str:
    """`text` (Flet's `file`) with its one `expected` text replaced."""
    if text.count(expected) != 1:
        raise FletFileChanged(file, expected)
    return text.replace(expected, replacement, 1)


def insert_before(text: str, anchor: str, inserted: str, file: str) -> str:
    """`text` with `inserted` put right before its one `anchor`."""
    return replace_once(text, anchor, inserted + anchor, file)


def insert_after(text: str, anchor: str, inserted: str, file: str) -> str:
    """`text` with `inserted` put right after its one `anchor`."""
    return replace_once(text, anchor, anchor + inserted, file)


def replace_match_once(
    text: str,
    pattern: str,
    replacement: str | Callable[[re.Match[str]], str],
    file: str,
) -> str:
    """`text` with the one match of `pattern` (the expected text, with what
    may vary in it) replaced; no match or two stop it."""
    if len(re.findall(pattern, text)) != 1:
        raise FletFileChanged(file, pattern)
    return re.sub(pattern, replacement, text, count=1)
