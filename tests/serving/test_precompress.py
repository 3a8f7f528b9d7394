"""Compressed copies of the client: made once, whole, only where they pay."""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import brotli

from companion.serving.precompress import (
    DONE,
    candidates,
    main,
    precompress,
    variant,
    variant_path,
)

SCRIPT = b"function f() { return 'the same words again'; }\n" * 400


def _web(tmp_path: Path) -> Path:
    web = tmp_path / "web"
    (web / "canvaskit").mkdir(parents=True)
    (web / "pyodide").mkdir()
    (web / "main.dart.mjs").write_bytes(SCRIPT)
    (web / "canvaskit" / "skwasm.js").write_bytes(SCRIPT)
    (web / "pyodide" / "pyodide.js").write_bytes(SCRIPT)
    (web / "skwasm.js.symbols").write_bytes(SCRIPT)
    (web / "tiny.js").write_bytes(b"var x = 1;\n")
    (web / "font.woff2").write_bytes(SCRIPT)
    (web / "noise.wasm").write_bytes(os.urandom(64_000))
    return web


def test_only_large_compressible_files_the_client_loads_are_candidates(
    tmp_path: Path,
) -> None:
    assert candidates(_web(tmp_path)) == [
        "main.dart.mjs",
        "canvaskit/skwasm.js",
        "noise.wasm",
    ]


def test_copies_decode_to_the_original_and_a_second_run_makes_none(
    tmp_path: Path,
) -> None:
    web, cache = _web(tmp_path), tmp_path / "cache"
    assert precompress(web, cache) == 4
    for name in ("main.dart.mjs", "canvaskit/skwasm.js"):
        original = (web / name).read_bytes()
        assert (
            gzip.decompress(variant_path(cache, name, "gzip").read_bytes()) == original
        )
        assert (
            brotli.decompress(variant_path(cache, name, "br").read_bytes()) == original
        )
    assert (cache / DONE).exists()
    assert precompress(web, cache) == 0
    assert not list(cache.rglob("*.part"))


def test_a_file_that_does_not_shrink_is_sent_as_it_is(tmp_path: Path) -> None:
    web, cache = _web(tmp_path), tmp_path / "cache"
    precompress(web, cache)
    assert variant(cache, "noise.wasm", frozenset({"br", "gzip"})) is None


def test_the_best_accepted_copy_is_chosen(tmp_path: Path) -> None:
    web, cache = _web(tmp_path), tmp_path / "cache"
    precompress(web, cache)
    both = variant(cache, "main.dart.mjs", frozenset({"gzip", "br"}))
    assert both is not None and both[1] == "br"
    gzip_only = variant(cache, "main.dart.mjs", frozenset({"gzip", "deflate"}))
    assert gzip_only is not None and gzip_only[1] == "gzip"
    assert variant(cache, "main.dart.mjs", frozenset()) is None


def test_a_run_stopped_midway_is_finished_by_the_next(tmp_path: Path) -> None:
    web, cache = _web(tmp_path), tmp_path / "cache"
    precompress(web, cache)
    variant_path(cache, "canvaskit/skwasm.js", "br").unlink()
    (cache / DONE).unlink()
    assert precompress(web, cache) == 1


def test_a_cache_folder_that_cannot_be_written_ends_quietly(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    assert main([str(_web(tmp_path)), str(blocked / "cache")]) == 1


def test_the_command_compresses_into_the_cache_folder(tmp_path: Path) -> None:
    web, cache = _web(tmp_path), tmp_path / "cache"
    assert main([str(web), str(cache)]) == 0
    assert (cache / DONE).exists()
