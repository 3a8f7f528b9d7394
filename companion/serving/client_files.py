"""The web client as the server ships it: versioned URLs, our page, our font list."""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from flet.controls.types import RouteUrlStrategy, WebRenderer
from flet_web import get_package_web_dir, patch_index_html
from flet_web.version import version as flet_web_version

from companion.webclient.fallback_fonts import (
    FALLBACK_FOLDER,
    FALLBACK_URL_FOLDER,
    fallback_fonts_key,
)
from companion.webclient.flet_patch import replace_match_once, replace_once
from companion.webclient.fonts import trimmed_font_manifest
from companion.webclient.loading_screen import (
    FLETS_LOADING,
    ICON_FILE,
    app_titled_js,
    loading_screen_html,
    theme_colour_meta,
)
from companion.webclient.renderer import single_threaded_skwasm
from companion.webclient.rive import STUB_NAMES, rive_redirect, rive_stub
from companion.webclient.service_worker import without_flutter_worker
from companion.words.page_texts import page_texts_by_language

CLIENT_PREFIX = "/client/"
"""Every file that cannot change for an installed version lives below this."""

WEBSOCKET_PATH = "/ws"
"""Where the page opens its connection to the app (flet_web.fastapi's default)."""

FONT_MANIFEST = "assets/FontManifest.json"
BOOTSTRAP = "flutter_bootstrap.js"
RIVE_FOLDER = "rive/"
REDIRECT_SCRIPT = RIVE_FOLDER + "redirect.js"
LOADING_ICON = "companion/icon-192.png"
"""Our icon on the loading screen, below the versioned folder."""

INDEX = "index.html"
DESCRIPTION = r'<meta name="description" content="[^"]*">'
"""Flet's page's description, after which the theme colours go."""

_INLINE = re.compile(r"<(script|style)>(.*?)</\1>", re.DOTALL)


@dataclass(frozen=True)
class ShippedClient:
    """The client's files: flet-web's folder, and what we serve instead of some.

    `base` (CLIENT_PREFIX + a key of the installed flet-web and of our own
    replacements) is the versioned folder; `replaced` maps paths below it to
    their bytes; `page` is the index.html every route of the app answers with.
    """

    web_dir: Path
    base: str
    page: bytes
    replaced: dict[str, bytes]

    @property
    def files_key(self) -> str:
        """A key of flet-web's files alone (its version and folder): their
        compressed copies stay good whatever our own replacements become."""
        identity = f"{flet_web_version}\0{self.web_dir}".encode()
        return hashlib.sha256(identity).hexdigest()[:16]

    def file(self, relative: str) -> Path | None:
        """The file at `relative` below `base`, if there is one to serve:
        flet-web's, or a fallback font (webclient/fallback_fonts.py)."""
        if relative.startswith(FALLBACK_URL_FOLDER):
            return _file_below(
                FALLBACK_FOLDER, relative.removeprefix(FALLBACK_URL_FOLDER)
            )
        return _file_below(self.web_dir, relative)

    def inline_hashes(self) -> dict[str, tuple[str, ...]]:
        """The CSP sources of the page's inline scripts and styles, by tag."""
        found: dict[str, list[str]] = {"script": [], "style": []}
        for tag, body in _INLINE.findall(self.page.decode("utf-8")):
            digest = hashlib.sha256(body.encode("utf-8")).digest()
            found[tag].append(f"'sha256-{base64.b64encode(digest).decode()}'")
        return {tag: tuple(sources) for tag, sources in found.items()}


def _file_below(folder: Path, relative: str) -> Path | None:
    """The file at `relative` (a URL's path) in `folder`, never one outside it."""
    if not relative or relative.startswith("/") or "\\" in relative:
        return None
    parts = relative.split("/")
    if any(part in ("", ".", "..") for part in parts):
        return None
    path = folder.joinpath(*parts)
    try:
        return path if path.is_file() else None
    except OSError:
        # A name longer than the file system takes (a URL of 4,301 digits).
        return None


def shipped_client(
    web_dir: Path | None = None, page_scripts: Mapping[str, bytes] | None = None
) -> ShippedClient:
    """The client of the installed flet-web (or of `web_dir`), with our changes.

    `page_scripts` (paths below the versioned folder, and their bytes) are
    served there too and loaded by the page, in order, before Flutter's own.
    """
    web = Path(web_dir or get_package_web_dir())
    font_manifest = trimmed_font_manifest((web / FONT_MANIFEST).read_bytes())
    stub = rive_stub()
    icon = ICON_FILE.read_bytes()
    loader = without_flutter_worker((web / BOOTSTRAP).read_text("utf-8"))
    bootstrap = single_threaded_skwasm(loader).encode()
    scripts = dict(page_scripts or {})
    fingerprint = hashlib.sha256()
    parts = (
        flet_web_version.encode(),
        str(web).encode(),
        font_manifest,
        stub,
        bootstrap,
        icon,
        # Rebuilt fonts (another Flutter's table) come under a new folder.
        fallback_fonts_key().encode(),
    )
    for part in (*parts, *(name.encode() + body for name, body in scripts.items())):
        fingerprint.update(part + b"\0")
    base = f"{CLIENT_PREFIX}{fingerprint.hexdigest()[:16]}/"
    replaced = {
        FONT_MANIFEST: font_manifest,
        # Flutter's own worker (a stub that removes itself) would replace ours;
        # skwasm on one thread (webclient/renderer.py).
        BOOTSTRAP: bootstrap,
        REDIRECT_SCRIPT: rive_redirect(base + RIVE_FOLDER),
        **{RIVE_FOLDER + name: stub for name in STUB_NAMES},
        LOADING_ICON: icon,
        **scripts,
    }
    return ShippedClient(web, base, _page(web, base, tuple(scripts)), replaced)


def _page(web: Path, base: str, scripts: tuple[str, ...] = ()) -> bytes:
    """flet-web's index.html as its no-CDN server patches it, its files under `base`,
    with our loading screen and theme colours.

    `scripts` (below `base`) are loaded first.
    """
    with tempfile.TemporaryDirectory() as scratch:
        index = Path(scratch) / "index.html"
        shutil.copyfile(web / "index.html", index)
        patch_index_html(
            index_path=str(index),
            base_href="/",
            websocket_endpoint_path=WEBSOCKET_PATH,
            web_renderer=WebRenderer.AUTO,
            route_url_strategy=RouteUrlStrategy.PATH,
            no_cdn=True,
        )
        html = index.read_text(encoding="utf-8")
    where = (
        f'flet.entrypointBaseUrl="{base}";flet.assetBase="{base}";'
        f'flet.canvasKitBaseUrl="{base}canvaskit/";'
        f'flet.fontFallbackBaseUrl="{base}{FALLBACK_URL_FOLDER}";'
    )
    ours = "".join(f'<script src="{base}{name}"></script>\n  ' for name in scripts) + (
        f'<script src="{base}{REDIRECT_SCRIPT}"></script>\n'
        f"  <script>{where}</script>\n"
        f'  <script src="{base}python.js"></script>'
    )
    html = replace_once(html, '<script src="python.js"></script>', ours, INDEX)
    bootstrap = '<script src="flutter_bootstrap.js"'
    html = replace_once(html, bootstrap, bootstrap.replace('"', f'"{base}', 1), INDEX)
    return _with_loading_screen(html, base + LOADING_ICON).encode("utf-8")


def _with_loading_screen(html: str, icon_url: str) -> str:
    """The page with our loading screen for Flet's, gone once Flutter has drawn
    the app's screen (no message from Python says it was sent), and the theme
    colours after the description."""
    texts = page_texts_by_language()
    screen = loading_screen_html(texts, icon_url)
    screen += f"<script>\n{app_titled_js()}</script>\n"
    html = replace_match_once(html, FLETS_LOADING, lambda _: screen, INDEX)
    return replace_match_once(
        html,
        DESCRIPTION,
        lambda found: f"{found[0]}\n  {theme_colour_meta()}",
        INDEX,
    )
