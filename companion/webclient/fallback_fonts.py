"""The fallback fonts built into the package (build_fallback_fonts.py): where, which.

Flutter fetches one only when a name needs a character no font of the app
has (emoji, Chinese, Arabic, ...): the page's `fontFallbackBaseUrl` is the
client's FALLBACK_URL_FOLDER, served from FALLBACK_FOLDER (the served app)
or copied into the site (`companion publish`); neither precaches them.
"""

from __future__ import annotations

import json
from pathlib import Path

FALLBACK_FOLDER = Path(__file__).with_name("fallback_fonts")
"""The built files, at the paths Flutter asks for below its fallback URL."""

FALLBACK_URL_FOLDER = "fallback-fonts/"
"""The page's `fontFallbackBaseUrl`, below the client's (or the site's) folder."""

LICENCE = "LICENSE.txt"
"""The fonts' copyright and licence (SIL Open Font License 1.1), beside them."""

STAMP = "stamp.json"
"""The build's identity and the files it wrote (build_fallback_fonts.py)."""


def fallback_fonts_key() -> str:
    """The identity of the fonts built (empty if none are): a new build, a new key."""
    try:
        return str(json.loads((FALLBACK_FOLDER / STAMP).read_text("utf-8"))["stamp"])
    except (OSError, ValueError, KeyError):
        return ""


def fallback_font_files() -> list[str]:
    """The built fonts and their licence, as paths below FALLBACK_FOLDER."""
    if not fallback_fonts_key():
        return []
    return sorted(
        path.relative_to(FALLBACK_FOLDER).as_posix()
        for path in FALLBACK_FOLDER.rglob("*")
        if path.is_file() and path.name != STAMP
    )
