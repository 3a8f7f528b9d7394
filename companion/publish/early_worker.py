"""Python started as the page loads, beside Flutter's client, not after it.

Flet 1.0.5's client starts its Python worker only once Flutter's client is up
(3 s of an installed visit on the emulated phone), and the worker boots
Pyodide (6-7 s) only then (bench/README.md). Here the page makes the worker
as it loads (page_start.js), the worker starts Python at once
(early_worker.js, python_start.js), and Flet's python.js and python-worker.js
are changed to take up that worker and that Python.
"""

from __future__ import annotations

from companion.publish import handover_page, page_start, snapshot
from companion.upstream import versions
from companion.webclient.flet_patch import insert_before, replace_once
from companion.webclient.page_script import PageScript

WORKER = "python-worker.js"
"""Flet's worker script, which the page starts early."""

SCRIPT = PageScript.beside(__file__, "early_worker.js")
"""Put into python-worker.js: Python started at once, taken up by initPyodide."""

PYODIDE = "pyodide/pyodide.mjs"
"""Where the worker imports Pyodide from (relative to it)."""

_NEW_WORKER = "    app.worker = new Worker(\n"
_TAKE_UP = "    app.worker = flet.takeEarlyWorker() || new Worker(\n"
"""python.js's worker: the one the page started (page_start.js), once."""

_LOAD = """\
        const pyodideModule = await import(self.pyodideUrl);
        const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
        self.pyodide = await loadPyodide({
            stdout: (text) => self.sendPythonOutput(text, false),
            stderr: (text) => self.sendPythonOutput(text, true),
        });
"""
_TAKEN = "        self.pyodide = await self.companionPyodide(self.pyodideUrl);\n"
"""initPyodide's Pyodide: the one early_worker.js started (if the same URL)."""

_DOWNLOAD = (
    '        if "script" not in py_args:\n'
    '            print("Downloading app archive")\n'
)
_UNPACKED = (
    '        if "script" not in py_args and flet_js.appUnpacked:\n'
    '            print("App archive unpacked")\n'
    '        elif "script" not in py_args:\n'
    '            print("Downloading app archive")\n'
)
"""Flet's worker's Python: no second download of an archive already unpacked."""

_INIT = "self.initPyodide = async function () {"


def applies(version: str | None = None) -> bool:
    """Whether this Flet's client (the installed one, or `version`) is the one
    the early start was made for."""
    return versions.flet_is_measured(version)


def patch_python_js(text: str) -> str:
    """Flet's python.js, taking the worker the page started (a new one after it)."""
    return replace_once(text, _NEW_WORKER, _TAKE_UP, "python.js")


def patch_python_worker(
    text: str, version: str, archive: str, snapshots: bool = True, early: str = ""
) -> str:
    """Flet's python-worker.js, starting Python as soon as it runs: from build
    `version`'s snapshot if it has a good one (with `snapshots`: this
    Pyodide's are ours to use), else booted, with the app `archive` (its URL
    relative to the site) unpacked, then the app's `early` Python run
    (snapshot.python_start_js)."""
    text = replace_once(text, _DOWNLOAD, _UNPACKED, WORKER)
    text = replace_once(text, _LOAD, _TAKEN, WORKER)
    taken = SCRIPT.shipped({"pyodide": PYODIDE, "shownKey": page_start.SHOWN_KEY})
    started = snapshot.python_start_js(version, archive, snapshots, early)
    # Before Flet's own message handler, which comes after initPyodide.
    channel = handover_page.worker_js()
    return insert_before(text, _INIT, f"{started}\n{taken}\n{channel}\n", WORKER)
