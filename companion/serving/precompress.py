"""Compress the large files of the web client once, into the cache folder."""

from __future__ import annotations

import fcntl
import gzip
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import brotli

ENCODINGS = ("br", "gzip")
"""What a file may be sent as besides itself, best first (the file name's suffix)."""

SUFFIXES = {"br": ".br", "gzip": ".gz"}

COMPRESSIBLE = frozenset(
    {".js", ".mjs", ".wasm", ".json", ".otf", ".ttf", ".bin", ".html", ".css", ""}
)
"""Kinds of file that shrink; fonts as woff2 and pictures are compressed already."""

SKIPPED_FOLDERS = frozenset({"pyodide"})
"""flet-web's in-browser Python, which a served (not static) client never loads."""

SKIPPED_SUFFIXES = frozenset({".symbols", ".map"})
"""Debugging aids a browser fetches only with its developer tools open."""

MIN_SIZE = 1400
"""Below about one network packet, compressing saves no round trip: sent as is."""

MIN_SAVING = 0.9
"""A compressed copy is kept only if it is at most this share of the original."""

FIRST = (
    "main.dart.wasm",
    "main.dart.mjs",
    "canvaskit/skwasm.wasm",
    "canvaskit/skwasm.js",
    "canvaskit/skwasm_heavy.wasm",
    "canvaskit/skwasm_heavy.js",
    "assets/fonts/MaterialIcons-Regular.otf",
    "main.dart.js",
    "canvaskit/canvaskit.wasm",
    "canvaskit/canvaskit.js",
    "canvaskit/chromium/canvaskit.wasm",
    "canvaskit/chromium/canvaskit.js",
)
"""What Chromium (WebAssembly) and then older browsers (JavaScript) load at start."""

DONE = "complete"
"""The marker written into a cache folder once every file in it is compressed."""

LOCK = "compressing.lock"
"""Held by the one process compressing into a cache folder."""


def candidates(web_dir: Path) -> list[str]:
    """The files below `web_dir` worth compressing, the ones loaded at start first."""
    found = []
    for path in web_dir.rglob("*"):
        relative = path.relative_to(web_dir)
        if (
            path.is_file()
            and relative.parts[0] not in SKIPPED_FOLDERS
            and path.suffix in COMPRESSIBLE
            and path.suffix not in SKIPPED_SUFFIXES
            and path.stat().st_size >= MIN_SIZE
        ):
            found.append(relative.as_posix())
    order = {name: rank for rank, name in enumerate(FIRST)}
    return sorted(found, key=lambda name: (order.get(name, len(FIRST)), name))


def compressed(data: bytes, encoding: str) -> bytes:
    """`data` compressed as `encoding` at the smallest setting (slow, done once)."""
    if encoding == "br":
        packed: bytes = brotli.compress(data, quality=11)
        return packed
    return gzip.compress(data, compresslevel=9, mtime=0)


def variant_path(cache_dir: Path, relative: str, encoding: str) -> Path:
    """Where the `encoding` copy of `relative` is kept."""
    return cache_dir.joinpath(*relative.split("/")).with_name(
        relative.rsplit("/", 1)[-1] + SUFFIXES[encoding]
    )


def variant(
    cache_dir: Path, relative: str, accepted: frozenset[str]
) -> tuple[Path, str] | None:
    """The best compressed copy of `relative` ready in `cache_dir` that is accepted."""
    for encoding in ENCODINGS:
        if encoding in accepted:
            path = variant_path(cache_dir, relative, encoding)
            if path.is_file():
                return path, encoding
    return None


def missing(web_dir: Path, cache_dir: Path) -> Iterator[tuple[str, str]]:
    """(file, encoding) pairs still to try: every gzip copy first, then brotli."""
    names = candidates(web_dir)
    for encoding in reversed(ENCODINGS):
        for name in names:
            kept = variant_path(cache_dir, name, encoding)
            if not kept.exists() and not _refused(kept).exists():
                yield name, encoding


def precompress(web_dir: Path, cache_dir: Path) -> int:
    """Compress what `cache_dir` lacks of `web_dir`; returns how many copies it made.

    Each copy is written under a temporary name and renamed into place, so a
    server reading the folder meanwhile sees a whole copy or none; two
    processes doing this at once only repeat work.
    """
    if (cache_dir / DONE).exists():
        return 0
    made = 0
    for name, encoding in list(missing(web_dir, cache_dir)):
        data = (web_dir / name).read_bytes()
        packed = compressed(data, encoding)
        target = variant_path(cache_dir, name, encoding)
        target.parent.mkdir(parents=True, exist_ok=True)
        if len(packed) > len(data) * MIN_SAVING:
            _refused(target).touch()
            continue
        write_whole(target, packed)
        made += 1
    cache_dir.mkdir(parents=True, exist_ok=True)
    (cache_dir / DONE).touch()
    return made


def write_whole(target: Path, data: bytes) -> None:
    """`data` written under a temporary name and renamed to `target`: a reader
    meanwhile finds a whole file or none."""
    target.parent.mkdir(parents=True, exist_ok=True)
    scratch = target.with_name(f"{target.name}.{os.getpid()}.part")
    scratch.write_bytes(data)
    os.replace(scratch, target)


def _refused(target: Path) -> Path:
    """The marker saying `target` is not worth keeping (it did not shrink enough)."""
    return target.with_name(target.name + ".none")


def main(argv: list[str]) -> int:
    """`python -m companion.serving.precompress WEB_DIR CACHE_DIR`; 0 when done.

    One process at a time per cache folder: a second one (another server
    started meanwhile) leaves at once. A folder that cannot be written (a full
    disk, say) ends it quietly with 1: the files are then sent uncompressed.
    """
    web_dir, cache_dir = (Path(arg) for arg in argv)
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        with (cache_dir / LOCK).open("a") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return 0
            precompress(web_dir, cache_dir)
    except OSError:
        return 1
    return 0


if __name__ == "__main__":
    # The server answers phones meanwhile: this work waits for idle time.
    os.nice(19)
    sys.exit(main(sys.argv[1:]))
