"""Python started from a memory snapshot of this build, made in the browser.

A normal start boots Pyodide (2-6 s here), unpacks the app and imports it; a
start from a snapshot restores the wasm memory of a Python that had done the
boot and the imports (about 0.5 s, bench/README.md). The snapshot is made in
the browser by a worker of its own (MAKER_SCRIPT, snapshot_maker.js), started
a while after a normal start has shown the app, and kept in Cache Storage
under the site's version; python-worker.js (early_worker, python_start.js)
restores it on the next start.

What the wasm memory does not carry is done again after a restore: the
archive's files (Pyodide's file system is JavaScript's), msgpack's compiled
module (imported after a restore only: one imported before kills Pyodide at
its first use), `random`'s seed and the time zone. A snapshot that is missing,
of another version, damaged (its SHA-256 is stored beside it) or failing to
restore means a normal start; a bad one is dropped, a line goes to the
console, and the next normal start makes a new one.
"""

from __future__ import annotations

from companion.publish import archive_unpack, page_start
from companion.upstream import versions
from companion.webclient.page_script import PageScript

CACHE_NAME = "python-snapshot"
"""The Cache Storage cache holding the snapshot. Not named `companion-...`: the
service worker deletes those of other builds as it activates, which would
drop a snapshot made before this build's worker took over."""

KEY_PATH = "python-snapshot/"
"""The snapshot's key in that cache: this path and the site's version."""

MAKER_SCRIPT = "python-snapshot.js"

VERSION_HEADER = "X-Companion-Version"
DIGEST_HEADER = "X-Companion-Sha256"

MIN_DEVICE_MEMORY_GB = 2
"""A phone whose browser says it has less memory (navigator.deviceMemory, in
GB, rounded down to 0.25, 0.5, 1, 2, 4 or 8) is spared the maker, and boots
every time. The maker is a second Pyodide in the tab's own process: 136-141
MB more (PSS) over a tab of 382-394 MB (bench/snapshot_memory.py, two runs),
a third more, which a 1 GB phone (Android Go: some 300-400 MB left for apps)
may not have, and 2 GB phones have. Browsers that do not say (Safari,
Firefox) make it: every iPhone that runs a current Safari has 2 GB or more."""

MAKER_HEADROOM = 160 * 2**20
"""What the maker asks for at once, as wasm memory, before it starts its
Pyodide (its heap is wasm memory): refused (a RangeError: no room, as in a
32-bit browser's address space), it makes nothing. Just over the maker's
measured excess over the tab, 141-150 MB RSS (bench/snapshot_memory.py)."""

MAKE_AFTER_MS = 4000
"""How long after a normal start has shown the app the snapshot is made (then
at the browser's next idle moment): the person's first taps come first."""

IMPORTS = (
    "flet",
    "flet.app",
    "companion.serving.app",
    "companion.serving.flet_quirks",
    "companion.serving.browser",
    "companion.serving.browser_start",
    "companion.serving.held_messages",
    "companion.serving.session_guard",
    "companion.storage.browser_files",
    "companion.ui.frame.other_tab_screen",
    "companion.ui.router.opening",
    "companion.ui.router.root",
    "companion.ui.settings.features",
    "importlib.metadata",
)
"""What the snapshot has imported: what the site's entry module and the
browser start (serving.app's start_in_browser, make_browser_main) import,
the Matches screen and flet's `ft.run` among them
(tests/publish/test_snapshot.py keeps the two in step). Not Flet's Pyodide
connection, which holds the worker's `flet_js` as it is imported. And
importlib.metadata, which AFTER_RESTORE's `importlib.invalidate_caches()`
imports: 0.25 s of a restore at CPU 1x otherwise (bench/static_app.py)."""

PREPARE = """\
import importlib, os, sys
# msgpack's compiled module may not be in a snapshot: its pure-Python
# fallback is imported here, and the compiled one put in after a restore.
os.environ["MSGPACK_PUREPYTHON"] = "1"
sys.path.insert(0, "__pypackages__")
for _name in %(imports)s:
    importlib.import_module(_name)
del os.environ["MSGPACK_PUREPYTHON"], _name
"""
"""Python run by the maker once the archive is unpacked; it leaves Python
holding no JavaScript object (a snapshot cannot carry one)."""

AFTER_RESTORE = """\
def _after_restore():
    import importlib, random, time
    import msgpack
    # The archive's files were written anew: forget what the finders cached.
    importlib.invalidate_caches()
    compiled = importlib.import_module("msgpack._cmsgpack")
    msgpack.Packer, msgpack.Unpacker = compiled.Packer, compiled.Unpacker
    msgpack.unpackb = msgpack.loads = compiled.unpackb
    # Every restore would otherwise draw the maker's random numbers.
    random.seed()
    if hasattr(time, "tzset"):
        time.tzset()
_after_restore()
del _after_restore
"""
"""Python run right after a restore, once the archive's files are back."""

READY_LINE = "Card Table Companion: Python ready, app unpacked: "
"""The worker's console line once Python is ready, followed by the start."""

START_KEY = "companionPythonStart"
"""The worker's message to the page naming the start it made."""

START_ATTRIBUTE = "data-python-start"
"""On the page's <html>: `snapshot`, `boot` (none was there) or
`boot-after-bad-snapshot` (one was there and was dropped)."""

SNAPSHOT_ATTRIBUTE = "data-python-snapshot"
"""On the page's <html> once this page's maker has finished: `made` or
`failed`; `skipped` where the phone has too little memory to make one."""

DIGEST = PageScript.beside(__file__, "snapshot_digest.js")
PYODIDE_PRIVATE = PageScript.beside(__file__, "pyodide_private.js")
"""Every private name of Pyodide's the snapshot start uses, in one place."""

_STARTS_PYTHON = (archive_unpack.SCRIPT, DIGEST, PYODIDE_PRIVATE)
"""What both scripts that start a Pyodide use: the archive's files, the
digest, Pyodide's private snapshot API."""

MAKER = PageScript.beside(__file__, "snapshot_maker.js", _STARTS_PYTHON)
"""The maker's worker, shipped as MAKER_SCRIPT."""

PYTHON_START = PageScript.beside(__file__, "python_start.js", _STARTS_PYTHON)
"""For python-worker.js: `self.pythonStart(pyodideModule, options)`."""

PAGE = PageScript.beside(__file__, "snapshot_page.js")
"""For index.html, after page_start.js: the start's marker, and the maker."""


ARCHIVE_TRIES = 3
ARCHIVE_RETRY_MS = 700
"""A download of the app's archive that fails is tried again, three times in
all, after 0.7 s and 1.4 s: a moment's loss of the network is not a failed
start."""


def applies(pyodide: str | None = None) -> bool:
    """Whether starts may use a snapshot: the Pyodide the client bundles
    (flet-web's, or `pyodide`) is the one the private API was read on."""
    return versions.pyodide_is_measured(pyodide)


def _stored(version: str) -> dict[str, object]:
    """Where build `version`'s snapshot is kept, and how it is labelled."""
    return {
        "version": version,
        "cache": CACHE_NAME,
        "keyPath": KEY_PATH,
        "versionHeader": VERSION_HEADER,
        "digestHeader": DIGEST_HEADER,
    }


def maker_js(version: str, archive: str) -> str:
    """The worker that makes the snapshot of build `version` (archive: its URL
    relative to the site's base) and keeps it in Cache Storage."""
    prepare = PREPARE % {"imports": repr(list(IMPORTS))}
    return MAKER.shipped(
        {
            **_stored(version),
            "archive": archive,
            "archiveTries": ARCHIVE_TRIES,
            "archiveRetryMs": ARCHIVE_RETRY_MS,
            "headroomBytes": MAKER_HEADROOM,
            "prepare": prepare,
        }
    )


def python_start_js(
    version: str, archive: str, snapshots: bool = True, early: str = ""
) -> str:
    """For python-worker.js: `self.pythonStart(pyodideModule, options)`, which
    restores build `version`'s snapshot (if `snapshots`) or boots Pyodide,
    unpacks the app (tried ARCHIVE_TRIES times, else the page is told and says
    so; a snapshot is kept), then runs the Python `early` (if any) before
    Flet's init message comes."""
    stored = {**_stored(version), "afterRestore": AFTER_RESTORE}
    return PYTHON_START.shipped(
        {
            "archive": archive,
            "archiveTries": ARCHIVE_TRIES,
            "archiveRetryMs": ARCHIVE_RETRY_MS,
            "archiveFailedKey": page_start.ARCHIVE_FAILED_KEY,
            "readyLine": READY_LINE,
            "startKey": START_KEY,
            "snapshot": stored if snapshots else None,
            "early": early,
        }
    )


def page_js() -> str:
    """For index.html, after page_start.js."""
    return PAGE.shipped(
        {
            "startKey": START_KEY,
            "startAttribute": START_ATTRIBUTE,
            "snapshotAttribute": SNAPSHOT_ATTRIBUTE,
            "maker": MAKER_SCRIPT,
            "delayMs": MAKE_AFTER_MS,
            "minDeviceMemoryGb": MIN_DEVICE_MEMORY_GB,
        }
    )
