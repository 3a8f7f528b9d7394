"""The Python snapshot: what the build writes, and the start it makes in the worker."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from node_scripts import node_json, shipped_settings

from companion.publish import snapshot
from companion.publish.site import (
    APP_ARCHIVE,
    Site,
    Source,
    app_archive,
    build_site,
    client_folder,
)
from companion.upstream import versions

APP = Path(__file__).resolve().parents[2] / "companion" / "serving" / "app.py"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    return build_site(tmp_path_factory.mktemp("snap") / "site", version="v-one")


def _imported_in(function: str) -> set[str]:
    """The modules `function` of serving/app.py imports in its body."""
    tree = ast.parse(APP.read_text("utf-8"))
    (found,) = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.name == function
    ]
    names: set[str] = set()
    for node in ast.walk(found):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                child = f"{node.module}.{alias.name}"
                # `from package import module`, or `from module import name`.
                is_module = (
                    (APP.parents[2] / child.replace(".", "/"))
                    .with_suffix(".py")
                    .is_file()
                )
                names.add(child if is_module else node.module)
    return names


def test_the_snapshot_holds_what_the_browser_start_imports():
    wanted = _imported_in("make_browser_main") | _imported_in("start_in_browser")
    assert wanted
    assert wanted <= set(snapshot.IMPORTS)
    assert "companion.ui.router.root" in snapshot.IMPORTS


PRIVATE_NAMES = (
    "_makeSnapshot",
    "_loadSnapshot",
    "makeMemorySnapshot",
    "createPyodideModule",
    "_malloc",
    "_free",
    "HEAP8",
)
"""Pyodide's private names the snapshot start uses (pyodide_private.js)."""

# The real Pyodide flet-web bundles, in node, through pyodide_private.js: a
# Python whose heap grew past Pyodide's default (as an app's may) makes a
# snapshot, and a new Pyodide restored from it has its values.
_PRIVATE_API = """
globalThis.self = globalThis;
self.location = { href: new URL("worker.mjs", import.meta.url).href };
const pyodideModule = await import("./pyodide/pyodide.mjs");
const maker = await pyodidePrivate.loadToSnapshot(pyodideModule, {});
const defaultHeap = maker._module.HEAP8.length;
maker.runPython("kept = 'Åse 12'; grown = bytearray(40 << 20)");
const bytes = pyodidePrivate.makeSnapshot(maker);
let value;
try {
  const restored = await pyodidePrivate.restore(pyodideModule, {}, bytes);
  value = restored.runPython("kept");
} catch (error) {
  value = "restore failed: " + String(error.message).split("\\n")[0];
}
console.log(JSON.stringify({
  grown: pyodidePrivate.heapBytes(bytes) === maker._module.HEAP8.length
    && maker._module.HEAP8.length > defaultHeap,
  value, version: pyodideModule.version,
}));
"""


def test_the_private_snapshot_api_works_on_the_pyodide_flet_web_bundles(
    tmp_path: Path,
):
    (tmp_path / "pyodide").symlink_to(client_folder() / "pyodide")
    script = tmp_path / "worker.mjs"
    script.write_text(snapshot.PYODIDE_PRIVATE.source() + _PRIVATE_API, "utf-8")
    seen = node_json(script)
    assert seen == {"grown": True, "value": "Åse 12", "version": versions.PYODIDE}


def test_pyodides_private_names_are_used_in_one_file_alone():
    scripts = sorted(APP.parents[1].rglob("*.js"))
    naming = {
        script.name
        for script in scripts
        for name in PRIVATE_NAMES
        if name in script.read_text("utf-8")
    }
    assert naming == {snapshot.PYODIDE_PRIVATE.path.name}
    private = snapshot.PYODIDE_PRIVATE.source()
    assert all(name in private for name in PRIVATE_NAMES)


def test_the_snapshot_start_is_gated_on_the_pyodide_flet_web_bundles():
    package = client_folder() / "pyodide" / "package.json"
    assert versions.bundled_pyodide() == json.loads(package.read_text())["version"]
    assert snapshot.applies()
    assert not snapshot.applies("315.0.0")


def test_a_client_of_another_pyodide_gets_a_site_that_always_boots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(versions, "bundled_pyodide", lambda: "315.0.0")
    site = build_site(tmp_path / "site", version="v-other")
    assert snapshot.MAKER_SCRIPT not in site.files
    worker = (site.folder / "python-worker.js").read_text("utf-8")
    assert shipped_settings(worker)[snapshot.PYTHON_START.key]["snapshot"] is None
    index = (site.folder / "index.html").read_text("utf-8")
    assert snapshot.PAGE.key not in shipped_settings(index)


def test_the_build_writes_the_maker_and_the_restore_for_its_version(site: Site):
    maker = (site.folder / snapshot.MAKER_SCRIPT).read_text("utf-8")
    worker = (site.folder / "python-worker.js").read_text("utf-8")
    index = (site.folder / "index.html").read_text("utf-8")
    made = shipped_settings(maker)[snapshot.MAKER.key]
    restored = shipped_settings(worker)[snapshot.PYTHON_START.key]["snapshot"]
    for stored in (made, restored):
        assert (stored["version"], stored["cache"]) == ("v-one", snapshot.CACHE_NAME)
    assert maker.endswith(snapshot.MAKER.source())
    assert snapshot.PYTHON_START.source() in worker
    assert snapshot.page_js() in index
    # The installed app makes its snapshot offline too.
    precache = (site.folder / "service_worker.js").read_text("utf-8")
    assert json.dumps(snapshot.MAKER_SCRIPT) in precache


def test_the_snapshot_cache_is_not_one_the_service_worker_drops():
    from companion.webclient.service_worker import CACHE_PREFIX

    assert not snapshot.CACHE_NAME.startswith(CACHE_PREFIX)


def test_a_new_build_looks_up_another_key(tmp_path: Path):
    for version in ("build-one", "build-two"):
        shipped = snapshot.python_start_js(version, APP_ARCHIVE)
        settings = shipped_settings(shipped)[snapshot.PYTHON_START.key]
        assert settings["snapshot"]["version"] == version


_FAKE_PYODIDE = """
export async function loadPyodide(options) {
  const restoring = options._loadSnapshot !== undefined;
  globalThis.loads.push(restoring ? "restore" : "boot");
  if (restoring && globalThis.restoreFails) {
    throw new Error("offset is out of bounds");
  }
  return {
    restored: restoring,
    FS: {
      cwd: () => "/home/pyodide",
      mkdirTree(path) { globalThis.folders.add(path); },
      writeFile(path, bytes) {
        const folder = path.slice(0, path.lastIndexOf("/"));
        if (!globalThis.folders.has(folder)) { throw new Error("no " + folder); }
        globalThis.unpacked.push(path + "=" + new TextDecoder().decode(bytes));
      },
    },
    runPython(code) {
      globalThis.ran.push(code.split("\\n")[0]);
      if (globalThis.afterRestoreFails) {
        throw new Error("PythonError: msgpack._cmsgpack");
      }
    },
  };
}
"""

# A worker's scope in node: Cache Storage holding the scenario's snapshot,
# fetch answering the archive (failing its first `archiveFailures` times).
_START = """
globalThis.self = globalThis;
self.location = { href: new URL("python-worker.mjs", import.meta.url).href };
globalThis.loads = []; globalThis.unpacked = []; globalThis.ran = [];
globalThis.folders = new Set();
const posted = [], warned = [];
self.postMessage = (message) => posted.push(message);
console.warn = (...parts) => warned.push(parts.join(" "));
console.log = () => {};
console.error = () => {};
self.flet_js = {};
const scenario = JSON.parse(process.argv[2]);
globalThis.restoreFails = scenario.restoreFails;
globalThis.afterRestoreFails = scenario.afterRestoreFails;
const archive = (await import("node:fs")).readFileSync(scenario.archive);
let archiveAsked = 0;
globalThis.fetch = async (url) => {
  if (String(url).endsWith("app.tar.gz")) {
    archiveAsked += 1;
    if (archiveAsked <= (scenario.archiveFailures || 0)) {
      return { ok: false, status: 503 };
    }
  }
  return { ok: true, url, arrayBuffer: async () =>
    archive.buffer.slice(archive.byteOffset, archive.byteOffset + archive.length) };
};
const bytes = new TextEncoder().encode("a snapshot of Python, 32 bytes..");
const hex = async (data) => Array.from(
  new Uint8Array(await crypto.subtle.digest("SHA-256", data)),
  (b) => b.toString(16).padStart(2, "0")).join("");
const stored = new Map();
if (scenario.stored) {
  const body = scenario.stored.truncated ? bytes.slice(0, 4) : bytes;
  stored.set("key", { body, headers: new Map([
    ["X-Companion-Version", scenario.stored.version],
    ["X-Companion-Sha256", await hex(bytes)],
  ]) });
}
const deleted = [];
globalThis.caches = { open: async () => ({
  async match(url) {
    const entry = stored.get("key");
    if (!entry || !url.endsWith("python-snapshot/v-now")) { return undefined; }
    return { headers: { get: (name) => entry.headers.get(name) },
             arrayBuffer: async () => entry.body.buffer.slice(
               entry.body.byteOffset, entry.body.byteOffset + entry.body.length) };
  },
  async delete(url) { deleted.push(url.split("/").pop()); stored.delete("key"); },
}) };
await import("./python-worker.mjs");
const pyodideModule = await import("./pyodide.mjs");
let outcome = "started";
try {
  await self.pythonStart(pyodideModule, {});
} catch (error) {
  outcome = "failed: " + error.message;
}
process.stdout.write(JSON.stringify({
  loads, unpacked, ran, deleted, appUnpacked: self.flet_js.appUnpacked === true,
  start: posted.map((m) => m.companionPythonStart).filter(Boolean),
  told: posted.map((m) => m.companionArchiveFailed).filter(Boolean),
  warned: warned.length, archiveAsked, outcome,
}));
"""


def _start(tmp_path: Path, scenario: dict) -> dict:
    (tmp_path / "python-worker.mjs").write_text(
        snapshot.python_start_js("v-now", APP_ARCHIVE)
    )
    (tmp_path / "pyodide.mjs").write_text(_FAKE_PYODIDE)
    (tmp_path / "start.mjs").write_text(_START)
    (tmp_path / APP_ARCHIVE).write_bytes(app_archive(ARCHIVED, "v-now", _entry))
    scenario = {**scenario, "archive": str(tmp_path / APP_ARCHIVE)}
    return node_json(tmp_path / "start.mjs", json.dumps(scenario))  # type: ignore


AFTER = snapshot.AFTER_RESTORE.splitlines()[0]
LONG = "companion/" + "deep/" * 30 + "módulo.py"
"""Past ustar's 100 characters, and not ASCII: its name is in a pax header."""
ARCHIVED: list[tuple[str, Source]] = [("tinydb/__init__.py", b"x = 1"), (LONG, b"y")]


def _entry(version: str) -> str:
    return f"# {version}"


UNPACKED = [
    "/home/pyodide/main.py=# v-now",
    "/home/pyodide/__pypackages__/tinydb/__init__.py=x = 1",
    f"/home/pyodide/__pypackages__/{LONG}=y",
]
"""The archive's files, written where Pyodide's unpackArchive put them."""

STARTED = {"appUnpacked": True, "told": [], "archiveAsked": 1, "outcome": "started"}


def test_without_a_snapshot_python_boots_and_keeps_nothing_to_drop(tmp_path: Path):
    seen = _start(tmp_path, {})
    assert seen == {
        **STARTED, "loads": ["boot"], "unpacked": UNPACKED, "ran": [], "deleted": [],
        "start": ["boot"], "warned": 0,
    }  # fmt: skip


def test_a_good_snapshot_is_restored_then_the_files_and_msgpack_come(tmp_path: Path):
    seen = _start(tmp_path, {"stored": {"version": "v-now"}})
    assert seen == {
        **STARTED, "loads": ["restore"], "unpacked": UNPACKED, "ran": [AFTER],
        "deleted": [], "start": ["snapshot"], "warned": 0,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("stored", "restore_fails", "loads"),
    [
        ({"version": "v-now", "truncated": True}, False, ["boot"]),
        ({"version": "v-before"}, False, ["boot"]),
        ({"version": "v-now"}, True, ["restore", "boot"]),
    ],
    ids=["damaged", "another-build", "failing-to-restore"],
)
def test_a_bad_snapshot_is_dropped_and_python_boots(
    tmp_path: Path, stored: dict, restore_fails: bool, loads: list[str]
):
    seen = _start(tmp_path, {"stored": stored, "restoreFails": restore_fails})
    assert seen == {
        **STARTED, "loads": loads, "unpacked": UNPACKED, "ran": [],
        "deleted": ["v-now"], "start": ["boot-after-bad-snapshot"], "warned": 1,
    }  # fmt: skip


def test_a_snapshot_whose_after_restore_step_fails_is_dropped_and_python_boots(
    tmp_path: Path,
):
    seen = _start(tmp_path, {"stored": {"version": "v-now"}, "afterRestoreFails": 1})
    assert (seen["loads"], seen["deleted"], seen["start"]) == (
        ["restore", "boot"],
        ["v-now"],
        ["boot-after-bad-snapshot"],
    )
    # Written into the restored Python, then into the booted one.
    assert seen["unpacked"] == UNPACKED * 2
    assert seen["outcome"] == "started"


def test_an_archive_that_fails_once_is_fetched_again_and_the_snapshot_used(
    tmp_path: Path,
):
    seen = _start(tmp_path, {"stored": {"version": "v-now"}, "archiveFailures": 1})
    assert seen == {
        **STARTED, "archiveAsked": 2, "loads": ["restore"], "unpacked": UNPACKED,
        "ran": [AFTER], "deleted": [], "start": ["snapshot"], "warned": 0,
    }  # fmt: skip


@pytest.mark.parametrize("stored", [{"version": "v-now"}, None], ids=["kept", "none"])
def test_an_archive_that_never_comes_is_told_to_the_page_not_blamed_on_the_snapshot(
    tmp_path: Path, stored: dict | None
):
    failures = snapshot.ARCHIVE_TRIES
    seen = _start(tmp_path, {"stored": stored, "archiveFailures": failures})
    assert seen["archiveAsked"] == snapshot.ARCHIVE_TRIES
    assert seen["outcome"] == "failed: app archive: HTTP 503"
    assert seen["told"] == ["Error: app archive: HTTP 503"]
    # The snapshot is neither dropped nor said to be bad; nothing starts.
    assert (seen["deleted"], seen["warned"], seen["start"]) == ([], 0, [])
    assert seen["unpacked"] == []


# The page's part once the app is up: a phone's memory decides the maker.
_PAGE_PART = """
globalThis.self = globalThis;
const root = { attributes: {}, setAttribute(name, value) {
  this.attributes[name] = value; }, getAttribute(name) {
  return this.attributes[name] ?? null; } };
globalThis.document = { documentElement: root };
globalThis.caches = {};
globalThis.setTimeout = (run) => run();
globalThis.requestIdleCallback = (run) => run();
const memory = JSON.parse(process.argv[2]);
Object.defineProperty(globalThis, "navigator", {
  value: memory === null ? {} : { deviceMemory: memory } });
const makers = [];
globalThis.Worker = class { constructor(url) { makers.push(url); } };
const listeners = [];
globalThis.flet = { entrypointBaseUrl: "/", tabFree: Promise.resolve(true),
  earlyWorker: { addEventListener(name, listener) { listeners.push(listener); } } };
require("vm").runInThisContext(require("fs").readFileSync(process.argv[3], "utf-8"));
setImmediate(() => {
  for (const data of [{ companionPythonStart: "boot" }, "initialized"]) {
    listeners.forEach((listener) => listener({ data, stopImmediatePropagation() {} }));
  }
  console.log(JSON.stringify({ makers, made: root.attributes["data-python-snapshot"]
    || null }));
});
"""


@pytest.mark.parametrize(
    ("memory", "makes"),
    [(0.5, False), (1, False), (2, True), (8, True), (None, True)],
)
def test_a_phone_short_of_memory_makes_no_snapshot(
    tmp_path: Path, memory: float | None, makes: bool
):
    (tmp_path / "page.js").write_text(snapshot.page_js(), "utf-8")
    (tmp_path / "harness.js").write_text(_PAGE_PART, "utf-8")
    seen = node_json(tmp_path / "harness.js", json.dumps(memory), tmp_path / "page.js")
    assert seen == (
        {"makers": [f"/{snapshot.MAKER_SCRIPT}"], "made": None}
        if makes
        else {"makers": [], "made": "skipped"}
    )


# The maker in a worker whose memory is short: wasm memory refused.
_MAKER_SHORT = """
globalThis.self = globalThis;
self.location = { href: new URL("maker.mjs", import.meta.url).href };
const posted = [], asked = [];
self.postMessage = (message) => posted.push(message);
console.warn = () => {};
globalThis.fetch = async (url) => { asked.push(String(url)); throw new Error("x"); };
const Memory = WebAssembly.Memory;
WebAssembly.Memory = function (descriptor) {
  if (descriptor.initial * 65536 >= JSON.parse(process.argv[2])) {
    throw new RangeError("WebAssembly.Memory(): could not allocate memory");
  }
  return new Memory(descriptor);
};
await import("./maker.mjs");
await new Promise((resolve) => setTimeout(resolve, 50));
console.log(JSON.stringify({ posted, asked }));
"""


def test_a_maker_refused_its_memory_starts_no_second_python(tmp_path: Path):
    (tmp_path / "maker.mjs").write_text(snapshot.maker_js("v", "app.tar.gz"))
    (tmp_path / "harness.mjs").write_text(_MAKER_SHORT)
    seen = node_json(tmp_path / "harness.mjs", str(snapshot.MAKER_HEADROOM))
    assert seen == {"posted": [{"made": 0}], "asked": []}
