"""The fallback fonts built from Debian's Noto: each file Flutter may fetch, whole."""

from __future__ import annotations

import io
from pathlib import Path

import uharfbuzz
from flet_web import get_package_web_dir
from fontTools.ttLib import TTFont

from companion.webclient.build_fallback_fonts import cut, plan, source
from companion.webclient.fallback_fonts import (
    FALLBACK_FOLDER,
    LICENCE,
    fallback_font_files,
)
from companion.webclient.fallback_table import (
    CLIENT_SCRIPT,
    FallbackFile,
    fallback_table,
)

WEB = Path(get_package_web_dir())


def _drawn(font: bytes) -> set[int]:
    return set(TTFont(io.BytesIO(font)).getBestCmap())


def test_a_letter_debians_family_lacks_comes_from_the_family_that_has_it() -> None:
    # Google's Noto Sans (Flutter's pick for Devanagari) draws it; Debian's not.
    file = FallbackFile("Noto Sans", "notosans/v39/x.woff2", frozenset({0x41, 0x905}))
    families = ("Noto Sans", "Noto Sans Devanagari", "Noto Color Emoji")
    sources = {family: where for family in families if (where := source(family))}
    assert set(sources) == set(families), "fonts-noto-core, fonts-noto-color-emoji"
    (cut_file,) = plan((file,), sources, frozenset({0x42}))
    assert [part[2] for part in cut_file.parts] == [(0x41,), (0x905,)]
    assert _drawn(cut(cut_file.parts)) >= {0x41, 0x905}


def test_the_package_holds_every_file_flutter_may_fetch_with_the_licence() -> None:
    table = fallback_table((WEB / CLIENT_SCRIPT).read_text("utf-8"))
    built = set(fallback_font_files())
    assert LICENCE in built
    assert "SIL Open Font License" in (FALLBACK_FOLDER / LICENCE).read_text("utf-8")
    # Debian's emoji (2.042) has none of the 7 newer ones of Google's last file.
    not_built = {file.family for file in table if file.path not in built}
    assert not_built == {"Noto Color Emoji 11"}
    # Each draws what Flutter fetches it for, of what Debian's font draws.
    for family in ("Noto Color Emoji 3", "Noto Sans SC 92", "Noto Sans Arabic"):
        (file,) = (file for file in table if file.family == family)
        path, number = source(file.source_family) or (Path(), 0)
        whole = set(
            uharfbuzz.Face(uharfbuzz.Blob.from_file_path(str(path)), number).unicodes
        )
        wanted = file.code_points & whole
        assert len(wanted) > 100
        assert _drawn((FALLBACK_FOLDER / file.path).read_bytes()) >= wanted, family
