"""Flutter's fallback font table, read from Flet's client: each file and its characters.

Flutter's web engine draws a character none of the app's fonts has with one of
Google Fonts' Noto files, which it fetches by name below the page's
`fontFallbackBaseUrl` (a CJK or emoji font is split in ~100 files, each for a
range of characters). The table is compiled into the client (main.dart.js
and main.dart.wasm hold the same strings): a list of (family, file) and two
strings, the font sets (which files cover a run of code points) and the runs,
decoded here as Flutter's engine decodes them (font_fallback_data.dart).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.webclient.flet_patch import FletFileChanged

CLIENT_SCRIPT = "main.dart.js"
"""The client build whose text holds the table (as strings in JavaScript)."""

CODE_POINTS = 0x110000
"""What the runs must add up to: every code point, once."""

_FONT = re.compile(r'"(Noto [^"]+)","(noto[a-z0-9]+/v\d+/[A-Za-z0-9_.-]+\.woff2)"')
_FONT_SETS = re.compile(r'"(,[a-z0-9,]{1000,})"')
_RUNS = re.compile(r'"([A-Za-z0-9]{10000,})"')


@dataclass(frozen=True)
class FallbackFile:
    """One file Flutter may fetch: its family as Flutter names it ("Noto Sans
    SC 12"), its path below the fallback URL, and the code points it is fetched for."""

    family: str
    path: str
    code_points: frozenset[int]

    @property
    def source_family(self) -> str:
        """The font the file is cut from: "Noto Sans SC 12" is of "Noto Sans SC"."""
        return re.sub(r" \d+$", "", self.family)


def fallback_table(client_script: str) -> tuple[FallbackFile, ...]:
    """Every fallback file named in `client_script` (Flet's main.dart.js),
    or FletFileChanged if its table is not found as Flutter 3.38 writes it."""
    fonts = _FONT.findall(client_script)
    font_sets = _FONT_SETS.findall(client_script)
    runs = _RUNS.findall(client_script)
    if not fonts or len(font_sets) != 1 or len(runs) != 1:
        raise FletFileChanged(CLIENT_SCRIPT, "Flutter's fallback font table")
    sets = _font_sets(font_sets[0], len(fonts))
    covered: list[set[int]] = [set() for _ in fonts]
    start = 0
    for end, members in _runs(runs[0], sets):
        for index in members:
            covered[index].update(range(start, end))
        start = end
    return tuple(
        FallbackFile(family, path, frozenset(points))
        for (family, path), points in zip(fonts, covered, strict=True)
    )


def _font_sets(encoded: str, font_count: int) -> list[tuple[int, ...]]:
    """The sets of font indices: comma-separated, each index a letter after
    an optional number, counted from the previous index (base 26)."""
    sets = []
    for part in encoded.split(","):
        members, previous, prefix = [], -1, 0
        for char in part:
            if char.isdigit():
                prefix = prefix * 10 + int(char)
            else:
                previous += prefix * 26 + ord(char) - ord("a") + 1
                members.append(previous)
                prefix = 0
        sets.append(tuple(members))
    if any(index >= font_count for members in sets for index in members):
        raise FletFileChanged(CLIENT_SCRIPT, "a font set of known fonts")
    return sets


def _runs(
    encoded: str, sets: list[tuple[int, ...]]
) -> list[tuple[int, tuple[int, ...]]]:
    """The runs of code points as (end, font set): a capital names the set
    (after an optional number, base 26), a small letter before it the run's
    length (2 and more; 1 when there is none)."""
    runs, end, number, length = [], 0, 0, 1
    for char in encoded:
        if char.isdigit():
            number = number * 10 + int(char)
        elif char.islower():
            length = number * 26 + ord(char) - ord("a") + 2
            number = 0
        else:
            end += length
            runs.append((end, sets[number * 26 + ord(char) - ord("A")]))
            number, length = 0, 1
    if end != CODE_POINTS:
        raise FletFileChanged(CLIENT_SCRIPT, "runs that cover every code point")
    return runs
