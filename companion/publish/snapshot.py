"""Python started from a memory snapshot of this build, made in the browser.

A normal start boots Pyodide (2-6 s here), unpacks the app and imports it; a
start from a snapshot restores the wasm memory of a Python that had done the
boot and the imports (about 0.5 s, bench/README.md). The snapshot is made in
the browser by a worker of its own (MAKER_SCRIPT), started a while after a
normal start has shown the app, and kept in Cache Storage under the site's
version; python-worker.js (early_worker) restores it on the next start.

What the wasm memory does not carry is done again after a restore: the
archive's files (Pyodide's file system is JavaScript's), msgpack's compiled
module (imported after a restore only: one imported before kills Pyodide at
its first use), `random`'s seed and the time zone. A snapshot that is missing,
of another version, damaged (its SHA-256 is stored beside it) or failing to
restore means a normal start; a bad one is dropped, a line goes to the
console, and the next normal start makes a new one.
"""

from __future__ import annotations

import json

from companion.publish.archive_unpack import UNPACK_JS

MEASURED_ON = "314.0.7"
"""The Pyodide (Flet 1.0.5's) whose private snapshot options this relies on:
`loadPyodide({_makeSnapshot})`, `makeMemorySnapshot()`,
`loadPyodide({_loadSnapshot})`."""

CACHE_NAME = "python-snapshot"
"""The Cache Storage cache holding the snapshot. Not named `companion-...`: the
service worker deletes those of other builds as it activates, which would
drop a snapshot made before this build's worker took over."""

KEY_PATH = "python-snapshot/"
"""The snapshot's key in that cache: this path and the site's version."""

MAKER_SCRIPT = "python-snapshot.js"

VERSION_HEADER = "X-Companion-Version"
DIGEST_HEADER = "X-Companion-Sha256"

MAKE_AFTER_MS = 4000
"""How long after a normal start has shown the app the snapshot is made (then
at the browser's next idle moment): the person's first taps come first."""

IMPORTS = (
    "flet",
    "flet.app",
    "companion.serving.app",
    "companion.serving.flet_quirks",
    "companion.serving.browser",
    "companion.serving.held_messages",
    "companion.serving.session_guard",
    "companion.storage.browser_files",
    "companion.ui.frame.other_tab_screen",
    "companion.ui.router.root",
    "companion.ui.settings.features",
)
"""What the snapshot has imported: what the site's entry module and the
browser start (serving.app's start_in_browser, make_browser_main) import,
the Matches screen and flet's `ft.run` among them
(tests/publish/test_snapshot.py keeps the two in step). Not Flet's Pyodide
connection, which holds the worker's `flet_js` as it is imported."""

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

_SHARED = """\
const SNAPSHOT_VERSION = %(version)s;
const SNAPSHOT_CACHE = %(cache)s;
const SNAPSHOT_KEY = new URL(%(key)s + SNAPSHOT_VERSION, self.location.href).href;
const SNAPSHOT_VERSION_HEADER = %(version_header)s;
const SNAPSHOT_DIGEST_HEADER = %(digest_header)s;
const APP_ARCHIVE_URL = new URL(%(archive)s, self.location.href).href;

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function fetchArchive() {
  const response = await fetch(APP_ARCHIVE_URL);
  if (!response.ok) {
    throw new Error("app archive: HTTP " + response.status);
  }
  return archiveFiles(new Uint8Array(await response.arrayBuffer()));
}
%(unpack)s"""

_MAKER = """\
'use strict';
// Written by Card Table Companion: makes this build's Python snapshot.
%(shared)s
const PREPARE = %(prepare)s;

async function make() {
  const [pyodideModule, archive] = await Promise.all([
    import(new URL("pyodide/pyodide.mjs", self.location.href).href),
    fetchArchive(),
  ]);
  const pyodide = await pyodideModule.loadPyodide({
    _makeSnapshot: true,
    stdout: () => {},
    stderr: (text) => console.warn(text),
  });
  writeArchiveFiles(pyodide, archive);
  pyodide.runPython(PREPARE);
  const bytes = pyodide.makeMemorySnapshot();
  const digest = await sha256(bytes);
  const cache = await caches.open(SNAPSHOT_CACHE);
  // One snapshot kept: another version's goes.
  for (const request of await cache.keys()) {
    if (request.url !== SNAPSHOT_KEY) {
      await cache.delete(request);
    }
  }
  await cache.put(SNAPSHOT_KEY, new Response(bytes, {headers: {
    "Content-Type": "application/octet-stream",
    [SNAPSHOT_VERSION_HEADER]: SNAPSHOT_VERSION,
    [SNAPSHOT_DIGEST_HEADER]: digest,
  }}));
  return bytes.length;
}

make().then(
  (size) => {
    console.log("Card Table Companion: Python snapshot made, " + size + " bytes");
    self.postMessage({made: size});
  },
  (error) => {
    console.warn("Card Table Companion: no Python snapshot made:", error);
    self.postMessage({made: 0});
  });
"""

_RESTORE = """\
// Card Table Companion: Python from this build's memory snapshot if there is
// a good one (companion/publish/snapshot.py), else booted; either way with
// the app's archive unpacked before Flet's init message comes.
%(shared)s
const AFTER_RESTORE = %(after_restore)s;

// Pyodide compiles its 9.6 MB of wasm only when it instantiates it, after the
// snapshot has been read: compiled from the worker's start, the two overlap.
// Pyodide's own request for the file gets a stand-in, answered with the
// module compiled here (or, should that have failed, with the file after all).
const PYODIDE_WASM_URL = new URL("pyodide/pyodide.asm.wasm", self.location.href).href;
const STAND_IN_HEADER = "X-Companion-Compiled-Early";
const fetchFile = self.fetch.bind(self);
const earlyWasm = WebAssembly.compileStreaming(fetchFile(PYODIDE_WASM_URL));
earlyWasm.catch(() => {});
self.fetch = (resource, init) =>
  String(resource instanceof Request ? resource.url : resource) === PYODIDE_WASM_URL
    ? Promise.resolve(new Response(null, {headers: {[STAND_IN_HEADER]: "1"}}))
    : fetchFile(resource, init);
const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
WebAssembly.instantiateStreaming = async (source, imports) => {
  const response = await source;
  if (!response.headers.has(STAND_IN_HEADER)) {
    return instantiateStreaming(response, imports);
  }
  try {
    const module = await earlyWasm;
    return {module, instance: await WebAssembly.instantiate(module, imports)};
  } catch (error) {
    return instantiateStreaming(fetchFile(PYODIDE_WASM_URL), imports);
  }
};

async function dropSnapshot() {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    await cache.delete(SNAPSHOT_KEY);
  } catch (error) {
    console.warn("Card Table Companion: the snapshot could not be dropped:", error);
  }
}

// The snapshot's bytes, null when there is none; throws when it is unusable.
async function readSnapshot() {
  if (!self.caches) {
    return null;
  }
  const cache = await caches.open(SNAPSHOT_CACHE);
  const response = await cache.match(SNAPSHOT_KEY);
  if (!response) {
    return null;
  }
  const version = response.headers.get(SNAPSHOT_VERSION_HEADER);
  if (version !== SNAPSHOT_VERSION) {
    throw new Error("it is of another build (" + version + ")");
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (await sha256(bytes) !== response.headers.get(SNAPSHOT_DIGEST_HEADER)) {
    throw new Error("it is damaged (" + bytes.length + " bytes)");
  }
  return bytes;
}

// Pyodide restores a snapshot into a heap of its default size and fails on
// a larger one (pyodide#6254: "offset is out of bounds"): the heap is grown
// past the snapshot's size first, by one allocation of that size (the free
// space of a fresh heap would hold a smaller one), freed at once.
function grownForSnapshot(snapshot) {
  const header = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4);
  const heapBytes = snapshot.byteLength - header[1];
  return async (settings) => {
    const asm = new URL("pyodide/pyodide.asm.mjs", self.location.href).href;
    const module = await (await import(asm)).default(settings);
    if (heapBytes > module.HEAP8.length) {
      module._free(module._malloc(heapBytes));
    }
    return module;
  };
}

function snapshotFailed(error) {
  console.warn("Card Table Companion: Python snapshot not used, " +
    (error && error.message || error) + "; starting Python normally.");
}

self.pythonStart = async function (pyodideModule, options) {
  const archive = fetchArchive();
  archive.catch(() => {});
  let start = "boot";
  let snapshot = null;
  try {
    snapshot = await readSnapshot();
  } catch (error) {
    snapshotFailed(error);
    await dropSnapshot();
    start = "boot-after-bad-snapshot";
  }
  let pyodide = null;
  if (snapshot !== null) {
    try {
      pyodide = await pyodideModule.loadPyodide({
        ...options,
        _loadSnapshot: snapshot,
        createPyodideModule: grownForSnapshot(snapshot),
      });
      writeArchiveFiles(pyodide, await archive);
      pyodide.runPython(AFTER_RESTORE);
      start = "snapshot";
    } catch (error) {
      snapshotFailed(error);
      await dropSnapshot();
      pyodide = null;
      start = "boot-after-bad-snapshot";
    }
  }
  if (pyodide === null) {
    pyodide = await pyodideModule.loadPyodide(options);
    writeArchiveFiles(pyodide, await archive);
  }
  self.flet_js.appUnpacked = true;
  // A line the bench times (bench/static_app.py).
  console.log(%(ready_line)s + start);
  self.postMessage({%(start_key)s: start});
  return pyodide;
};
"""

READY_LINE = "Card Table Companion: Python ready, app unpacked: "
"""The worker's console line once Python is ready, followed by the start."""

START_KEY = "companionPythonStart"
"""The worker's message to the page naming the start it made."""

START_ATTRIBUTE = "data-python-start"
"""On the page's <html>: `snapshot`, `boot` (none was there) or
`boot-after-bad-snapshot` (one was there and was dropped)."""

SNAPSHOT_ATTRIBUTE = "data-python-snapshot"
"""On the page's <html> once this page's maker has finished: `made` or `failed`."""

_PAGE = """\
// Tells the page which start Python made (%(start_attribute)s on <html>), and
// after a start not from a snapshot makes one (%(maker)s) once the app is up.
flet.earlyWorker.addEventListener("message", (event) => {
  const root = document.documentElement;
  const start = event.data && event.data[%(start_key)s];
  if (start) {
    root.setAttribute(%(start_attribute)s, start);
    // Flet's handler would take it for the worker's error.
    event.stopImmediatePropagation();
    return;
  }
  if (event.data !== "initialized" || !self.caches
      || root.getAttribute(%(start_attribute)s) === "snapshot") {
    return;
  }
  const idle = self.requestIdleCallback || ((run) => setTimeout(run, 0));
  setTimeout(() => idle(() => {
    const maker = new Worker(
      flet.entrypointBaseUrl.replace(/\\/$/, "") + "/%(maker)s", {type: "module"});
    maker.onmessage = (made) => {
      root.setAttribute(%(snapshot_attribute)s, made.data.made ? "made" : "failed");
      maker.terminate();
    };
  }, {timeout: 10000}), %(delay)d);
});
"""


def _shared(version: str, archive: str) -> str:
    return _SHARED % {
        "version": json.dumps(version),
        "cache": json.dumps(CACHE_NAME),
        "key": json.dumps(KEY_PATH),
        "version_header": json.dumps(VERSION_HEADER),
        "digest_header": json.dumps(DIGEST_HEADER),
        "archive": json.dumps(archive),
        "unpack": UNPACK_JS,
    }


def maker_js(version: str, archive: str) -> str:
    """The worker that makes the snapshot of build `version` (archive: its URL
    relative to the site's base) and keeps it in Cache Storage."""
    prepare = PREPARE % {"imports": repr(list(IMPORTS))}
    return _MAKER % {
        "shared": _shared(version, archive),
        "prepare": json.dumps(prepare),
    }


def restore_js(version: str, archive: str) -> str:
    """For python-worker.js: `self.pythonStart(pyodideModule, options)`, which
    restores build `version`'s snapshot or boots Pyodide, and unpacks the app."""
    return _RESTORE % {
        "shared": _shared(version, archive),
        "after_restore": json.dumps(AFTER_RESTORE),
        "start_key": START_KEY,
        "ready_line": json.dumps(READY_LINE),
    }


def page_js() -> str:
    """For index.html, after the early worker is made (early_worker.PAGE_SCRIPT)."""
    return _PAGE % {
        "start_key": json.dumps(START_KEY),
        "start_attribute": json.dumps(START_ATTRIBUTE),
        "snapshot_attribute": json.dumps(SNAPSHOT_ATTRIBUTE),
        "maker": MAKER_SCRIPT,
        "delay": MAKE_AFTER_MS,
    }
