"""Builds the fallback fonts Flutter asks for from Debian's Noto fonts (package data).

Run once after install (scripts/test.sh does, and the README says so):
`python3 -m companion.webclient.build_fallback_fonts`. Each file of Flutter's
table (webclient/fallback_table.py) is cut by HarfBuzz from the same Noto
family as Debian packages it (fonts-noto-core, fonts-noto-cjk,
fonts-noto-color-emoji: SIL Open Font License 1.1, whose texts are copied
beside them) to exactly the code points Flutter fetches it for, written as
WOFF2 by fontTools under the path Flutter asks for. A family Debian lacks is
left out (Flutter then draws boxes, as with none). A file whose parts are
unchanged is taken from the last build (its key in the stamp), so a new
Flutter's table cuts only the files that changed.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import shutil
import sys
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uharfbuzz
from flet_web import get_package_web_dir
from fontTools.merge import Merger
from fontTools.ttLib import TTFont

from companion.webclient.fallback_fonts import FALLBACK_FOLDER, LICENCE, STAMP
from companion.webclient.fallback_table import (
    CLIENT_SCRIPT,
    FallbackFile,
    fallback_table,
)

DEBIAN_PACKAGES = ("fonts-noto-core", "fonts-noto-cjk", "fonts-noto-color-emoji")
"""The Debian packages the fonts are cut from (scripts/test.sh installs them)."""

TRUETYPE = Path("/usr/share/fonts/truetype/noto")
CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
EMOJI = TRUETYPE / "NotoColorEmoji.ttf"
COPYRIGHTS = Path("/usr/share/doc")


BUILD_VERSION = "1"
"""Changed when the way a file is cut changes: every file is cut again."""

APP_FONT = "assets/fonts/roboto.woff2"
"""The app's own text font in flet-web: what it draws needs no fallback."""

Part = tuple[str, int, tuple[int, ...]]
"""What of one font goes into a file: its path, number, and code points."""


@dataclass(frozen=True)
class Cut:
    """One file to write: its path below the folder and its parts, the first
    the family's own font, then others for what Debian's lacks of it."""

    path: str
    parts: tuple[Part, ...]

    def key(self) -> str:
        """The identity of the file's bytes: the parts and their fonts' files."""
        digest = hashlib.sha256(BUILD_VERSION.encode())
        for path, number, code_points in self.parts:
            stat = Path(path).stat()
            digest.update(
                f"{path}\0{number}\0{stat.st_size}\0{stat.st_mtime_ns}".encode()
            )
            digest.update(",".join(map(str, code_points)).encode() + b"\n")
        return digest.hexdigest()


def source(family: str) -> tuple[Path, int] | None:
    """Debian's file (and font number in it) of `family` ("Noto Sans SC"), or None."""
    if family == "Noto Color Emoji":
        return (EMOJI, 0) if EMOJI.exists() else None
    cjk = ("JP", "KR", "SC", "TC", "HK")
    region = family.removeprefix("Noto Sans ")
    if region in cjk:
        return (CJK, cjk.index(region)) if CJK.exists() else None
    path = TRUETYPE / (family.replace(" ", "") + "-Regular.ttf")
    return (path, 0) if path.exists() else None


def _needs_a_glyph(code_point: int, app_font: frozenset[int]) -> bool:
    """Whether a name may hold `code_point` drawn by a fallback font: a letter
    or mark the app's font lacks (names are made of them; punctuation and
    symbols a font of Google's covers beyond its script are left as Debian's)."""
    char = chr(code_point)
    return code_point not in app_font and unicodedata.category(char)[0] in "LM"


def plan(
    table: tuple[FallbackFile, ...],
    sources: dict[str, tuple[Path, int]],
    app_font: frozenset[int],
) -> list[Cut]:
    """What each file of `table` is cut from: its family's font, and for the
    letters and marks Flutter fetches it for that Debian's version of the
    family lacks (Google's Noto Sans draws Devanagari, Debian's does not), the
    first other TrueType family that has them."""
    maps = {
        family: frozenset(
            uharfbuzz.Face(uharfbuzz.Blob.from_file_path(str(path)), number).unicodes
        )
        for family, (path, number) in sources.items()
    }
    donors = sorted(
        (family for family, (path, _) in sources.items() if path.suffix == ".ttf"),
        key=lambda family: (family != "Noto Sans", family == "Noto Color Emoji"),
    )
    cuts = []
    for file in table:
        family = file.source_family
        if family not in sources:
            continue
        path, number = sources[family]
        parts: dict[str, set[int]] = defaultdict(set)
        parts[family] = set(file.code_points & maps[family])
        if path.suffix == ".ttf" and family != "Noto Color Emoji":
            for code_point in sorted(file.code_points - maps[family]):
                if _needs_a_glyph(code_point, app_font):
                    donor = next((d for d in donors if code_point in maps[d]), None)
                    if donor is not None and donor != "Noto Color Emoji":
                        parts[donor].add(code_point)
        if any(parts.values()):
            cuts.append(
                Cut(
                    file.path,
                    tuple(
                        (str(sources[name][0]), sources[name][1], tuple(sorted(points)))
                        for name, points in parts.items()
                        if points
                    ),
                )
            )
    return cuts


def _subset(path: str, number: int, code_points: Iterable[int]) -> bytes:
    """The font at `path` (`number` in a collection) cut to `code_points` by
    HarfBuzz, every layout feature kept (Arabic joins, Indic conjuncts, emoji
    sequences)."""
    face = uharfbuzz.Face(uharfbuzz.Blob.from_file_path(path), number)
    request = uharfbuzz.SubsetInput()
    for code_point in code_points:
        request.unicode_set.add(code_point)
    features = request.sets(uharfbuzz.SubsetInputSets.LAYOUT_FEATURE_TAG)
    features.clear()
    features.invert()
    request.flags = (
        uharfbuzz.SubsetFlags.NO_HINTING | uharfbuzz.SubsetFlags.DESUBROUTINIZE
    )
    cut_face = uharfbuzz.subset(face, request)
    if cut_face is None:
        raise ValueError(f"HarfBuzz could not cut {path} ({number})")
    return bytes(cut_face.blob.data)


def cut(parts: tuple[Part, ...]) -> bytes:
    """One WOFF2 file of `parts` (merged by fontTools when there are several;
    the first alone where fontTools cannot merge them: Mongolian's tables)."""
    fonts = [io.BytesIO(_subset(*part)) for part in parts]
    try:
        font = Merger().merge(fonts) if len(fonts) > 1 else TTFont(fonts[0])
    except (TypeError, ValueError, KeyError, AttributeError, AssertionError):
        fonts[0].seek(0)
        font = TTFont(fonts[0])
    font.flavor = "woff2"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _write(cuts: list[Cut], folder: Path) -> None:
    """Each of `cuts` written into `folder`."""
    for one in cuts:
        target = folder / one.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(cut(one.parts))


def build(
    folder: Path = FALLBACK_FOLDER, workers: int = 2, cache: Path | None = None
) -> str:
    """The fallback fonts in `folder`: "up to date" if its stamp says they are,
    "copied" from `cache` (a folder per stamp) if it holds them, else "built"
    (each file whose parts are unchanged taken from the last build, the
    others cut; the result kept in `cache`)."""
    web = Path(get_package_web_dir())
    table = fallback_table((web / CLIENT_SCRIPT).read_text("utf-8"))
    families = dict.fromkeys(file.source_family for file in table)
    sources = {f: where for f in families if (where := source(f)) is not None}
    app_font = frozenset(TTFont(web / APP_FONT).getBestCmap())
    cuts = plan(table, sources, app_font)
    keys = {one.path: one.key() for one in cuts}
    stamp = hashlib.sha256(json.dumps(keys, sort_keys=True).encode()).hexdigest()
    before = _stamp_of(folder)
    if before.get("stamp") == stamp:
        return "up to date"
    kept = None if cache is None else cache / stamp
    scratch = folder.with_name(folder.name + ".new")
    shutil.rmtree(scratch, ignore_errors=True)
    if kept is not None and _stamp_of(kept).get("stamp") == stamp:
        shutil.copytree(kept, scratch)
        outcome = "copied"
    else:
        old_keys = before.get("keys", {})
        again = [one for one in cuts if old_keys.get(one.path) != keys[one.path]]
        for one in cuts:
            if one not in again:
                (scratch / one.path).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(folder / one.path, scratch / one.path)
        _cut_all(scratch, again, workers)
        (scratch / LICENCE).write_text(_licences(), "utf-8")
        missing = sorted(set(families) - set(sources))
        record = {"stamp": stamp, "missing": missing, "keys": keys}
        (scratch / STAMP).write_text(json.dumps(record, indent=0))
        outcome = "built"
    shutil.rmtree(folder, ignore_errors=True)
    os.replace(scratch, folder)
    if cache is not None and outcome == "built":
        # One build kept: another stamp's is of a table or fonts gone by.
        shutil.rmtree(cache, ignore_errors=True)
        shutil.copytree(folder, cache / stamp)
    return outcome


def _cut_all(folder: Path, cuts: list[Cut], workers: int) -> None:
    """`cuts` written into `folder` by `workers` processes, in chunks."""
    folder.mkdir(parents=True, exist_ok=True)
    chunks = [cuts[start :: workers * 8] for start in range(workers * 8)]
    with ProcessPoolExecutor(workers) as pool:
        for job in [pool.submit(_write, chunk, folder) for chunk in chunks if chunk]:
            job.result()


def _stamp_of(folder: Path) -> dict[str, Any]:
    """What a build recorded in `folder` (empty if none)."""
    try:
        record = json.loads((folder / STAMP).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}


def _licences() -> str:
    """The Debian packages' copyright files: the fonts' copyright and the OFL 1.1."""
    return "\n\n".join(
        f"# {package}\n\n" + (COPYRIGHTS / package / "copyright").read_text("utf-8")
        for package in DEBIAN_PACKAGES
        if (COPYRIGHTS / package / "copyright").exists()
    )


def main(argv: list[str] | None = None) -> int:
    """Builds the fonts (or copies them from --cache); says what it did."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--cache", type=Path, help="a folder kept between builds")
    args = parser.parse_args(argv)
    outcome = build(workers=args.workers, cache=args.cache)
    stamp = _stamp_of(FALLBACK_FOLDER)
    fonts = list(FALLBACK_FOLDER.rglob("*.woff2"))
    size = sum(path.stat().st_size for path in fonts)
    missing = ", ".join(stamp["missing"]) or "none"
    print(
        f"Fallback fonts {outcome}: {len(fonts)} files, {size / 2**20:.1f} MiB, "
        f"in {FALLBACK_FOLDER}; families without a source: {missing}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
