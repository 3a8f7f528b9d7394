"""Our HTTP layer alone: extra routes, Flet's answers guarded, encodings read."""

from __future__ import annotations

import asyncio
import gzip
import shutil
from pathlib import Path

import brotli
import pytest
from event_loops import run_apart
from flet_web import get_package_web_dir
from starlette.datastructures import Headers

from companion.serving.client_files import shipped_client
from companion.serving.http_layer import (
    FOREVER,
    REVALIDATE,
    ClientLayer,
    MemoryFile,
    accepted_encodings,
    is_page_path,
)
from companion.webclient.fallback_fonts import FALLBACK_FOLDER, FALLBACK_URL_FOLDER
from companion.webclient.renderer import SINGLE_THREADED

WEB = Path(get_package_web_dir())
EMOJI_3 = "notocoloremoji/v32/Yq6P-KqIXTD0t4D9z1ESnKM3-HpFabsE4tq3luCC7p-aXxcn.3.woff2"
"""The file Flutter fetches for "Mamma 👑" (issue 55)."""


async def _flet(scope, receive, send) -> None:
    """Stands in for Flet's app: a plain 200 without any header of ours."""
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"flet"})


def _get(layer: ClientLayer, path: str) -> tuple[int, dict[str, str], bytes]:
    sent: list[dict] = []
    asked = []

    async def receive() -> dict:
        if asked:
            # A file is sent while the request is listened to for a disconnect:
            # none comes (an empty request came back at once, again and again).
            await asyncio.Event().wait()
        asked.append(True)
        return {"type": "http.request", "body": b""}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {
        "type": "http", "method": "GET", "path": path, "headers": [],
        "query_string": b"", "root_path": "",
    }  # fmt: skip
    run_apart(layer(scope, receive, send))
    start = sent[0]
    headers = {k.decode(): v.decode() for k, v in start["headers"]}
    body = b"".join(m.get("body", b"") for m in sent[1:])
    return start["status"], headers, body


@pytest.fixture
def layer(tmp_path: Path) -> ClientLayer:
    web = tmp_path / "web"
    (web / "assets").mkdir(parents=True)
    for name in (
        "index.html",
        "flutter_bootstrap.js",
        "assets/FontManifest.json",
        "favicon.png",
    ):
        shutil.copyfile(WEB / name, web / name)
    script = MemoryFile(
        b"self.addEventListener('fetch', () => {});", "text/javascript", REVALIDATE
    )
    return ClientLayer(
        _flet, shipped_client(web), tmp_path / "cache", {"/sw.js": script}
    )


def test_an_extra_route_is_answered_with_the_security_headers(
    layer: ClientLayer,
) -> None:
    status, headers, body = _get(layer, "/sw.js")
    assert status == 200 and body.startswith(b"self.addEventListener")
    assert headers["cache-control"] == "no-cache"
    assert "frame-ancestors 'none'" in headers["content-security-policy"]


def test_flets_own_answers_get_the_headers_and_revalidate(layer: ClientLayer) -> None:
    status, headers, body = _get(layer, "/favicon.png")
    assert (status, body) == (200, b"flet")
    assert headers["cache-control"] == "no-cache"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


def test_the_page_is_never_cross_origin_isolated(layer: ClientLayer) -> None:
    # Isolated, Flutter would pick multi-threaded skwasm (issue 31).
    for path in ("/", "/matches/x", layer.client.base + "flutter_bootstrap.js"):
        _, headers, _ = _get(layer, path)
        assert headers["cross-origin-opener-policy"] == "same-origin"
        assert "cross-origin-embedder-policy" not in headers


def test_the_served_loader_holds_skwasm_to_one_thread(layer: ClientLayer) -> None:
    status, _, body = _get(layer, layer.client.base + "flutter_bootstrap.js")
    assert status == 200
    assert SINGLE_THREADED.encode() in body


@pytest.mark.parametrize(
    ("header", "accepted"),
    [
        ("gzip, deflate, br", {"gzip", "deflate", "br"}),
        ("gzip;q=1.0, br;q=0", {"gzip"}),
        ("br;q=0.5, identity", {"br", "identity"}),
        ("", set()),
    ],
)
def test_accept_encoding_is_read_with_its_refusals(header: str, accepted: set) -> None:
    assert accepted_encodings(Headers({"accept-encoding": header})) == accepted


@pytest.mark.parametrize(
    ("path", "page"),
    [("/", True), ("/match/12/round", True), ("/index.html", True),
     ("/ws", False), ("/favicon.png", False), ("/manifest.json", False)],
)  # fmt: skip
def test_routes_of_the_app_are_answered_with_the_page(path: str, page: bool) -> None:
    assert is_page_path(path) is page


@pytest.mark.parametrize(
    "path",
    ["/players/J.R.", "/match/12/round/1." + "9" * 4301, "/players/" + "9" * 4301],
    ids=["dot", "long-round", "long-name"],
)
def test_a_route_with_a_dot_or_a_name_too_long_for_a_file_gets_the_page(
    layer: ClientLayer, path: str
) -> None:
    status, headers, body = _get(layer, path)
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert layer.client.base.encode() in body


def test_a_client_file_name_too_long_for_the_file_system_is_not_found(
    layer: ClientLayer,
) -> None:
    status, _, _ = _get(layer, layer.client.base + "9" * 4301 + ".js")
    assert status == 404


def _memory_get(file: MemoryFile, encoding: str) -> bytes:
    return bytes(file(Headers({"accept-encoding": encoding})).body)


def test_a_compressed_copy_kept_at_one_start_is_sent_at_the_next(
    tmp_path: Path,
) -> None:
    body = b"self.companionSettings = {};\n" * 200
    first = MemoryFile(body, "text/javascript", REVALIDATE, tmp_path)
    kept = sorted(tmp_path.iterdir())
    assert [path.suffix for path in kept] == [".br", ".gz"]
    # A copy another start made at another setting, still this body.
    other = brotli.compress(body, quality=1)
    assert other != _memory_get(first, "br")
    kept[0].write_bytes(other)
    again = MemoryFile(body, "text/javascript", REVALIDATE, tmp_path)
    assert _memory_get(again, "br") == other


def test_a_kept_copy_of_other_bytes_is_never_sent(tmp_path: Path) -> None:
    body = b"<!DOCTYPE html><title>Card Table Companion</title>\n" * 100
    MemoryFile(body, "text/html", REVALIDATE, tmp_path)
    for path in tmp_path.iterdir():
        # Another file's copy (or a damaged one) under this body's name.
        wrong = b"<script>alert(1)</script>" * 100
        path.write_bytes(
            brotli.compress(wrong) if path.suffix == ".br" else gzip.compress(wrong)
        )
    again = MemoryFile(body, "text/html", REVALIDATE, tmp_path)
    assert brotli.decompress(_memory_get(again, "br")) == body
    assert gzip.decompress(_memory_get(again, "gzip")) == body
    # ...and the copy kept from now on is this body's.
    assert brotli.decompress(next(tmp_path.glob("*.br")).read_bytes()) == body


def test_a_fallback_font_a_name_needs_is_served_below_the_versioned_folder(
    layer: ClientLayer,
) -> None:
    emoji = f"{FALLBACK_URL_FOLDER}{EMOJI_3}"
    assert f'flet.fontFallbackBaseUrl="{layer.client.base}{FALLBACK_URL_FOLDER}"' in (
        layer.client.page.decode()
    )
    status, headers, body = _get(layer, layer.client.base + emoji)
    assert status == 200
    assert body == (FALLBACK_FOLDER / EMOJI_3).read_bytes()
    assert headers["content-type"] == "font/woff2"
    assert headers["cache-control"] == FOREVER
    for outside in ("../index.html", "../../pyproject.toml", "notosans/../../x"):
        status, _, _ = _get(layer, layer.client.base + FALLBACK_URL_FOLDER + outside)
        assert status == 404, outside
