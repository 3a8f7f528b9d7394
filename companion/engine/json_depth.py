"""How deep a JSON text nests, found without parsing it (which may not survive it)."""

from __future__ import annotations

from array import array
from itertools import accumulate

MAX_JSON_DEPTH = 64
"""Deeper than any file of ours (an export nests about 8 deep); far below where
Pyodide's json parser exhausts the browser's stack and kills the whole app
(about 10,000 there) instead of raising RecursionError as CPython does."""

_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_NOT_SYNTAX = bytes(b for b in range(256) if b not in b'[]{}"')
# Each opening bracket as +1 and each closing one as -1 (a signed byte).
_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")


def nests_deeper_than(raw: bytes, most: int = MAX_JSON_DEPTH) -> bool:
    """Whether the arrays and objects in `raw` nest more than `most` deep.

    Brackets inside strings do not count. A broken text is measured as it
    comes: the parser refuses it later.
    """
    # With the escaped backslashes and quotes gone, a character is in a string
    # when an odd number of quotes comes before it. Only brackets and quotes
    # are kept, and two quotes in a row dropped (which keeps every parity), so
    # that the pieces to split are few: the strings with brackets in them.
    unescaped = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    syntax = unescaped.translate(None, _NOT_SYNTAX).replace(b'""', b"")
    outside = b"".join(syntax.split(b'"')[::2])
    brackets = outside.translate(None, _NOT_BRACKETS)
    steps = array("b", brackets.translate(_STEPS))
    return max(accumulate(steps), default=0) > most
