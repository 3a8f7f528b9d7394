"""Grapheme clusters, invisible and pictographic characters, from the stdlib alone.

The static (Pyodide) build ships pure-Python packages only, and `regex` is not
one: so the few Unicode facts the name rules need are kept here.
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_right

ZWJ = "\u200d"
ZWNJ = "\u200c"

# Default_Ignorable_Code_Point (Unicode DerivedCoreProperties): drawn as nothing.
_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)  # fmt: skip

# Extended_Pictographic (Unicode emoji-data), and the keycap mark.
_PICTOGRAPHIC = (
    (0x00A9, 0x00A9), (0x00AE, 0x00AE), (0x203C, 0x203C), (0x2049, 0x2049),
    (0x20E3, 0x20E3), (0x2122, 0x2122), (0x2139, 0x2139), (0x2194, 0x2199),
    (0x21A9, 0x21AA), (0x231A, 0x231B), (0x2328, 0x2328), (0x2388, 0x2388),
    (0x23CF, 0x23CF), (0x23E9, 0x23F3), (0x23F8, 0x23FA), (0x24C2, 0x24C2),
    (0x25AA, 0x25AB), (0x25B6, 0x25B6), (0x25C0, 0x25C0), (0x25FB, 0x25FE),
    (0x2600, 0x2605), (0x2607, 0x2612), (0x2614, 0x2685), (0x2690, 0x2705),
    (0x2708, 0x2712), (0x2714, 0x2714), (0x2716, 0x2716), (0x271D, 0x271D),
    (0x2721, 0x2721), (0x2728, 0x2728), (0x2733, 0x2734), (0x2744, 0x2744),
    (0x2747, 0x2747), (0x274C, 0x274C), (0x274E, 0x274E), (0x2753, 0x2755),
    (0x2757, 0x2757), (0x2763, 0x2767), (0x2795, 0x2797), (0x27A1, 0x27A1),
    (0x27B0, 0x27B0), (0x27BF, 0x27BF), (0x2934, 0x2935), (0x2B05, 0x2B07),
    (0x2B1B, 0x2B1C), (0x2B50, 0x2B50), (0x2B55, 0x2B55), (0x3030, 0x3030),
    (0x303D, 0x303D), (0x3297, 0x3297), (0x3299, 0x3299), (0x1F000, 0x1F0FF),
    (0x1F10D, 0x1F10F), (0x1F12F, 0x1F12F), (0x1F16C, 0x1F171),
    (0x1F17E, 0x1F17F), (0x1F18E, 0x1F18E), (0x1F191, 0x1F19A),
    (0x1F1AD, 0x1F1E5), (0x1F201, 0x1F20F), (0x1F21A, 0x1F21A),
    (0x1F22F, 0x1F22F), (0x1F232, 0x1F23A), (0x1F23C, 0x1F23F),
    (0x1F249, 0x1F3FA), (0x1F400, 0x1F53D), (0x1F546, 0x1F64F),
    (0x1F680, 0x1F6FF), (0x1F774, 0x1F77F), (0x1F7D5, 0x1F7FF),
    (0x1F80C, 0x1F80F), (0x1F848, 0x1F84F), (0x1F85A, 0x1F85F),
    (0x1F888, 0x1F88F), (0x1F8AE, 0x1F8FF), (0x1F90C, 0x1F93A),
    (0x1F93C, 0x1F945), (0x1F947, 0x1FAFF), (0x1FC00, 0x1FFFD),
)  # fmt: skip

_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
_BLANK_BRAILLE = "\u2800"


def _in(ranges: tuple[tuple[int, int], ...], char: str) -> bool:
    code = ord(char)
    at = bisect_right(ranges, (code, 0x10FFFF)) - 1
    return at >= 0 and ranges[at][0] <= code <= ranges[at][1]


def is_hidden(char: str) -> bool:
    """Whether nobody can see `char`, or it steers the text around it: controls,
    format characters, private use, surrogates, unassigned, line and paragraph
    separators, the default-ignorable ones and the blank Braille cell."""
    return (
        unicodedata.category(char) in _HIDDEN_CATEGORIES
        or _in(_IGNORABLE, char)
        or char == _BLANK_BRAILLE
    )


def is_pictograph(char: str) -> bool:
    """Whether `char` is drawn as an emoji-like picture (or is the keycap mark)."""
    return _in(_PICTOGRAPHIC, char)


def _extends(char: str) -> bool:
    """Whether `char` belongs to the cluster before it (marks, joiners, emoji
    modifiers and tags, variation selectors)."""
    code = ord(char)
    return (
        unicodedata.category(char) in ("Mn", "Me", "Mc")
        or char in (ZWJ, ZWNJ)
        or 0x1F3FB <= code <= 0x1F3FF
        or 0xE0020 <= code <= 0xE007F
    )


def _breaks_alone(char: str) -> bool:
    if char in (ZWJ, ZWNJ) or 0xE0020 <= ord(char) <= 0xE007F:
        return False
    return unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp")


_REGIONAL_INDICATORS = "".join(chr(code) for code in range(0x1F1E6, 0x1F200))


def _regional(char: str) -> bool:
    return 0x1F1E6 <= ord(char) <= 0x1F1FF


def _hangul_kind(char: str) -> str | None:
    code = ord(char)
    if 0x1100 <= code <= 0x115F or 0xA960 <= code <= 0xA97C:
        return "L"
    if 0x1160 <= code <= 0x11A7 or 0xD7B0 <= code <= 0xD7C6:
        return "V"
    if 0x11A8 <= code <= 0x11FF or 0xD7CB <= code <= 0xD7FB:
        return "T"
    if 0xAC00 <= code <= 0xD7A3:
        return "LV" if (code - 0xAC00) % 28 == 0 else "LVT"
    return None


_HANGUL_JOINS = {
    "L": {"L", "V", "LV", "LVT"},
    "LV": {"V", "T"},
    "V": {"V", "T"},
    "LVT": {"T"},
    "T": {"T"},
}


def _joins(cluster: str, char: str) -> bool:
    """Whether `char` continues `cluster` (Unicode's extended grapheme rules)."""
    last = cluster[-1]
    if last == "\r" and char == "\n":
        return True
    if _breaks_alone(last) or _breaks_alone(char):
        return False
    before, after = _hangul_kind(last), _hangul_kind(char)
    if before and after and after in _HANGUL_JOINS[before]:
        return True
    if _extends(char):
        return True
    if last == ZWJ and is_pictograph(char):
        # An emoji, its modifiers, the joiner: the next emoji joins the sequence.
        base = [c for c in cluster[:-1] if not _extends(c)]
        return bool(base) and is_pictograph(base[-1])
    if _regional(last) and _regional(char):
        # Flags are pairs: a third regional indicator starts a new flag.
        trailing = len(cluster) - len(cluster.rstrip(_REGIONAL_INDICATORS))
        return trailing % 2 == 1
    return False


def grapheme_clusters(text: str) -> list[str]:
    """`text` cut where a person sees one character end: 👨‍👩‍👧 is one."""
    clusters: list[str] = []
    for char in text:
        if clusters and _joins(clusters[-1], char):
            clusters[-1] += char
        else:
            clusters.append(char)
    return clusters
