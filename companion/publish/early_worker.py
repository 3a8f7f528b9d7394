"""Python started as the page loads, beside Flutter's client, not after it."""

from __future__ import annotations

import json
import re

from flet.version import flet_version

from companion.publish import page_start, snapshot

MEASURED_ON = "1.0.5"
"""Flet 1.0.5's client starts its Python worker only once Flutter's client is
up (3 s of an installed visit on the emulated phone), and the worker boots
Pyodide (6-7 s) only then (bench/README.md)."""

PAGE_SCRIPT = (
    "// Python's worker, and in it Pyodide, start now; python.js takes it up.\n"
    "flet.earlyWorker = new Worker(\n"
    '  flet.entrypointBaseUrl.replace(/\\/$/, "") + "/python-worker.js",\n'
    '  { type: "module" });\n'
)
"""For index.html, after the `flet.*` settings."""

_TAKE_UP = (
    "    app.worker = flet.earlyWorker || new Worker(\\g<1>);\n"
    "    flet.earlyWorker = null;\n"
)

_EARLY_BOOT = """\
// Started from the moment the page creates this worker (from a snapshot when
// there is a good one, with the app's archive unpacked); the init message,
// which comes once Flutter's client is up, takes it (if it names the same URL).
self.earlyPyodideUrl = new URL("pyodide/pyodide.mjs", self.location.href).href;
// The page listens for this key (page_start.SHOWN_KEY): the app tells it when
// its first screen is sent (serving.browser.tell_page_shown).
self.companionShownKey = __SHOWN_KEY__;
self.flet_js.appUnpacked = false;
self.earlyPyodide = import(self.earlyPyodideUrl).then((module) =>
    self.pythonStart(module, {
        stdout: (text) => self.sendPythonOutput(text, false),
        stderr: (text) => self.sendPythonOutput(text, true),
    }));
// A boot not taken up is not an error of its own; a taken one's failure is.
self.earlyPyodide.catch(() => {});
"""

_TAKEN = """\
        const asked = new URL(self.pyodideUrl, self.location.href).href;
        if (asked === self.earlyPyodideUrl) {
            self.pyodide = await self.earlyPyodide;
        } else {
            const pyodideModule = await import(self.pyodideUrl);
            const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
            self.pyodide = await loadPyodide({
                stdout: (text) => self.sendPythonOutput(text, false),
                stderr: (text) => self.sendPythonOutput(text, true),
            });
        }
"""


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


class ClientChanged(Exception):
    """Flet's python.js or python-worker.js no longer looks as measured."""


def applies(version: str = flet_version) -> bool:
    """Whether this Flet's client is the one the early start was made for."""
    return version == MEASURED_ON


def _replace_once(text: str, pattern: str, replacement: str, name: str) -> str:
    changed, count = re.subn(pattern, replacement, text, count=1, flags=re.DOTALL)
    if count != 1:
        raise ClientChanged(name)
    return changed


def patch_python_js(text: str) -> str:
    """Flet's python.js, taking the worker the page started (a new one after it)."""
    return _replace_once(
        text,
        r"    app\.worker = new Worker\(\s*(\(flet\.entrypointBaseUrl.*?"
        r'"/python-worker\.js",\s*\{ type: "module" \})\);\n',
        _TAKE_UP,
        "python.js",
    )


def patch_python_worker(text: str, version: str, archive: str) -> str:
    """Flet's python-worker.js, starting Python as soon as it runs: from build
    `version`'s snapshot if it has a good one, else booted, with the app
    `archive` (its URL relative to the site) unpacked (snapshot.restore_js)."""
    if text.count(_DOWNLOAD) != 1:
        raise ClientChanged("python-worker.js")
    text = text.replace(_DOWNLOAD, _UNPACKED, 1)
    text = _replace_once(
        text,
        r"        const pyodideModule = await import\(self\.pyodideUrl\);\n"
        r"        const loadPyodide = .*?\n        \}\);\n",
        _TAKEN.replace("\\", "\\\\"),
        "python-worker.js",
    )
    anchor = "self.initPyodide = async function () {"
    if text.count(anchor) != 1:
        raise ClientChanged("python-worker.js")
    boot = _EARLY_BOOT.replace("__SHOWN_KEY__", json.dumps(page_start.SHOWN_KEY))
    early = f"{snapshot.restore_js(version, archive)}\n{boot}\n{anchor}"
    return text.replace(anchor, early, 1)
