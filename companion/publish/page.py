"""The site's page: index.html's Flet settings, the manifest, the service worker."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from companion.publish import handover_page, page_start, snapshot
from companion.publish.contents import RENDERER_FILES
from companion.webclient.fallback_fonts import FALLBACK_URL_FOLDER
from companion.webclient.flet_patch import (
    insert_after,
    insert_before,
    replace_match_once,
    replace_once,
)
from companion.webclient.loading_screen import (
    FLETS_LOADING,
    LIGHT_SURFACE,
    loading_screen_html,
    theme_colour_meta,
)
from companion.webclient.page_script import PageScript
from companion.webclient.renderer import single_threaded_skwasm
from companion.webclient.screen_restart import restart_js
from companion.webclient.service_worker import (
    SCRIPT_NAME,
    registration_js,
    service_worker_js,
    without_flutter_worker,
)
from companion.words.app_name import APP_NAME
from companion.words.page_texts import page_texts_by_language
from companion.words.restart_texts import restart_texts_by_language

NAME = APP_NAME
SHORT_NAME = APP_NAME
"""The home screen's name is the app's one name: a launcher that has less room
ends it with an ellipsis rather than showing another name."""
DESCRIPTION = "Scores for Crazy Eights, Vändåtta and Uno, kept on this phone."
THEME_COLOUR = LIGHT_SURFACE
BACKGROUND_COLOUR = LIGHT_SURFACE
"""The app's light background: a phone's splash, the loading screen and the
app's first screen are one colour (the page's theme-color has a dark one too)."""

ICON = "icons/icon-192.png"
"""Our icon on the loading screen (the manifest's 192 px one)."""

INDEX = "index.html"
BOOTSTRAP = "flutter_bootstrap.js"
_CONFIG_ANCHOR = "<!-- fletAppConfig -->"
_BOOTSTRAP_ANCHOR = "var flutterConfig = {"
_LOAD_ANCHOR = "_flutter.loader.load({"

SCRIPT = PageScript.beside(__file__, "page.js")
"""The page's first script of ours: Flet's settings (flet_settings), and the
request for persistent storage (only a window may ask)."""

READY_CHANNEL = "companion-site-loaded"
"""The BroadcastChannel on which the app tells the page its files have come."""

VERSION_FILE = "version.json"
"""The site's `{"version": ...}`, which the worker checks after precaching."""

RIVE_FOLDER = "rive/"
RIVE_REDIRECT = RIVE_FOLDER + "redirect.js"
"""The local Rive stub's folder and the script that sends the plugin there."""


def flet_settings(base_url: str, version: str) -> dict[str, object]:
    """The `flet.*` settings that make the client run the app in Pyodide, locally.

    The Pyodide URL is absolute: the module worker's import() rejects the bare
    `pyodide/pyodide.mjs` that Flet 1.0.5's publish writes. Routes live in the
    URL's fragment, so any static host serves every route with the one page.
    """
    return {
        "pyodide": True,
        "micropipIncludePre": False,
        "pythonModuleName": "main",
        "appPackageUrl": "app.tar.gz",
        "pyodideUrl": f"{base_url}pyodide/pyodide.mjs",
        "canvasKitBaseUrl": f"{base_url}canvaskit/",
        "fontFallbackBaseUrl": f"{base_url}{FALLBACK_URL_FOLDER}",
        "noCdn": True,
        # Flutter's loader picks the build (contents.RENDERER_FILES).
        "webRenderer": "auto",
        "routeUrlStrategy": "hash",
        "entrypointBaseUrl": base_url,
        "assetBase": base_url,
        "siteVersion": version,
    }


def patch_index(
    index: str,
    base_url: str,
    version: str,
    early_worker: str | None = None,
    snapshots: bool = False,
) -> str:
    """Flet's index.html with our name, base URL, settings, service worker and
    loading screen; a tab that finds the store held elsewhere starts nothing.

    `early_worker`: Flet's worker script, started as the page loads in a tab
    that may start (page_start.start_js), with the hand-over's channel to it
    (handover_page.page_js); with `snapshots`, the page makes Python's
    snapshot after a start not made from one (snapshot.page_js).
    """
    index = replace_match_once(
        index,
        r'(<base\b[^>]*\bhref\s*=\s*)"[^"]*"',
        lambda found: f'{found[1]}"{base_url}"',
        INDEX,
    )
    script = SCRIPT.shipped({"flet": flet_settings(base_url, version)})
    if early_worker:
        # The hand-over's page part talks to Python in the worker started early.
        script += handover_page.page_js(base_url)
    script += page_start.start_js(early_worker)
    if snapshots:
        script += snapshot.page_js()
    registration = registration_js(
        f"{base_url}{SCRIPT_NAME}",
        READY_CHANNEL,
        renderers={name: files[0] for name, files in RENDERER_FILES.items()},
    )
    ours = (
        f"<script>\n{restart_js(restart_texts_by_language())}</script>\n"
        # The Rive redirect runs before Flutter's scripts can ask the CDN.
        f'<script src="{base_url}{RIVE_REDIRECT}"></script>\n'
        f"<script>\n{script}</script>\n<script>\n{registration}</script>"
    )
    index = replace_once(index, _CONFIG_ANCHOR, ours, INDEX)
    index = replace_match_once(
        index, r"<title>[^<]*</title>", lambda _: f"<title>{NAME}</title>", INDEX
    )
    colours = theme_colour_meta()
    index = replace_match_once(
        index,
        r'<meta name="description" content="[^"]*">',
        lambda _: f'<meta name="description" content="{DESCRIPTION}">\n{colours}',
        INDEX,
    )
    screen = loading_screen_html(page_texts_by_language(), ICON)
    index = replace_match_once(index, FLETS_LOADING, lambda _: screen, INDEX)
    return replace_match_once(
        index,
        r'<meta name="apple-mobile-web-app-title" content="[^"]*">',
        lambda _: f'<meta name="apple-mobile-web-app-title" content="{SHORT_NAME}">',
        INDEX,
    )


def patch_bootstrap(bootstrap: str) -> str:
    """Flutter's loader with the full CanvasKit, skwasm on one thread, without
    Flutter's own worker, started only in a tab that may hold the store
    (page_start.BOOTSTRAP_GATE).

    Flutter's worker registration would replace ours (same scope); the full
    CanvasKit variant is the one every browser without the wasm build can run,
    so only it ships; skwasm stays on one thread even where a host makes the
    page cross-origin isolated (webclient/renderer.py).
    """
    bootstrap = single_threaded_skwasm(without_flutter_worker(bootstrap))
    gate = page_start.BOOTSTRAP_GATE.shipped()
    bootstrap = insert_before(bootstrap, _LOAD_ANCHOR, f"{gate}\n", BOOTSTRAP)
    return insert_after(
        bootstrap, _BOOTSTRAP_ANCHOR, '\n    canvasKitVariant: "full",', BOOTSTRAP
    )


def manifest(base_url: str) -> dict[str, object]:
    """The web app manifest: what a phone's Add to Home Screen installs."""
    icons: list[dict[str, str]] = []
    for size in (192, 512):
        icons.append(_icon(f"icons/icon-{size}.png", size, "any"))
        icons.append(_icon(f"icons/icon-maskable-{size}.png", size, "maskable"))
    return {
        "name": NAME,
        "short_name": SHORT_NAME,
        "description": DESCRIPTION,
        "start_url": base_url,
        "scope": base_url,
        "display": "standalone",
        "orientation": "portrait",
        "background_color": BACKGROUND_COLOUR,
        "theme_color": THEME_COLOUR,
        "prefer_related_applications": False,
        "icons": icons,
    }


def _icon(src: str, size: int, purpose: str) -> dict[str, str]:
    sizes = f"{size}x{size}"
    return {"src": src, "sizes": sizes, "type": "image/png", "purpose": purpose}


def precache_list(files: Sequence[str]) -> list[str]:
    """What the worker fetches on install whatever the renderer: the page's
    address and every file but the client builds' own."""
    skipped = {SCRIPT_NAME, ".companion-site"}
    for build in RENDERER_FILES.values():
        skipped.update(build)
    return ["./", *(f for f in sorted(files) if f not in skipped)]


def renderer_precache(files: Sequence[str]) -> dict[str, list[str]]:
    """Per renderer, the files of its build that the site holds."""
    held = set(files)
    return {
        renderer: [f for f in build if f in held]
        for renderer, build in RENDERER_FILES.items()
    }


def write_service_worker(folder: Path, version: str, files: Sequence[str]) -> None:
    """Write the worker that precaches the site's `files` (paths in the site):
    those of every page and those of the build its page loads.

    Its URLs are relative to its own, at the site's base: they hold under any
    `--base-url`.
    """
    script = service_worker_js(
        version,
        precache_list(files),
        version_url=VERSION_FILE,
        by_renderer=renderer_precache(files),
        kept_folder=FALLBACK_URL_FOLDER,
    )
    (folder / SCRIPT_NAME).write_text(script, "utf-8")
