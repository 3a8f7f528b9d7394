"""The early Python worker: Pyodide boots as the page loads, and is taken up once."""

from __future__ import annotations

from pathlib import Path

import pytest
from node_scripts import node_json, shipped_settings

from companion.publish import early_worker, page, page_start
from companion.publish.early_worker import patch_python_js, patch_python_worker
from companion.publish.site import build_site, client_folder
from companion.upstream import versions
from companion.webclient.flet_patch import FletFileChanged


def _flets(name: str) -> str:
    return (client_folder() / name).read_text("utf-8")


def test_the_page_starts_the_worker_after_flets_settings(tmp_path: Path):
    index = (build_site(tmp_path / "site").folder / "index.html").read_text("utf-8")
    settings = shipped_settings(index)
    assert settings[page_start.SCRIPT.key]["earlyWorker"] == early_worker.WORKER
    assert index.index(page_start.SCRIPT.source()) > index.index(page.SCRIPT.source())


def test_a_client_that_changed_stops_the_build():
    with pytest.raises(FletFileChanged):
        patch_python_js("globalThis.jsConnect = async function () {};")
    with pytest.raises(FletFileChanged):
        patch_python_worker("self.initPyodide = async function () {};", "v", "a")


def test_another_flet_gets_its_client_as_it_is():
    assert not early_worker.applies("0.0.0")
    assert early_worker.applies(versions.FLET)
    # The installed one: the early start is what this build ships.
    assert early_worker.applies()


# The page's start (page_start.js, in a tab nobody holds the store for) makes
# the early worker; then Flet's python.js, as the build changed it, connects.
_CONNECT = """
const created = [];
globalThis.self = globalThis;
globalThis.window = globalThis;
globalThis.document = { URL: "http://site/", documentElement: {} };
globalThis.addEventListener = () => {};
// Node's own would keep it running once the page answers on it.
globalThis.BroadcastChannel = undefined;
globalThis.navigator = { locks: {
  query: async () => ({ held: [], pending: [] }),
  request: async (name, options, granted) => granted({ name }),
} };
class Worker {
  constructor(url) { this.url = url; created.push(url); }
  addEventListener() {}
  postMessage(message) { this.onmessage({ data: "initialized" }); }
  terminate() {}
}
globalThis.Worker = Worker;
globalThis.flet = { entrypointBaseUrl: "/" };
const fs = require("fs");
require("vm").runInThisContext(fs.readFileSync(process.argv[2], "utf-8"));
eval(fs.readFileSync(process.argv[3], "utf-8"));
(async () => {
  await flet.tabFree;
  const early = flet.earlyWorker;
  created.length = 0;
  await jsConnect("first", {}, () => {});
  const tookEarly = created.length === 0 && flet.earlyWorker === null
    && early.url === "/python-worker.js";
  await jsDisconnect("first");
  await jsConnect("second", {}, () => {});
  console.log(JSON.stringify({ tookEarly, createdAfter: created }));
})();
"""


def test_the_client_takes_the_pages_worker_and_later_makes_its_own(tmp_path: Path):
    (tmp_path / "python.js").write_text(patch_python_js(_flets("python.js")))
    (tmp_path / "page_start.js").write_text(page_start.start_js(early_worker.WORKER))
    harness = tmp_path / "connect.js"
    harness.write_text(_CONNECT)
    seen = node_json(harness, tmp_path / "page_start.js", tmp_path / "python.js")
    assert seen == {"tookEarly": True, "createdAfter": ["/python-worker.js"]}


_FAKE_PYODIDE = """
globalThis.booted = (globalThis.booted || 0);
export async function loadPyodide() {
  globalThis.booted += 1;
  globalThis.bootedBeforeInit = !globalThis.initSent;
  return {
    FS: { cwd: () => "/home/pyodide", mkdirTree() {}, writeFile() {} },
    registerJsModule() {},
    globals: { set() {} },
    async runPythonAsync() {},
  };
}
"""

_BOOT = """
const posted = [];
globalThis.self = globalThis;
self.location = { href: new URL("python-worker.mjs", import.meta.url).href };
self.postMessage = (message) => posted.push(message);
// The page's channel to Python listens as a worker does (handover_page).
self.addEventListener = () => {};
// An archive of no files: gzip's 20 bytes around an empty tar.
const empty = new Uint8Array([31, 139, 8, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 0, 0, 0,
  0, 0, 0, 0]);
globalThis.fetch = async () => ({ ok: true, arrayBuffer: async () => empty.buffer });
await import("./python-worker.mjs");
// Whatever the worker started on its own, before any message (none: undefined).
await self.earlyPyodide;
globalThis.initSent = true;
// Flet's handler awaits the whole init, the app's run included.
await self.onmessage({ data: { pyodideUrl: "pyodide/pyodide.mjs", args: null } });
console.log(JSON.stringify({
  booted: globalThis.booted,
  bootedBeforeInit: globalThis.bootedBeforeInit,
  told: posted.map((m) => m.companionPythonStart || String(m).split(":")[0]),
}));
"""


def test_the_worker_boots_pyodide_once_before_its_init_message(tmp_path: Path):
    (tmp_path / "python-worker.mjs").write_text(
        patch_python_worker(_flets("python-worker.js"), "v", "app.tar.gz")
    )
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "pyodide.mjs").write_text(_FAKE_PYODIDE)
    (tmp_path / "boot.mjs").write_text(_BOOT)
    seen = node_json(tmp_path / "boot.mjs")
    # No snapshot (no Cache Storage here): booted. The fake app starts no Flet
    # UI: Flet's worker says so, having run it.
    assert seen == {
        "booted": 1, "bootedBeforeInit": True, "told": ["boot", "__flet_no_ui__"]
    }  # fmt: skip


_RUNS_EARLY = _FAKE_PYODIDE.replace(
    "    globals: { set() {} },",
    """    globals: { set() {} },
    toPy(value) {
      return {...value, destroy() {}};
    },
    runPython(code, options) {
      (globalThis.ranEarly = globalThis.ranEarly || []).push([
        code, !globalThis.initSent, options.globals.python_start,
        self.initialized === true,
      ]);
      if (code.startsWith("raise")) {
        throw new Error("PythonError: " + code);
      }
    },""",
)

_BOOT_EARLY = _BOOT.replace(
    "  booted: globalThis.booted,", "  ranEarly: globalThis.ranEarly,"
).replace("  bootedBeforeInit: globalThis.bootedBeforeInit,\n", "")


@pytest.mark.parametrize("early", ["begin()", "raise ImportError('x')"])
def test_the_apps_early_start_runs_once_python_is_ready_before_the_init_message(
    tmp_path: Path, early: str
):
    (tmp_path / "python-worker.mjs").write_text(
        patch_python_worker(_flets("python-worker.js"), "v", "app.tar.gz", early=early)
    )
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "pyodide.mjs").write_text(_RUNS_EARLY)
    (tmp_path / "boot.mjs").write_text(_BOOT_EARLY)
    seen = node_json(tmp_path / "boot.mjs")
    # Run once, before Flet's init message, told the start Python made; one
    # that fails leaves the start to go on (the app's entry begins it again
    # at the client's hello).
    # Flet's worker says its client is not up yet (serving.browser.client_up).
    assert seen == {
        "ranEarly": [[early, True, "boot", False]], "told": ["boot", "__flet_no_ui__"]
    }  # fmt: skip


_INIT_FIRST = _BOOT_EARLY.replace(
    """await self.earlyPyodide;
globalThis.initSent = true;
// Flet's handler awaits the whole init, the app's run included.
await self.onmessage({ data: { pyodideUrl: "pyodide/pyodide.mjs", args: null } });""",
    """globalThis.initSent = true;
const init = self.onmessage(
  { data: { pyodideUrl: "pyodide/pyodide.mjs", args: null } });
await self.earlyPyodide;
await init;""",
)


def test_the_early_start_knows_when_the_client_came_up_first(tmp_path: Path):
    (tmp_path / "python-worker.mjs").write_text(
        patch_python_worker(_flets("python-worker.js"), "v", "app.tar.gz", early="x")
    )
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "pyodide.mjs").write_text(_RUNS_EARLY)
    (tmp_path / "boot.mjs").write_text(_INIT_FIRST)
    seen = node_json(tmp_path / "boot.mjs")
    # Flet's client sent its init message while Python started: Flet's own
    # worker says so as the early start runs (serving.browser.client_up reads
    # it), and the early start then rehearses nothing.
    assert seen["ranEarly"] == [["x", False, "boot", True]]
