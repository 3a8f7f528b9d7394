"""The service worker's script: precache the client's files, open with no network."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.webclient.flet_patch import replace_match_once
from companion.webclient.page_script import PICK_LANGUAGE, PageScript

CACHE_PREFIX = "companion-"
"""Every cache this worker makes starts so; others on the same site are left alone."""

SCRIPT_NAME = "service_worker.js"

FLUTTER_WORKER = r"serviceWorkerSettings:\s*\{[^{}]*\},\s*"
"""Flutter's worker's settings in Flet's loader (its version varies by build)."""

OFFLINE_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'"
)
"""The offline page's Content-Security-Policy: its own style, nothing loaded."""

SCRIPT = PageScript.beside(__file__, "service_worker.js", (PICK_LANGUAGE,))
"""The worker's script, shipped as SCRIPT_NAME."""

REGISTRATION = PageScript.beside(__file__, "service_worker_registration.js")
"""The page's script that registers the worker."""


def service_worker_js(
    version: str,
    precache: Sequence[str],
    offline_page: str | Mapping[str, str] | None = None,
    runtime_prefix: str | None = None,
    version_url: str | None = None,
    by_renderer: Mapping[str, Sequence[str]] | None = None,
    kept_folder: str | None = None,
) -> str:
    """The worker's script for one build of the client.

    `precache` are URLs relative to the worker's scope, all fetched when the
    worker installs; `version` names its cache, so a new version's worker drops
    the old one's cache once it activates. Without `offline_page` (a static
    site) every page address is answered from the cache; with it (a served
    app) pages come from the network, and that HTML when the network fails
    (a mapping: one page per language, the browser's language picks, else the
    first). With `runtime_prefix` (a path, say a served app's versioned client
    folder) the files below it are kept as the page first fetches them, and
    nothing outside it is answered from or kept in the cache. Each precached
    file is revalidated with the site, so a 304 reuses what the page fetched.
    With `version_url` (the site's JSON `{"version": ...}`), the install fails
    and leaves no cache unless the site still has this version once every file
    has come: a rebuild during it cannot mix two builds. With `by_renderer`
    (renderer: its files), the worker registered with `?renderer=` one of
    them precaches that one's files too; registered without, all of them.
    With `kept_folder` (relative to the worker's scope, a static site's), the
    files below it are kept as the page first fetches them (fallback fonts).
    """
    return SCRIPT.shipped(
        {
            "version": version,
            "cachePrefix": CACHE_PREFIX,
            "precache": list(precache),
            "precacheByRenderer": None
            if by_renderer is None
            else {name: list(files) for name, files in by_renderer.items()},
            "offlinePage": offline_page
            if isinstance(offline_page, str | None)
            else dict(offline_page),
            "runtimePrefix": runtime_prefix,
            "offlinePolicy": OFFLINE_POLICY,
            "versionUrl": version_url,
            "keptFolder": kept_folder,
        }
    )


def registration_js(
    script_url: str,
    ready_channel: str | None = None,
    renderers: Mapping[str, str] | None = None,
) -> str:
    """The page's script that registers the worker and reloads onto a new build.

    A page opened from an older build's cache reloads once the new build's
    worker takes over, so the visit after a new build shows the new build.
    With `ready_channel`, a page no worker controls yet (a first visit)
    registers only once a message comes on that BroadcastChannel (the app
    has fetched its files): the precache then finds them in the HTTP cache
    and takes no bandwidth from the page while it loads. With `renderers`
    (name: a file, relative to the page's base, that only that renderer's
    build loads), the worker's URL names the one the page has loaded
    (`?renderer=`), and a page a worker controls registers once its first
    frame is drawn, when that is known.
    """
    return REGISTRATION.shipped(
        {
            "scriptUrl": script_url,
            "readyChannel": ready_channel,
            "renderers": dict(renderers or {}),
            "reloadOntoNewBuild": True,
        }
    )


def served_registration_js(script_url: str, shown_channel: str | None = None) -> str:
    """A served page's script that registers the worker where the browser has one.

    No reload onto a new version: a served page always comes from the server,
    so it is the new version already. Browsers offer a worker only in a secure
    context (HTTPS, or localhost); elsewhere this does nothing. With
    `shown_channel`, a page no worker controls yet registers once a message
    comes on that BroadcastChannel (the app's screen is up): installed at the
    page's start, the worker took over the page and passed its files through
    itself, keeping each, while the page loaded them (bench/README.md).
    """
    return REGISTRATION.shipped(
        {
            "scriptUrl": script_url,
            "readyChannel": shown_channel,
            "renderers": {},
            "reloadOntoNewBuild": False,
        }
    )


def without_flutter_worker(bootstrap: str) -> str:
    """Flutter's loader (flutter_bootstrap.js) without its own worker's registration.

    Flutter's worker is a stub that unregisters itself; registered at the same
    scope it replaces ours, and the two take turns. A loader without the
    setting is refused (flet_patch.FletFileChanged): Flet's file changed.
    """
    return replace_match_once(bootstrap, FLUTTER_WORKER, "", "flutter_bootstrap.js")
