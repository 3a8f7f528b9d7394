"""The Flet and Pyodide this app was measured on, and its workarounds for them.

Every change the app makes to Flet's behaviour or to its client's files, every
use of a private name or an internal module of Flet's, and the snapshot
start's use of Pyodide's private API, was written against one release of
each: FLET and PYODIDE. A workaround gated on a release runs on it
alone (`flet_is_measured`, `pyodide_is_measured`); a change to a file of
Flet's names the exact text it expects and stops the build when it is missing
(webclient/flet_patch.py). WORKAROUNDS lists them all: what a new Flet or
Pyodide must be checked against (tests/upstream/test_versions.py keeps the
list whole).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from flet.version import flet_version

FLET = "1.0.5"
"""The Flet (and flet-web, flet-charts) release every Flet workaround was read on."""

PYODIDE = "314.0.7"
"""The Pyodide (the one flet-web 1.0.5 bundles) whose private snapshot API the
static site's snapshot start relies on (publish/pyodide_private.js)."""


def flet_is_measured(version: str | None = None) -> bool:
    """Whether Flet `version` (the installed one by default) is FLET."""
    return (flet_version if version is None else version) == FLET


def bundled_pyodide() -> str:
    """The Pyodide release the installed flet-web's client bundles."""
    import flet_web

    package = Path(flet_web.__file__).parent / "web" / "pyodide" / "package.json"
    return str(json.loads(package.read_text("utf-8"))["version"])


def pyodide_is_measured(version: str | None = None) -> bool:
    """Whether Pyodide `version` (flet-web's bundled one by default) is PYODIDE."""
    return (bundled_pyodide() if version is None else version) == PYODIDE


@dataclass(frozen=True)
class Workaround:
    """A module that works around a release of Flet's or Pyodide's, and how."""

    module: str
    upstream: str
    what: str


WORKAROUNDS = (
    Workaround(
        "companion.ui.frame.route_echo",
        f"Flet {FLET}, gated",
        "the Router is told a route at once, not at the browser's echo",
    ),
    Workaround(
        "companion.ui.frame.route_query",
        f"Flet {FLET}, gated",
        "a screen's query is read from the Router's private location context",
    ),
    Workaround(
        "companion.serving.flet_quirks",
        f"Flet {FLET}, gated",
        "FletApp's and the diff builder's methods (time, lost sockets, unregistered)",
    ),
    Workaround(
        "companion.serving.browser_start",
        f"Flet {FLET}, gated",
        "the first view's rehearsal asked only on the Flet it was read on",
    ),
    Workaround(
        "companion.serving.view_rehearsal",
        f"Flet {FLET}, imported only when gated",
        "a Session of Flet's own whose updates and effects are held back, "
        "its Renderer and page context: the first view drawn unseen",
    ),
    Workaround(
        "companion.serving.client_patches",
        f"Flet {FLET}, gated (session_guard applies it)",
        "Session.apply_patch: a client's values kept to their declared types",
    ),
    Workaround(
        "companion.serving.uploads",
        f"flet-web {FLET}'s upload signing, not gated",
        "an upload's signature checked as flet_web.uploads makes it",
    ),
    Workaround(
        "companion.ui.record.keypad",
        f"Flet {FLET}, for mypy alone (nothing of it runs)",
        "MutableRef, the type ft.use_ref returns, from Flet's hooks module",
    ),
    Workaround(
        "companion.serving.session_guard",
        f"Flet {FLET}, gated",
        "Session's event, error and task paths, and a client's patches, checked",
    ),
    Workaround(
        "companion.publish.early_worker",
        f"Flet {FLET}, gated; its files by exact text",
        "python.js and python-worker.js start Python as the page loads",
    ),
    Workaround(
        "companion.publish.snapshot",
        f"Pyodide {PYODIDE}, gated",
        "Python restored from a memory snapshot (pyodide_private.js)",
    ),
    Workaround(
        "companion.publish.page",
        "Flet's index.html and loader, by exact text",
        "our settings, scripts and loading screen; the full CanvasKit",
    ),
    Workaround(
        "companion.serving.client_files",
        "Flet's index.html, by exact text",
        "the served page's versioned files, scripts and loading screen",
    ),
    Workaround(
        "companion.webclient.renderer",
        "Flet's loader (Flutter 3.44.8), by exact text",
        "skwasm on one thread (flutter/flutter#190039)",
    ),
    Workaround(
        "companion.webclient.service_worker",
        "Flet's loader, by exact text",
        "Flutter's own service worker left out",
    ),
    Workaround(
        "companion.webclient.fonts",
        "Flet's font manifest",
        "only the families the app draws are loaded",
    ),
    Workaround(
        "companion.webclient.fallback_table",
        "Flutter's fallback font table in Flet's main.dart.js, by its shape",
        "the fallback fonts a name needs served from our own files",
    ),
    Workaround(
        "companion.webclient.rive",
        "Flet's client's Rive plugin",
        "its CDN runtime answered by a local stub",
    ),
    Workaround(
        "companion.ui.frame.semantic_tap",
        f"Flet {FLET}'s web client, gated",
        "a Semantics node's tap handler named on_click, the name its client reads",
    ),
    Workaround(
        "companion.ui.frame.shell",
        f"Flet {FLET}'s web client, not gated",
        "a View per route (its key): one changed in place is blanked",
    ),
    Workaround(
        "companion.ui.frame.live_line",
        f"Flet {FLET}'s web client (Flutter), not gated",
        "a live region's words kept in an element of the accessibility tree",
    ),
)
"""Every workaround of ours, by module: what a new Flet or Pyodide must be
checked against (kept whole by tests/upstream/test_versions.py)."""
