"""The real server over HTTP: compressed, cached and guarded as a phone receives it."""

from __future__ import annotations

import gzip
import http.client
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import brotli
import pytest
from flet_web import get_package_web_dir
from node_scripts import shipped_settings
from websockets.sync.client import connect

from companion.serving.offline import served_client
from companion.serving.precompress import DONE
from companion.storage.paths import CACHE_ENVIRONMENT
from companion.webclient.service_worker import SCRIPT as SERVICE_WORKER

REPO = Path(__file__).resolve().parents[2]
WEB = Path(get_package_web_dir())
# Enough of flet-web's client to serve the page and a few files quickly; the
# whole client (74 MB to compress) is served in the browser tests.
COPIED = (
    "index.html",
    "manifest.json",
    "favicon.png",
    "flutter_bootstrap.js",
    "python.js",
    "main.dart.mjs",
    "assets/FontManifest.json",
)
SECURITY = (
    "content-security-policy",
    "x-content-type-options",
    "referrer-policy",
)


class Served:
    """The `companion` command on a free port, with a small client to serve."""

    def __init__(self, root: Path) -> None:
        self.web = root / "web"
        for name in COPIED:
            (self.web / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(WEB / name, self.web / name)
        self.client = served_client(self.web)
        self.cache = root / "cache"
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        env = {
            **os.environ,
            "FLET_WEB_PATH": str(self.web),
            CACHE_ENVIRONMENT: str(self.cache),
            "LANGUAGE": "en",
        }
        self.log = (root / "server.log").open("w")
        self.process = subprocess.Popen(
            [
                sys.executable, "-m", "companion.cli.main", "--port", str(self.port),
                "--data-dir", str(root / "data"),
            ],
            cwd=REPO, env=env, stdout=self.log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        deadline = time.monotonic() + 60
        done = self.cache / "webclient" / self.client.files_key / DONE
        while not (self._answers() and done.exists()):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError((root / "server.log").read_text())
            time.sleep(0.2)

    def _answers(self) -> bool:
        try:
            return self.get("/").status == 200
        except OSError:
            return False

    def get(self, path: str, **headers: str) -> http.client.HTTPResponse:
        """A GET of `path` with these headers (underscores as dashes), read."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request(
            "GET", path, headers={k.replace("_", "-"): v for k, v in headers.items()}
        )
        reply = connection.getresponse()
        reply.body = reply.read()  # type: ignore[attr-defined]
        connection.close()
        return reply

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=20)
        self.log.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    running = Served(tmp_path_factory.mktemp("served"))
    yield running
    running.stop()


@pytest.mark.parametrize(
    ("encoding", "decode"),
    [("br", brotli.decompress), ("gzip", gzip.decompress), ("identity", bytes)],
)
def test_a_client_file_decodes_to_flet_webs_bytes(
    served: Served, encoding: str, decode
) -> None:
    reply = served.get(served.client.base + "main.dart.mjs", accept_encoding=encoding)
    assert reply.status == 200
    assert reply.getheader("content-encoding", "identity") == encoding
    assert reply.getheader("content-type").startswith("text/javascript")
    assert decode(reply.body) == (WEB / "main.dart.mjs").read_bytes()  # type: ignore[attr-defined]


def test_a_browser_that_accepts_both_gets_brotli(served: Served) -> None:
    reply = served.get(
        served.client.base + "main.dart.mjs", accept_encoding="gzip, deflate, br"
    )
    assert reply.getheader("content-encoding") == "br"
    assert reply.getheader("vary") == "Accept-Encoding"


def test_client_files_are_kept_for_good_and_revalidate_with_a_304(
    served: Served,
) -> None:
    reply = served.get(served.client.base + "main.dart.mjs", accept_encoding="br")
    assert reply.getheader("cache-control") == "public, max-age=31536000, immutable"
    etag = reply.getheader("etag")
    assert etag
    again = served.get(
        served.client.base + "main.dart.mjs", accept_encoding="br", if_none_match=etag
    )
    assert again.status == 304 and again.body == b""  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", ["/", "/match/abc"])
def test_the_page_revalidates_and_names_the_versioned_folder(
    served: Served, path: str
) -> None:
    reply = served.get(path, accept_encoding="gzip")
    assert reply.status == 200
    assert reply.getheader("cache-control") == "no-cache"
    page = gzip.decompress(reply.body).decode()  # type: ignore[attr-defined]
    assert f'src="{served.client.base}flutter_bootstrap.js"' in page
    assert f'flet.assetBase="{served.client.base}"' in page
    again = served.get(
        path, accept_encoding="gzip", if_none_match=reply.getheader("etag")
    )
    assert again.status == 304


def test_the_served_font_manifest_is_the_trimmed_one(served: Served) -> None:
    reply = served.get(served.client.base + "assets/FontManifest.json")
    assert reply.body == served.client.replaced["assets/FontManifest.json"]  # type: ignore[attr-defined]
    assert b"KaTeX" not in reply.body  # type: ignore[attr-defined]


def test_another_versions_file_is_not_found(served: Served) -> None:
    assert served.get("/client/0000000000000000/main.dart.mjs").status == 404
    assert served.get(served.client.base + "../index.html").status == 404


def test_the_worker_is_served_at_the_root_and_revalidates(served: Served) -> None:
    reply = served.get("/service_worker.js")
    assert reply.status == 200
    assert reply.getheader("content-type").startswith("text/javascript")
    assert reply.getheader("cache-control") == "no-cache"
    worker = shipped_settings(reply.body.decode())[SERVICE_WORKER.key]  # type: ignore[attr-defined]
    assert worker["runtimePrefix"] == served.client.base


def test_the_page_loads_its_watch_script_and_flutter_registers_no_worker(
    served: Served,
) -> None:
    page = served.get("/").body.decode()  # type: ignore[attr-defined]
    watch = f'<script src="{served.client.base}companion/watch.js">'
    assert page.index(watch) < page.index("flutter_bootstrap.js")
    assert served.get(served.client.base + "companion/watch.js").status == 200
    bootstrap = served.get(served.client.base + "flutter_bootstrap.js")
    assert b"_flutter.loader.load(" in bootstrap.body  # type: ignore[attr-defined]
    assert b"serviceWorkerSettings: {" not in bootstrap.body  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "CLIENT/main.dart.mjs",
        "/favicon.png",
        "/manifest.json",
        "/service_worker.js",
    ],
)
def test_every_response_has_the_security_headers(served: Served, path: str) -> None:
    reply = served.get(path.replace("CLIENT/", served.client.base))
    assert reply.status == 200
    for name in SECURITY:
        assert reply.getheader(name), name
    policy = reply.getheader("content-security-policy")
    assert "frame-ancestors 'none'" in policy
    assert "default-src 'self'" in policy
    assert reply.getheader("x-content-type-options") == "nosniff"
    assert reply.getheader("referrer-policy") == "no-referrer"
    assert reply.getheader("cache-control")


def test_the_websocket_upgrade_has_the_security_headers(served: Served) -> None:
    with connect(f"ws://127.0.0.1:{served.port}/ws") as websocket:
        headers = websocket.response.headers
    for name in SECURITY:
        assert headers.get(name), name
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
