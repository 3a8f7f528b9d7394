"""What a published site ships: the client files, package files and locales."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import PurePosixPath

from companion.webclient.fallback_fonts import FALLBACK_URL_FOLDER

BROWSER_LANGUAGES = ("en", "nb", "sv", "es")
"""The languages the app speaks: Babel's data for these (and `root`) ships."""

BROWSER_DISTRIBUTIONS = (
    "flet",
    "flet-charts",
    "tinydb",
    "babel",
    "msgpack",
    "repath",
    "six",
    # Unicode's confusables data, for the name rules (engine/look_alikes.py).
    "confusable-homoglyphs",
    # The hand-over's QR code (storage/match_link.py), imported when one is drawn.
    "segno",
)
"""The pure-Python distributions the app imports in the browser (flet's own too).

Server-only ones (flet-web, uvicorn, ifaddr, platformdirs) stay out: nothing
the browser runs imports them.
"""

RENDERER_FILES = {
    "skwasm": (
        "canvaskit/skwasm.wasm",
        "canvaskit/skwasm.js",
        "main.dart.wasm",
        "main.dart.mjs",
    ),
    "skwasm_heavy": (
        "canvaskit/skwasm_heavy.wasm",
        "canvaskit/skwasm_heavy.js",
        "main.dart.wasm",
        "main.dart.mjs",
    ),
    "canvaskit": ("canvaskit/canvaskit.wasm", "canvaskit/canvaskit.js", "main.dart.js"),
}
"""The client's builds, each the files of one renderer; the first, that one's alone.

Flutter's loader picks one per page: the wasm build drawn by skwasm where the
browser can run it (Chromium's engine: Chrome on Android; skwasm_heavy where
it lacks image codecs, as over plain http), else the JavaScript build drawn by
CanvasKit (Safari, Firefox). Skwasm drew a Save's frame about twice as fast as
CanvasKit here (bench/README.md); the service worker precaches only the page's.
"""

# CanvasKit in its full variant only: the Chromium variant's browsers take the
# wasm build.
CLIENT_FILES_DROPPED = (
    "flutter.js.map",
    "flutter_service_worker.js",
    "canvaskit/chromium/",
    "canvaskit/experimental_webparagraph/",
    "canvaskit/wimp",
    "canvaskit/canvaskit.js.symbols",
    # Pyodide's command line for Node (python, .bat, .exe) and type declarations.
    "pyodide/python.",
    "pyodide/python_cli_entry.mjs",
    "pyodide/ffi.d.ts",
    "pyodide/pyodide.d.ts",
    "pyodide/package.json",
    # The archive ships no requirements, so micropip is never loaded.
    "pyodide/micropip-",
    "pyodide/packaging-",
    # Flet's own icons: ours are written in their place.
    "icons/icon-",
    "icons/apple-touch-icon",
    "favicon.png",
)


CLIENT_FILES_DROPPED_EXACTLY = ("pyodide/python",)

NOT_PRECACHED = {
    "assets/NOTICES": "the licences page (1.5 MB), which the app never opens",
    "assets/packages/cupertino_icons/": "not in the site's font manifest: never loaded",
    "assets/packages/flutter_map/": "a map's logo: the app draws no map",
    "assets/packages/flutter_math_fork/": "KaTeX fonts: the app sets no math",
    "assets/packages/media_kit/": "hls.js, for video: the app plays none",
    "assets/packages/record_web/": "an audio recorder's worklet: the app records none",
    "pyodide/pyodide.js": "the classic script: every worker imports pyodide.mjs",
    FALLBACK_URL_FOLDER: "fonts fetched when a name needs one: kept once fetched",
}
"""Files of the site the service worker does not precache (path or folder: why).

They ship (a Flet feature the app does not use may ask for one online), but no
page of the app loads them: a first visit does not download them for the
worker. Found from the files a page fetched, first visit and installed
start (bench/README.md, issue 28); tests/browser/test_static_site.py fails
if an offline start asks for one.
"""


def client_file_ships(relative: str) -> bool:
    """Whether a file of Flet's prebuilt web client (path relative to it) ships."""
    if relative.endswith(".symbols") or "__pycache__" in relative:
        return False
    if relative in CLIENT_FILES_DROPPED_EXACTLY:
        return False
    return not any(relative.startswith(prefix) for prefix in CLIENT_FILES_DROPPED)


def precached(relative: str) -> bool:
    """Whether the service worker precaches a file of the site (path in it)."""
    return not any(
        relative == path or (path.endswith("/") and relative.startswith(path))
        for path in NOT_PRECACHED
    )


@cache
def babel_locales(languages: Iterable[str] = BROWSER_LANGUAGES) -> frozenset[str]:
    """Babel's locale data files the languages load: each one and its parents.

    Babel reads a locale's parents first (nb's is no, then root), so those
    ship too; CLDR names a few parents that are not a prefix of the locale.
    """
    from babel.core import get_global

    exceptions = get_global("parent_exceptions")
    names = {"root"}
    for language in languages:
        name = language
        while name != "root":
            names.add(name)
            parent = exceptions.get(name)
            if parent is None:
                parent = name.rsplit("_", 1)[0] if "_" in name else "root"
            name = parent
    return frozenset(names)


def package_file_ships(
    relative: str, languages: Iterable[str] = BROWSER_LANGUAGES
) -> bool:
    """Whether a file of an installed distribution (path in site-packages) ships.

    Compiled modules are built for this computer, not Pyodide (those built for
    it come from pyodide_wheels), bytecode is for another Python, and Babel
    keeps only the app's locales.
    """
    path = PurePosixPath(relative)
    if "__pycache__" in path.parts or path.suffix in {".so", ".pyd", ".pyc"}:
        return False
    # flet-charts carries the Dart source of its Flutter side, built into the client.
    if path.parts[0] == "flutter":
        return False
    if path.parts[:2] == ("babel", "locale-data"):
        return path.stem in babel_locales(tuple(languages))
    # RECORD lists files that no longer ship, with hashes of the full install.
    return not (path.parent.name.endswith(".dist-info") and path.name == "RECORD")


def own_file_ships(relative: str) -> bool:
    """Whether a module of our package (path inside `companion/`) ships.

    The command line and this build step run on a computer, never in the browser;
    the catalogs and rule reminders come from `locale_file_ships`, wherever the
    installed package keeps them.
    """
    path = PurePosixPath(relative)
    if path.parts[0] in {"cli", "publish", "locales"} or "__pycache__" in path.parts:
        return False
    return path.suffix == ".py"


def locale_file_ships(relative: str) -> bool:
    """Whether a file of our locales (path inside them) ships as it is.

    The rule reminders do; a catalog's .po does not: the site gets it compiled
    (i18n.compiled_catalog), which the browser reads ~100 times faster.
    """
    return PurePosixPath(relative).suffix == ".toml"
