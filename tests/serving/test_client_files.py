"""The served page: our loading screen and theme colours instead of Flet's logo."""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
from pathlib import Path

import pytest
from flet_web import get_package_web_dir

from companion.serving.client_files import LOADING_ICON, ShippedClient, shipped_client
from companion.serving.http_layer import security_headers
from companion.webclient.flet_patch import FletFileChanged
from companion.webclient.loading_screen import (
    DARK_SURFACE,
    ICON_FILE,
    LIGHT_SURFACE,
    SCREEN_ID,
    app_titled_js,
)

WEB = Path(get_package_web_dir())
NEEDED = ("index.html", "flutter_bootstrap.js", "assets/FontManifest.json")


def _web(folder: Path) -> Path:
    for name in NEEDED:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(WEB / name, folder / name)
    return folder


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> ShippedClient:
    return shipped_client(_web(tmp_path_factory.mktemp("web")))


def _page(client: ShippedClient) -> str:
    return client.page.decode("utf-8")


def test_the_page_shows_our_name_and_icon_not_flets_logo(client: ShippedClient):
    page = _page(client)
    body = page[page.index("<body>") :]
    assert f'<div id="{SCREEN_ID}" role="status" aria-label="Opening…">' in body
    assert "<h1>Card Table Companion</h1>" in body
    icon = client.base + LOADING_ICON
    assert f'<img src="{icon}" alt="" width="96" height="96">' in body
    assert "loading-animation.png" not in page
    assert '<div id="loading"' not in page


def test_our_icon_is_served_below_the_versioned_folder(client: ShippedClient):
    assert client.replaced[LOADING_ICON] == ICON_FILE.read_bytes()
    assert ICON_FILE.read_bytes().startswith(b"\x89PNG")


def test_the_page_has_theme_colours_for_light_and_dark(client: ShippedClient):
    head = _page(client).split("</head>")[0]
    assert (
        f'<meta name="theme-color" content="{LIGHT_SURFACE}" '
        'media="(prefers-color-scheme: light)">'
    ) in head
    assert (
        f'<meta name="theme-color" content="{DARK_SURFACE}" '
        'media="(prefers-color-scheme: dark)">'
    ) in head


def test_the_screen_goes_once_flutter_has_drawn_the_apps_screen(
    client: ShippedClient,
):
    page = _page(client)
    after = page.index(f'<div id="{SCREEN_ID}"')
    assert page.index(f"<script>\n{app_titled_js()}</script>") > after
    assert "flutter-first-frame" in app_titled_js()


def test_the_policy_allows_every_inline_script_of_the_page(client: ShippedClient):
    scripts = re.findall(r"<script>(.*?)</script>", _page(client), re.DOTALL)
    assert any("companionLoading" in script for script in scripts)
    policy = security_headers(client)["content-security-policy"]
    allowed = policy.split("script-src ")[1].split(";")[0].split()
    for script in scripts:
        digest = hashlib.sha256(script.encode("utf-8")).digest()
        assert f"'sha256-{base64.b64encode(digest).decode()}'" in allowed
    images = policy.split("img-src ")[1].split(";")[0].split()
    assert images == ["'self'", "blob:"]


def test_a_flet_page_without_its_loading_screen_is_refused(tmp_path: Path):
    web = _web(tmp_path)
    index = web / "index.html"
    index.write_text(
        re.sub(r'(?s)<div id="loading".*?</div>', "", index.read_text("utf-8"))
    )
    with pytest.raises(FletFileChanged, match='div id="loading"'):
        shipped_client(web)
